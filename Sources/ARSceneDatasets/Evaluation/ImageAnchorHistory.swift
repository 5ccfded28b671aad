import ARScene

/// The image anchors alive on each processed frame with the camera's pose:
/// the engine's side of the image evaluation. A replay fills it with one
/// ``record(_:)`` per frame.
public struct ImageAnchorHistory: Sendable {
  public struct Anchor: Sendable {
    public var name: String
    /// worldFromImage in the session's world.
    public var transform: Transform
    public var isTracked: Bool
  }

  public struct Frame: Sendable {
    /// The frame's timestamp, seconds, on the sequence's clock.
    public var time: Double
    /// worldFromCamera (ARKit axes) in the session's world.
    public var camera: Transform
    public var anchors: [Anchor]
  }

  public private(set) var frames: [Frame] = []

  public init() {}

  public mutating func record(_ update: FrameUpdate) {
    frames.append(
      Frame(
        time: update.frame.timestamp, camera: update.frame.camera.transform,
        anchors: update.anchors.compactMap { $0 as? ImageAnchor }.map {
          Anchor(name: $0.referenceImage.name, transform: $0.transform, isTracked: $0.isTracked)
        }))
  }
}
