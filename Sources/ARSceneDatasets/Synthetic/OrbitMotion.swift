import Foundation

/// A camera circling the table at a steady height and speed, always looking
/// at the table's centre, like a gimbal on a slow turntable: smooth, with
/// no jitter, so trackers see clean parallax around a known point.
package struct OrbitMotion: CameraMotion {
  /// The point looked at and orbited (the table's centre, on its top).
  package var centre = SIMD3<Double>(0.8, 0.75, -0.6)
  package var radius = 1.5
  /// Camera height above the floor; it bobs by `bob` metres as it goes.
  package var height = 1.4
  package var bob = 0.03
  /// Radians per second around the centre (a full turn in 18 s).
  package var angularSpeed = 0.35
  /// Where on the circle the camera starts, in radians from +z towards +x.
  package var startAngle = 0.3

  package init() {}

  package func pose(at t: Double) -> CameraPose {
    let angle = startAngle + angularSpeed * t
    let eye = SIMD3(
      centre.x + radius * sin(angle), height + bob * sin(0.8 * t),
      centre.z + radius * cos(angle))
    return .looking(from: eye, at: centre)
  }
}
