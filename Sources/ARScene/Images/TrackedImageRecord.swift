/// A picture the core found or followed in one frame: which reference, and
/// where it is in the world.
struct TrackedImageRecord: Equatable, Sendable {
  /// The reference's name: anchors are keyed by it, so they survive a swap
  /// of the active set that keeps their picture.
  var name: String
  var worldFromImage: Transform
  /// See ``ImageAnchor/estimatedScaleFactor``.
  var estimatedScaleFactor: Float = 1
}
