import ARScene
import Foundation

/// Another motion with one fast turn added: during `start...end` the camera
/// turns on the spot about the world's vertical axis by `turn` radians,
/// easing in and out (a quintic smoothstep, so angular acceleration is
/// continuous and the IMU sees no jolt), then carries on as before. With a
/// full turn the camera ends up looking where the base motion looks.
package struct SpinningMotion: CameraMotion {
  package var base: any CameraMotion
  package var start: Double
  package var end: Double
  package var turn = 2 * Double.pi

  package init(base: any CameraMotion, start: Double, end: Double, turn: Double = 2 * .pi) {
    self.base = base
    self.start = start
    self.end = end
    self.turn = turn
  }

  /// The added heading at t, in radians.
  package func spin(at t: Double) -> Double {
    guard end > start else { return t >= end ? turn : 0 }
    let s = min(max((t - start) / (end - start), 0), 1)
    return turn * s * s * s * (s * (6 * s - 15) + 10)
  }

  /// The fastest the added turn gets, in rad/s (at the middle of the turn).
  package var peakRate: Double { end > start ? 1.875 * abs(turn) / (end - start) : 0 }

  package func pose(at t: Double) -> CameraPose {
    let pose = base.pose(at: t)
    let yaw = Quaternion(angle: spin(at: t), axis: SIMD3(0, 1, 0))
    return CameraPose(rotation: yaw * pose.rotation, position: pose.position)
  }
}
