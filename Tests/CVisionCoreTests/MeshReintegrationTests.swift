import CVisionCore
import CVisionCoreTesting
import XCTest

/// When a loop closure corrects the map (or the world turns once up is
/// known), the surfaces fused so far are no longer where the world now puts
/// them. Scene reconstruction keeps a few of its views and fuses them anew
/// at their corrected poses (see vc_test_reintegration): the mesh must end
/// up on the moved surfaces, with nothing left where they were, the
/// anchors must not vanish while that happens, and the kept views must stay
/// within their bytes by thinning out over the whole walk.
final class MeshReintegrationTests: XCTestCase {
  private func trial(
    views: Int32, turnDegrees: Double = 5, shift: Double = 0.1, maxViewBytes: Int64 = 64 << 20
  ) -> vc_test_reintegration_trial_t {
    var out = vc_test_reintegration_trial_t()
    XCTAssertEqual(
      vc_test_reintegration(views, turnDegrees, shift, maxViewBytes, &out), VC_STATUS_OK)
    return out
  }

  func testAMovedWorldIsFusedAnewWhereItNowIs() {
    let out = trial(views: 20)
    // 6 cm apart, every view is kept.
    XCTAssertEqual(out.views_kept, 20)
    XCTAssertGreaterThanOrEqual(out.frames_reintegrating, 20)
    XCTAssertEqual(out.changes_while_reintegrating, 0, "the anchors stay until it is done")
    XCTAssertLessThanOrEqual(out.median_distance_m, 0.01)
    // Nothing is left where the surfaces were: they moved 10 cm and more.
    XCTAssertLessThanOrEqual(out.max_distance_m, 0.03)
    XCTAssertGreaterThanOrEqual(out.vertex_ratio, 0.9, "the whole walk is fused anew")
    XCTAssertGreaterThan(out.anchors_kept, 0, "chunks still holding surface keep their ids")
    XCTAssertGreaterThan(out.anchors_removed + out.anchors_added, 0)
  }

  func testKeptViewsStayWithinTheirBytesAndCoverTheWholeWalk() {
    // A 640x480 view is kept at 320x240: 150 kB.
    let limit: Int64 = 10 * 160_000
    let out = trial(views: 40, maxViewBytes: limit)
    XCTAssertLessThanOrEqual(out.view_bytes, limit)
    XCTAssertGreaterThanOrEqual(out.views_kept, 5)
    XCTAssertLessThanOrEqual(out.views_kept, 10)
    XCTAssertLessThanOrEqual(out.max_distance_m, 0.03)
    // Thinned evenly, the few views still see the walk's first metre.
    XCTAssertGreaterThanOrEqual(out.vertex_ratio, 0.9)
  }

  func testBadTrialArgumentsAreRefused() {
    var out = vc_test_reintegration_trial_t()
    XCTAssertEqual(vc_test_reintegration(0, 0, 0, 0, &out), VC_STATUS_INVALID_ARGUMENT)
    XCTAssertEqual(vc_test_reintegration(5, 0, 0, -1, &out), VC_STATUS_INVALID_ARGUMENT)
  }
}
