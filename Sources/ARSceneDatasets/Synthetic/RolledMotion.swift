import ARScene
import Foundation

/// Another motion with the device held rotated about its viewing axis: every
/// pose turned by `roll` radians about the camera's optical axis
/// (counter-clockwise as the person holding it sees the scene, so 90 degrees
/// is a phone in landscape with its top to the left). The image then shows
/// the world's up along its side, or upside down at 180 degrees; a tracker
/// that takes the first image's up as the world's gets floors as walls.
package struct RolledMotion: CameraMotion {
  package var base: any CameraMotion
  package var roll: Double

  package init(base: any CameraMotion, roll: Double) {
    self.base = base
    self.roll = roll
  }

  package func pose(at t: Double) -> CameraPose {
    let pose = base.pose(at: t)
    // About the camera's +Z (back) axis, as CameraPose.looking rolls.
    let turn = Quaternion(angle: roll, axis: SIMD3(0, 0, 1))
    return CameraPose(rotation: pose.rotation * turn, position: pose.position)
  }
}
