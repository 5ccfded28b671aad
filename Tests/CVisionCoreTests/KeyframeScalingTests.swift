import CVisionCore
import CVisionCoreTesting
import XCTest

/// A visual-inertial map is rescaled whenever the IMU gives or refines its
/// metres; the keyframes the session keeps for relocalization and world
/// maps are rescaled with it (vc_test_scale_keyframe_database). A rescaled
/// map must look the same from each keyframe: every point and surface sample
/// projects where it did, and each camera centre moves as the scaling says.
final class KeyframeScalingTests: XCTestCase {
  private func errors(scale: Double, about centre: [Double]) -> (centre: Double, pixel: Double) {
    var centreError = -1.0
    var pixelError = -1.0
    XCTAssertEqual(
      vc_test_scale_keyframe_database(scale, centre, &centreError, &pixelError), VC_STATUS_OK)
    return (centreError, pixelError)
  }

  func testARescaledMapLooksTheSameFromItsKeyframes() {
    for (scale, centre) in [(3.2, [0.0, 0.0, 0.0]), (0.9, [1.0, 1.5, -2.0]), (1.05, [-4, 2, 7])] {
      let (centreError, pixelError) = errors(scale: scale, about: centre)
      XCTAssertLessThan(centreError, 1e-9, "scale \(scale) about \(centre)")
      XCTAssertLessThan(pixelError, 1e-3, "scale \(scale) about \(centre)")
    }
  }
}
