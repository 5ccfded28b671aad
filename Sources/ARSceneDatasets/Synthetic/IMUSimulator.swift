import ARScene
import Foundation

/// The inertial samples a camera-mounted IMU would deliver along a
/// ``CameraMotion``, derived from the trajectory itself so that they agree
/// with the ground truth: angular velocity and specific force from central
/// differences over a millisecond, expressed in the camera's ARKit axes as
/// ``IMUSample`` documents, plus the bias and noise of an ``IMUNoiseModel``.
package struct IMUSimulator: Sendable {
  package let motion: any CameraMotion
  /// Samples per second; sample k is at k / rate seconds.
  package let rate: Double
  package let noise: IMUNoiseModel
  /// The constant biases drawn for this sequence (camera axes).
  package let accelerometerBias: SIMD3<Double>
  package let gyroscopeBias: SIMD3<Double>
  private let seed: UInt64

  /// Standard gravity as ``IMUSample`` states it: at rest the accelerometer
  /// reads +9.81 m/s² along world up.
  package static let gravity = 9.81
  /// Step of the central differences: small enough that the truncation
  /// error is far below any noise, large enough that rounding is too.
  private static let step = 1e-3

  package init(motion: any CameraMotion, rate: Double = 200, noise: IMUNoiseModel, seed: UInt64) {
    self.motion = motion
    self.rate = rate
    self.noise = noise
    self.seed = seed
    var random = SplitMix64.stream(0, of: seed)
    func draw(_ sigma: Double) -> SIMD3<Double> {
      SIMD3(random.nextGaussian(), random.nextGaussian(), random.nextGaussian()) * sigma
    }
    accelerometerBias = draw(noise.accelerometerBiasSigma)
    gyroscopeBias = draw(noise.gyroscopeBiasSigma)
  }

  /// The exact angular velocity at t in camera axes, rad/s: ω with
  /// R(t)ᵀ Ṙ(t) = [ω]×, from R(t - h)ᵀ R(t + h) = exp(2h [ω]×).
  package func angularVelocity(at t: Double) -> SIMD3<Double> {
    let h = Self.step
    var relative = motion.pose(at: t - h).rotation.conjugate * motion.pose(at: t + h).rotation
    if relative.w < 0 {
      relative = Quaternion(x: -relative.x, y: -relative.y, z: -relative.z, w: -relative.w)
    }
    let vector = SIMD3(relative.x, relative.y, relative.z)
    let sine = vector.length
    guard sine > 1e-15 else { return vector / h }
    let angle = 2 * atan2(sine, relative.w)
    return vector / sine * (angle / (2 * h))
  }

  /// The exact specific force at t in camera axes, m/s²: acceleration minus
  /// gravity's, so +9.81 along world up at rest.
  package func specificForce(at t: Double) -> SIMD3<Double> {
    let h = Self.step
    let before = motion.pose(at: t - h).position
    let now = motion.pose(at: t)
    let after = motion.pose(at: t + h).position
    let acceleration = (after - 2 * now.position + before) / (h * h)
    let world = acceleration + SIMD3(0, Self.gravity, 0)
    return now.rotation.conjugate.rotate(world)
  }

  /// Time of sample k.
  package func time(ofSample k: Int) -> Double { Double(k) / rate }

  /// Sample k as the IMU reports it: exact values plus bias plus noise. The
  /// noise of sample k depends only on the seed and k.
  package func sample(_ k: Int) -> IMUSample {
    let t = time(ofSample: k)
    var random = SplitMix64.stream(UInt64(k) + 1, of: seed)
    func draw(_ sigma: Double) -> SIMD3<Double> {
      guard sigma > 0 else { return .zero }
      return SIMD3(random.nextGaussian(), random.nextGaussian(), random.nextGaussian()) * sigma
    }
    let force = specificForce(at: t) + accelerometerBias + draw(noise.accelerometerNoiseSigma)
    let rate = angularVelocity(at: t) + gyroscopeBias + draw(noise.gyroscopeNoiseSigma)
    return IMUSample(
      timestamp: t, acceleration: SIMD3<Float>(force), rotationRate: SIMD3<Float>(rate))
  }

  /// The samples after `previous` (exclusive; nil for none) up to and
  /// including `time`: what arrives with a frame at `time`.
  package func samples(after previous: Double?, through time: Double) -> [IMUSample] {
    let first = previous.map { Int(($0 * rate).rounded(.down)) + 1 } ?? 0
    var result: [IMUSample] = []
    var k = max(first, 0)
    while self.time(ofSample: k) <= time {
      if let previous, self.time(ofSample: k) <= previous {
        k += 1
        continue
      }
      result.append(sample(k))
      k += 1
    }
    return result
  }
}
