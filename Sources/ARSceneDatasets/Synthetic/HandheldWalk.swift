import ARScene
import Foundation

/// A person walking slowly around the room holding the camera at chest height,
/// looking at the middle of the room, with the small seeded jitter of a hand:
/// the default motion.
package struct HandheldWalk: CameraMotion {
  /// Where the walk goes: around the room's middle on a circle that breathes
  /// a little. The defaults are the walk every scenario uses; `drawn(seed:)`
  /// gives other paths through the same room.
  package struct Path: Equatable, Sendable {
    /// Where the walk starts, in radians from +z towards +x.
    package var startAngle = 0.6
    /// Radians per second around the room.
    package var angularSpeed = 0.12
    /// Metres from the room's vertical axis.
    package var radius = 1.9
    /// Camera height above the floor in metres.
    package var height = 1.45

    package init() {}

    /// Another path through the same room (`dataset synth --path-seed`): it
    /// starts within 0.35 rad of the default's start, 1.6-2.2 m from the
    /// middle, 1.3-1.6 m high, so it sees the same walls from other places.
    package static func drawn(seed: UInt64) -> Path {
      var random = SplitMix64.stream(7, of: seed)
      var path = Path()
      path.startAngle += (random.nextUnit() - 0.5) * 0.7
      path.radius = 1.6 + 0.6 * random.nextUnit()
      path.height = 1.3 + 0.3 * random.nextUnit()
      return path
    }
  }

  package var seed: UInt64
  package var path = Path()
  /// Where the camera looks, in world coordinates.
  package var target = SIMD3<Double>(0, 0.75, 0)

  package init(seed: UInt64, path: Path = Path()) {
    self.seed = seed
    self.path = path
  }

  package func pose(at t: Double) -> CameraPose {
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
    let angle = path.startAngle + path.angularSpeed * t
    let radius = path.radius + 0.15 * sin(0.4 * t)
    let position = SIMD3<Double>(
      radius * sin(angle) + jitter(0.004), path.height + 0.03 * sin(1.1 * t) + jitter(0.003),
      radius * cos(angle) + jitter(0.004))
    let gaze = target + SIMD3(jitter(0.02), jitter(0.02), jitter(0.02))
    // Roll the camera a little around its optical axis, as hands do.
    return .looking(from: position, at: gaze, roll: jitter(0.01))
  }
}
