import CVisionCore
import XCTest

@testable import ARScene

final class ARSceneErrorTests: XCTestCase {
  /// Each Swift code has the raw value and the name of its C twin, and every C
  /// failure status has a Swift code.
  func testCodesMirrorTheCoreStatusesOneToOne() {
    XCTAssertEqual(
      ARSceneError.Code.allCases.count, Int(VC_STATUS_COUNT) - 1, "every status but OK")
    for raw in 1..<Int32(VC_STATUS_COUNT) {
      let cName = String(cString: vc_status_name(vc_status_t(UInt32(raw))))
      guard let code = ARSceneError.Code(rawValue: raw) else {
        XCTFail("no Swift code for \(cName)")
        continue
      }
      let normalizedC = cName.dropFirst("VC_STATUS_".count).replacingOccurrences(of: "_", with: "")
        .lowercased()
      XCTAssertEqual("\(code)".lowercased(), normalizedC, "\(code) vs \(cName)")
    }
  }

  func testCoreFailuresArriveWithTheirMessage() {
    let error = CoreStatus.error(for: VC_STATUS_TIMESTAMP_ORDER, message: "frame went back")
    XCTAssertEqual(error, ARSceneError(.timestampOrder, "frame went back"))
  }
}
