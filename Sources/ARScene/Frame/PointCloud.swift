/// Points in the world, like ARKit's `ARPointCloud`: positions with
/// identifiers that name the same map point from frame to frame.
public struct PointCloud: Equatable, Sendable {
  /// World coordinates, metres, ARKit axes.
  public var points: [SIMD3<Float>]
  /// One per point; the same identifier is the same point of the map in every
  /// frame that tracks it, and is never reused in a session.
  public var identifiers: [UInt64]

  /// A cloud of `points` named by `identifiers` (as many of each).
  public init(points: [SIMD3<Float>], identifiers: [UInt64]) {
    self.points = points
    self.identifiers = identifiers
  }
}
