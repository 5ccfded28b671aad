/// One inertial measurement, in the camera's axes (ARKit: +X right, +Y up, +Z
/// towards the viewer).
public struct IMUSample: Equatable, Sendable {
  /// Seconds, on the same clock as the frames.
  public var timestamp: Double
  /// Specific force in m/s², gravity included: at rest it points up with 9.81 m/s².
  public var acceleration: SIMD3<Float>
  /// Angular velocity in rad/s.
  public var rotationRate: SIMD3<Float>

  /// A sample; `rotationRate` is zero unless given (an accelerometer alone).
  public init(timestamp: Double, acceleration: SIMD3<Float>, rotationRate: SIMD3<Float> = .zero) {
    self.timestamp = timestamp
    self.acceleration = acceleration
    self.rotationRate = rotationRate
  }
}
