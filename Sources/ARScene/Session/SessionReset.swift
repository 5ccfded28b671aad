/// The session started over by itself: what ``FrameUpdate/reset`` reports.
/// From the next frame on there is a new world, without anchors; an app
/// removes its placed objects too (``PlacementController/removeAll()``).
public enum SessionReset: String, Equatable, Sendable {
  /// Relocalizing lasted ``WorldTrackingConfiguration/relocalizationTimeout``
  /// without finding the camera in the map.
  case relocalizationTimeout
}
