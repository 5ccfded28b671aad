import CVisionCore
import CVisionCoreTesting
import XCTest

/// A loop closure moves each plane anchor by the corrections of the frames
/// its views came from, weighted as they weigh in its fit
/// (planes/view_weights.h), not by the correction of its last view: the
/// kept spans and an absorbed anchor's views must give the same mean as
/// every view on its own.
final class ViewWeightsTests: XCTestCase {
  func testMeanCorrectionIsTheWeightedMeanOverEveryView() {
    // 20 views fit in the kept spans; 400 and 3000 make the oldest merge.
    for (seed, views, absorbed): (UInt64, Int32, Int32) in [
      (1, 20, 0), (2, 400, 150), (3, 3000, 900),
    ] {
      var shiftError = -1.0
      var turnError = -1.0
      var lastViewError = -1.0
      XCTAssertEqual(
        vc_test_view_weights(seed, views, absorbed, &shiftError, &turnError, &lastViewError),
        VC_STATUS_OK)
      // A span's mean frame is rounded to a whole frame: 0.5 frame at most,
      // 0.06 mm and 0.0025 degrees of these corrections.
      XCTAssertLessThan(shiftError, 0.00006, "seed \(seed)")
      XCTAssertLessThan(turnError, 0.0025, "seed \(seed)")
      // The last view's correction alone is far off: the trial discriminates.
      XCTAssertGreaterThan(lastViewError, 0.0005, "seed \(seed)")
    }
  }

  func testRefusesAnAnchorWithoutViews() {
    var shiftError = 0.0
    var turnError = 0.0
    var lastViewError = 0.0
    XCTAssertEqual(
      vc_test_view_weights(1, 0, 0, &shiftError, &turnError, &lastViewError),
      VC_STATUS_INVALID_ARGUMENT)
  }
}
