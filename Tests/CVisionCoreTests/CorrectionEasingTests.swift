import CVisionCore
import CVisionCoreTesting
import XCTest

/// A loop closure moves the tracker's pose into the corrected world at
/// once; the pose the session reports eases there from where it was
/// (session/correction_easing.h), so content fixed in the world never
/// jumps in view.
final class CorrectionEasingTests: XCTestCase {
  private struct Outcome {
    var largestStep = 0.0
    var largestTurnDegrees = 0.0
    var settledAfter: Int32 = 0
    var identical: Int32 = 0
  }

  private func ease(
    seed: UInt64, metres: Double, degrees: Double, secondAfter: Int32 = 0
  ) -> Outcome {
    var outcome = Outcome()
    XCTAssertEqual(
      vc_test_correction_easing(
        seed, metres, degrees, secondAfter, &outcome.largestStep, &outcome.largestTurnDegrees,
        &outcome.settledAfter, &outcome.identical),
      VC_STATUS_OK)
    return outcome
  }

  func testACorrectionIsTakenInStepsOfAtMostTwoMillimetresAndATwentiethOfADegree() {
    for seed: UInt64 in 1...5 {
      // A correction as large as the orbit's (9 mm in view) and larger.
      for (metres, degrees) in [(0.009, 0.2), (0.03, 1.0)] {
        let outcome = ease(seed: seed, metres: metres, degrees: degrees)
        let name = "seed \(seed), \(metres) m, \(degrees)°"
        XCTAssertEqual(outcome.identical, 1, "before any correction, as tracked: \(name)")
        XCTAssertLessThanOrEqual(outcome.largestStep, 0.0021, name)
        XCTAssertLessThanOrEqual(outcome.largestTurnDegrees, 0.051, name)
        // Taken at the limit, not slower: about metres / 2 mm frames (a turn
        // about a point 2 m away moves the camera too).
        XCTAssertGreaterThan(outcome.settledAfter, 0, name)
        XCTAssertLessThanOrEqual(outcome.settledAfter, Int32(metres / 0.002) + 40, name)
      }
    }
  }

  func testASecondCorrectionWhileEasingEasesFromWhereTheFirstHadGot() {
    let outcome = ease(seed: 7, metres: 0.02, degrees: 0.5, secondAfter: 3)
    XCTAssertLessThanOrEqual(outcome.largestStep, 0.0021)
    XCTAssertLessThanOrEqual(outcome.largestTurnDegrees, 0.051)
    XCTAssertGreaterThan(outcome.settledAfter, 0)
  }

  func testNoCorrectionIsReportedAsTracked() {
    let outcome = ease(seed: 3, metres: 0, degrees: 0)
    XCTAssertEqual(outcome.identical, 1)
    XCTAssertEqual(outcome.largestStep, 0, accuracy: 1e-12)
  }

  func testBadArgumentsAreRefused() {
    var step = 0.0
    var turn = 0.0
    var settled: Int32 = 0
    var identical: Int32 = 0
    XCTAssertEqual(
      vc_test_correction_easing(1, -0.01, 0, 0, &step, &turn, &settled, &identical),
      VC_STATUS_INVALID_ARGUMENT)
    XCTAssertEqual(
      vc_test_correction_easing(1, 0.01, 0, 0, nil, &turn, &settled, &identical),
      VC_STATUS_INVALID_ARGUMENT)
  }
}
