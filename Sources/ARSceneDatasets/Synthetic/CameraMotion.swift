import ARScene
import Foundation

/// Where the camera is at one instant: `world_from_camera` in ARKit axes
/// (camera looks down -Z with +Y up; world +Y up), in double precision so
/// that finite differences for the IMU stay exact.
package struct CameraPose: Equatable, Sendable {
  package var rotation: Quaternion
  package var position: SIMD3<Double>

  package init(rotation: Quaternion, position: SIMD3<Double>) {
    self.rotation = rotation
    self.position = position
  }

  /// The pose as the float matrix the core and the session take.
  package var transform: Transform { Transform(rotation: rotation, translation: position) }

  /// A camera at `eye` looking at `target`, its image up as close to world +Y
  /// as the view allows, then rolled by `roll` radians about its optical axis.
  package static func looking(
    from eye: SIMD3<Double>, at target: SIMD3<Double>, roll: Double = 0
  ) -> CameraPose {
    var forward = target - eye
    forward /= forward.length
    let back = -forward
    var right = SIMD3<Double>(0, 1, 0).cross(back)
    right /= right.length
    let up = back.cross(right)
    let rolledRight = right * cos(roll) + up * sin(roll)
    let rolledUp = up * cos(roll) - right * sin(roll)
    return CameraPose(
      rotation: Quaternion(matrixColumns: (rolledRight, rolledUp, back)), position: eye)
  }
}

/// A camera trajectory for synthetic sequences: a smooth function of time, so
/// any frame or IMU rate samples the same motion and derivatives exist
/// everywhere (the IMU is derived from them).
package protocol CameraMotion: Sendable {
  /// The pose at `t` seconds; defined for every finite t, including before 0
  /// (motion blur looks half an exposure back).
  func pose(at t: Double) -> CameraPose
}
