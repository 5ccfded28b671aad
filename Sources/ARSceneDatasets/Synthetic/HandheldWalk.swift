import ARScene
import Foundation

/// A person walking slowly around the room holding the camera at chest height,
/// looking at the middle of the room, with the small seeded jitter of a hand:
/// the default motion.
public struct HandheldWalk: CameraMotion {
  public var seed: UInt64
  /// Where the camera looks, in world coordinates.
  public var target = SIMD3<Double>(0, 0.75, 0)

  public init(seed: UInt64) { self.seed = seed }

  public func pose(at t: Double) -> CameraPose {
    var random = SplitMix64(seed: seed)
    // Hand jitter: a few incommensurate sinusoids per axis, a few millimetres
    // and a fraction of a degree, with seeded phases.
    func jitter(_ amplitude: Double) -> Double {
      (0..<3).reduce(0.0) { sum, k in
        let frequency = [0.7, 1.9, 3.7][k]
        return sum + amplitude / Double(k + 1)
          * sin(2 * .pi * frequency * t + random.nextUnit() * 2 * .pi)
      }
    }
    let angle = 0.6 + 0.12 * t  // radians around the room, slow
    let radius = 1.9 + 0.15 * sin(0.4 * t)
    let position = SIMD3<Double>(
      radius * sin(angle) + jitter(0.004), 1.45 + 0.03 * sin(1.1 * t) + jitter(0.003),
      radius * cos(angle) + jitter(0.004))
    let gaze = target + SIMD3(jitter(0.02), jitter(0.02), jitter(0.02))
    // Roll the camera a little around its optical axis, as hands do.
    return .looking(from: position, at: gaze, roll: jitter(0.01))
  }
}
