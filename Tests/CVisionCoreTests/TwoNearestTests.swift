import CVisionCore
import CVisionCoreTesting
import XCTest

/// The loop check's descriptor matcher (relocalization/two_nearest.h)
/// replaced cv::BFMatcher::knnMatch; loops depend on which match wins a
/// tie, so it must find exactly what knnMatch finds.
final class TwoNearestTests: XCTestCase {
  func testFindsWhatBFMatcherFindsTiesIncluded() {
    for seed: UInt64 in [1, 2, 3] {
      var disagreements: Int32 = -1
      var ties: Int32 = -1
      XCTAssertEqual(
        vc_test_two_nearest_against_bfmatcher(seed, 300, 600, &disagreements, &ties),
        VC_STATUS_OK)
      XCTAssertEqual(disagreements, 0, "seed \(seed)")
      // Copies with few flipped bits make equal nearest distances common;
      // without them the tie order would go untested.
      XCTAssertGreaterThan(ties, 10, "seed \(seed)")
    }
  }

  func testRefusesASetTooSmallToHaveTwoNearest() {
    var disagreements: Int32 = 0
    var ties: Int32 = 0
    XCTAssertEqual(
      vc_test_two_nearest_against_bfmatcher(1, 10, 1, &disagreements, &ties),
      VC_STATUS_INVALID_ARGUMENT)
  }
}
