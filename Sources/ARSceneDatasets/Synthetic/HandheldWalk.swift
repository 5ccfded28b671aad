import ARScene
import Foundation

/// A person walking slowly around the room holding the camera at chest height,
/// looking at the table, with the small seeded jitter of a hand. Poses are a
/// smooth function of time, so any frame rate samples the same motion.
public struct HandheldWalk: Sendable {
  public var seed: UInt64
  /// Where the camera looks, in world coordinates (the table's centre).
  public var target = SIMD3<Double>(0, 0.75, 0)

  public init(seed: UInt64) { self.seed = seed }

  /// world_from_camera in ARKit axes (camera looks down -Z, +Y up) at time t,
  /// in double precision.
  public func pose(at t: Double) -> (rotation: Quaternion, position: SIMD3<Double>) {
    var random = SplitMix64(seed: seed)
    // Hand jitter: a few incommensurate sinusoids per axis, a few millimetres
    // and a fraction of a degree, with seeded phases.
    func jitter(_ amplitude: Double) -> Double {
      (0..<3).reduce(0.0) { sum, k in
        let frequency = [0.7, 1.9, 3.7][k]
        return sum + amplitude / Double(k + 1) * sin(2 * .pi * frequency * t + random.nextUnit() * 2 * .pi)
      }
    }
    let angle = 0.6 + 0.12 * t  // radians around the table, slow
    let radius = 1.9 + 0.15 * sin(0.4 * t)
    let position = SIMD3<Double>(
      radius * sin(angle) + jitter(0.004), 1.45 + 0.03 * sin(1.1 * t) + jitter(0.003),
      radius * cos(angle) + jitter(0.004))
    var forward = target + SIMD3(jitter(0.02), jitter(0.02), jitter(0.02)) - position
    forward /= (forward * forward).sum().squareRoot()
    let back = -forward
    var right = cross(SIMD3(0, 1, 0), back)
    right /= (right * right).sum().squareRoot()
    let up = cross(back, right)
    // Roll the camera a little around its optical axis, as hands do.
    let roll = jitter(0.01)
    let rolledRight = right * cos(roll) + up * sin(roll)
    let rolledUp = up * cos(roll) - right * sin(roll)
    return (Quaternion(matrixColumns: (rolledRight, rolledUp, back)), position)
  }

  private func cross(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> SIMD3<Double> {
    SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
  }
}

/// A small, fast, seedable generator (SplitMix64): the same seed gives the same
/// numbers on every platform, which `SystemRandomNumberGenerator` does not.
public struct SplitMix64: RandomNumberGenerator, Sendable {
  private var state: UInt64
  public init(seed: UInt64) { state = seed }
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
  /// Uniform in [0, 1).
  public mutating func nextUnit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}
