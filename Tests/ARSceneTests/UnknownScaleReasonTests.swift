import CVisionCore
import XCTest

@testable import ARScene

/// The core's reasons for a frame without metres map one to one onto
/// ``UnknownScaleReason``; none (the scale known) and values the core does
/// not define map to nil.
final class UnknownScaleReasonTests: XCTestCase {
  func testEveryCoreReasonHasItsCase() {
    let pairs: [(vc_unknown_scale_reason_t, UnknownScaleReason)] = [
      (VC_UNKNOWN_SCALE_NO_IMU, .noIMU), (VC_UNKNOWN_SCALE_COLLECTING_MOTION, .collectingMotion),
      (VC_UNKNOWN_SCALE_TOO_LITTLE_ACCELERATION, .tooLittleAcceleration),
      (VC_UNKNOWN_SCALE_IMU_DISAGREES, .imuDisagrees),
    ]
    XCTAssertEqual(Set(pairs.map(\.1)), Set(UnknownScaleReason.allCases))
    for (core, reason) in pairs {
      XCTAssertEqual(UnknownScaleReason(core: Int32(core.rawValue)), reason)
    }
    XCTAssertNil(UnknownScaleReason(core: Int32(VC_UNKNOWN_SCALE_NONE.rawValue)))
    XCTAssertNil(UnknownScaleReason(core: 99))
    XCTAssertNil(UnknownScaleReason(core: -1))
  }
}
