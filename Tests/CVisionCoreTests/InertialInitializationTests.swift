import CVisionCore
import CVisionCoreTesting
import XCTest

/// Visual-inertial initialisation (inertial/inertial_initializer.h): from
/// keyframes a monocular camera tracked (its own axes, its own scale) and
/// the IMU between them, the gyroscope bias, gravity in the camera's world,
/// the metric scale, the velocities and the accelerometer bias, checked
/// against the exact motion they were drawn from.
final class InertialInitializationTests: XCTestCase {
  /// EuRoC's ADIS16448: rad/s/sqrt(Hz) and m/s^2/sqrt(Hz).
  private let euroc = (gyroscope: 1.6968e-4, accelerometer: 2.0e-3)

  private func initialize(
    seed: UInt64 = 1, seconds: Double, travel: Double = 1, gyroscope: Double = 0,
    accelerometer: Double = 0, imuTurnedDegrees: Double = 0
  ) -> vc_test_inertial_initialization_outcome_t {
    var outcome = vc_test_inertial_initialization_outcome_t()
    XCTAssertEqual(
      vc_test_inertial_initialization(
        seed, seconds, travel, gyroscope, accelerometer, imuTurnedDegrees, &outcome),
      VC_STATUS_OK)
    return outcome
  }

  func testExactDataIsInitialisedExactly() {
    let outcome = initialize(seconds: 2)
    XCTAssertEqual(outcome.solved, 1)
    XCTAssertLessThan(abs(outcome.scale_error_percent), 0.05)
    XCTAssertLessThan(outcome.gravity_error_degrees, 0.01)
    XCTAssertLessThan(outcome.gyroscope_bias_error, 1e-5)
    XCTAssertLessThan(outcome.accelerometer_bias_error, 0.005)
    XCTAssertLessThan(outcome.velocity_rms_error, 0.001)
  }

  func testThreeSecondsOfMotionWithEuRoCNoiseGiveScaleWithinOnePercent() {
    // Eight seeds measured: scale -0.83...+0.51%, gravity 0.012-0.064
    // degrees, gyroscope bias 0.04-0.27 mrad/s off.
    for seed: UInt64 in 1...8 {
      let outcome = initialize(
        seed: seed, seconds: 3, gyroscope: euroc.gyroscope, accelerometer: euroc.accelerometer)
      XCTAssertEqual(outcome.solved, 1, "seed \(seed)")
      XCTAssertLessThanOrEqual(abs(outcome.scale_error_percent), 1.0, "seed \(seed)")
      XCTAssertLessThanOrEqual(outcome.gravity_error_degrees, 0.2, "seed \(seed)")
      XCTAssertLessThanOrEqual(outcome.gyroscope_bias_error, 5e-4, "seed \(seed)")
      XCTAssertLessThanOrEqual(outcome.velocity_rms_error, 0.01, "seed \(seed)")
    }
  }

  func testAnIMUThatDisagreesWithTheCameraGivesNoScale() {
    // Exact and EuRoC-noisy data leave residuals far under the limits
    // (0.1 degrees, 0.1 of the displacement) ...
    let exact = initialize(seconds: 3)
    XCTAssertLessThan(exact.rotation_residual_degrees, 0.001)
    XCTAssertLessThan(exact.relative_position_residual, 0.001)
    for seed: UInt64 in 1...4 {
      let noisy = initialize(
        seed: seed, seconds: 3, gyroscope: euroc.gyroscope, accelerometer: euroc.accelerometer)
      XCTAssertEqual(noisy.solved, 1, "seed \(seed)")
      XCTAssertLessThan(noisy.rotation_residual_degrees, 0.03, "seed \(seed)")
      XCTAssertLessThan(noisy.relative_position_residual, 0.03, "seed \(seed)")
    }
    // ... an IMU mounted turned against what the camera was told is not
    // explained by any scale, and none is given: a few degrees solve with
    // residuals too large (inconsistent), a quarter turn not at all.
    for degrees in [5.0, -10.0, 90.0] {
      let turned = initialize(
        seconds: 3, gyroscope: euroc.gyroscope, accelerometer: euroc.accelerometer,
        imuTurnedDegrees: degrees)
      XCTAssertEqual(turned.solved, 0, "turned \(degrees) degrees")
      if abs(degrees) < 45 {
        XCTAssertEqual(turned.outcome, 5, "turned \(degrees) degrees: inconsistent")
        XCTAssertGreaterThan(turned.rotation_residual_degrees, 0.1, "turned \(degrees) degrees")
      }
    }
  }

  func testACameraThatOnlyTurnsGetsNoScale() {
    // No translation, so no acceleration but gravity's: the scale is not
    // observable, and none is made up.
    let outcome = initialize(
      seconds: 2, travel: 0, gyroscope: euroc.gyroscope, accelerometer: euroc.accelerometer)
    XCTAssertEqual(outcome.solved, 0)
    XCTAssertEqual(outcome.outcome, 2, "too little acceleration")
    XCTAssertLessThan(outcome.acceleration_spread, 0.05)
    // The gyroscope bias is observable from the rotations alone.
    XCTAssertLessThanOrEqual(outcome.gyroscope_bias_error, 5e-4)
  }

  func testBadTrialArgumentsAreRefused() {
    var outcome = vc_test_inertial_initialization_outcome_t()
    XCTAssertEqual(
      vc_test_inertial_initialization(1, 0.1, 1, 0, 0, 0, &outcome), VC_STATUS_INVALID_ARGUMENT)
    XCTAssertEqual(
      vc_test_inertial_initialization(1, 2, -1, 0, 0, 0, &outcome), VC_STATUS_INVALID_ARGUMENT)
    XCTAssertEqual(
      vc_test_inertial_initialization(1, 2, 1, 0, 0, 200, &outcome), VC_STATUS_INVALID_ARGUMENT)
    XCTAssertEqual(
      vc_test_inertial_initialization(1, 2, 1, 0, 0, .nan, &outcome), VC_STATUS_INVALID_ARGUMENT)
    XCTAssertEqual(
      vc_test_inertial_initialization(1, 2, 1, 0, 0, 0, nil), VC_STATUS_INVALID_ARGUMENT)
  }
}
