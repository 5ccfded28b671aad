import CVisionCore
import CVisionCoreTesting
import XCTest

/// The refined trajectory (vc_session_get_refined_trajectory) keeps each
/// frame relative to its keyframe: through bundle adjustment, a turn of the
/// world's axes and a loop closure, every frame must move exactly as its
/// keyframe does (vc_test_refined_trajectory).
final class RefinedTrajectoryTrialTests: XCTestCase {
  func testFramesMoveExactlyAsTheirKeyframes() {
    for seed: UInt64 in 1...20 {
      var frames: Int32 = 0
      var position = Double.infinity
      var rotation = Double.infinity
      XCTAssertEqual(
        vc_test_refined_trajectory(seed, 12, &frames, &position, &rotation), VC_STATUS_OK)
      XCTAssertEqual(frames, 60, "five frames per keyframe, seed \(seed)")
      XCTAssertLessThan(position, 1e-9, "seed \(seed)")
      XCTAssertLessThan(rotation, 1e-9, "seed \(seed)")
    }
  }

  func testBadArgumentsAreRefused() {
    var frames: Int32 = 0
    var position = 0.0
    var rotation = 0.0
    XCTAssertEqual(
      vc_test_refined_trajectory(1, 0, &frames, &position, &rotation), VC_STATUS_INVALID_ARGUMENT)
    XCTAssertEqual(
      vc_test_refined_trajectory(1, 3, nil, &position, &rotation), VC_STATUS_INVALID_ARGUMENT)
  }
}
