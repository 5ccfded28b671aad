/// How ``SessionRunner/run(_:options:)`` treats what the session already
/// has, like ARKit's `ARSession.RunOptions`.
public struct RunOptions: OptionSet, Hashable, Sendable {
  /// The options' bits: 1 ``resetTracking``, 2 ``removeExistingAnchors``.
  public let rawValue: Int

  /// The options whose bits are set in `rawValue`.
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// Starts a new world: tracking, the map and the detected anchors
  /// (planes, images) begin again from the next frame, with the new
  /// configuration.
  public static let resetTracking = RunOptions(rawValue: 1 << 0)
  /// Removes the objects the app placed and its own anchors
  /// (``AppAnchor``). Detected anchors (planes, images) are the map's and go
  /// only with ``resetTracking``.
  public static let removeExistingAnchors = RunOptions(rawValue: 1 << 1)
}
