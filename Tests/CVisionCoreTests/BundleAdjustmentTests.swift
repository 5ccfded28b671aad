import CVisionCore
import CVisionCoreTesting
import XCTest

/// The tracker's bundle adjuster on exact ground truth (a 1 m path of
/// cameras and random points, see vc_test_bundle_adjustment): it must pull
/// perturbed cameras and points back to the truth, never move the cameras
/// that hold the gauge, and not be dragged by mistracked features.
final class BundleAdjustmentTests: XCTestCase {
  private func run(_ trial: vc_test_bundle_trial_t) -> vc_test_bundle_outcome_t {
    var trial = trial
    var outcome = vc_test_bundle_outcome_t()
    XCTAssertEqual(vc_test_bundle_adjustment(&trial, &outcome), VC_STATUS_OK)
    return outcome
  }

  private func trial(
    depth: Bool, outliers: Double = 0, noise: Double = 0.5, seed: UInt64 = 1
  ) -> vc_test_bundle_trial_t {
    vc_test_bundle_trial_t(
      camera_count: 8, point_count: 200, camera_error_m: 0.02, point_error_m: 0.02,
      noise_px: noise, with_depth: depth ? 1 : 0, outlier_fraction: outliers, seed: seed)
  }

  func testRecoversPerturbedCamerasAndPointsFromPixelsAlone() {
    for seed: UInt64 in 1...3 {
      let outcome = run(trial(depth: false, seed: seed))
      // 1.3-1.6 cm of camera error in, 0.6-2.1 mm out: two fixed cameras and
      // 200 points seen up to eight times determine the rest. Points 4 m
      // away are placed by a 1 m baseline and half a pixel of noise, to
      // about a centimetre.
      XCTAssertGreaterThan(outcome.camera_rms_before, 0.01)
      XCTAssertLessThan(outcome.camera_rms_after, 0.2 * outcome.camera_rms_before, "seed \(seed)")
      XCTAssertLessThan(outcome.camera_rms_after, 0.0025, "seed \(seed)")
      XCTAssertLessThan(outcome.point_rms_after, 0.6 * outcome.point_rms_before, "seed \(seed)")
      XCTAssertEqual(outcome.fixed_camera_motion, 0, "seed \(seed)")
      XCTAssertGreaterThan(outcome.iterations, 0)
    }
  }

  func testDepthMakesTheSolutionTighter() {
    let pixels = run(trial(depth: false))
    let withDepth = run(trial(depth: true))
    XCTAssertLessThan(withDepth.camera_rms_after, pixels.camera_rms_after)
    XCTAssertLessThan(withDepth.point_rms_after, 0.8 * pixels.point_rms_after)
    XCTAssertEqual(withDepth.fixed_camera_motion, 0)
  }

  func testMistrackedFeaturesDoNotDragTheSolution() {
    // One observation in ten moved by 20-40 px: the Huber loss bounds their
    // pull, so the cameras end within a millimetre of where they end
    // without them.
    let clean = run(trial(depth: true))
    let outcome = run(trial(depth: true, outliers: 0.1))
    XCTAssertLessThan(outcome.camera_rms_after, clean.camera_rms_after + 0.001)
    XCTAssertLessThan(outcome.point_rms_after, clean.point_rms_after + 0.002)
  }

  func testExactDataStaysExact() {
    let outcome = run(
      vc_test_bundle_trial_t(
        camera_count: 5, point_count: 50, camera_error_m: 0, point_error_m: 0,
        noise_px: 0, with_depth: 1, outlier_fraction: 0, seed: 7))
    XCTAssertLessThan(outcome.camera_rms_after, 1e-9)
    XCTAssertLessThan(outcome.point_rms_after, 1e-9)
  }

  func testRefusesAProblemWithoutFreeCamerasOrPoints() {
    var outcome = vc_test_bundle_outcome_t()
    var tooFew = trial(depth: false)
    tooFew.camera_count = 2
    XCTAssertEqual(vc_test_bundle_adjustment(&tooFew, &outcome), VC_STATUS_INVALID_ARGUMENT)
    var noPoints = trial(depth: false)
    noPoints.point_count = 0
    XCTAssertEqual(vc_test_bundle_adjustment(&noPoints, &outcome), VC_STATUS_INVALID_ARGUMENT)
  }
}
