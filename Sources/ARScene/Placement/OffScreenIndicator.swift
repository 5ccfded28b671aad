import Foundation

/// Where to draw an arrow towards a placed object that is out of view: the
/// point on the screen's edge in the object's direction and the arrow's
/// angle.
public struct OffScreenIndicator: Equatable, Sendable {
  /// On the screen's edge, normalised ((0, 0) top-left, (1, 1) bottom-right).
  public var edgePoint: SIMD2<Float>
  /// Radians in screen coordinates from the screen's +x (right) towards +y
  /// (down): 0 points right, pi/2 down, -pi/2 up.
  public var angle: Float
  /// True when the object is behind the camera (turn around, not just look
  /// aside).
  public var isBehind: Bool

  /// The indicator for a world point seen by `camera`, or nil when the point
  /// is on screen (or the camera's intrinsics are unusable).
  public init?(pointingAt point: SIMD3<Float>, from camera: Camera) {
    guard let projection = camera.screenPoint(ofWorldPoint: point) else { return nil }
    let p = projection.point
    let onScreen = (0...1).contains(p.x) && (0...1).contains(p.y)
    if projection.isInFront && onScreen { return nil }
    // From the screen's centre towards the projection, which keeps the
    // object's side even behind the camera (it divides by the depth's size).
    var direction = p - SIMD2(0.5, 0.5)
    if (direction * direction).sum() < 1e-12 { direction = SIMD2(0, 1) }
    // Scale the direction until it reaches the nearest edge.
    let reach = min(
      direction.x != 0 ? 0.5 / abs(direction.x) : .infinity,
      direction.y != 0 ? 0.5 / abs(direction.y) : .infinity)
    edgePoint = SIMD2(0.5, 0.5) + direction * reach
    angle = Float(atan2(Double(direction.y), Double(direction.x)))
    isBehind = !projection.isInFront
  }
}
