import CVisionCore
import XCTest

@testable import ARScene

final class TrackingStateTests: XCTestCase {
  /// Each reason has the raw value and the name of its C twin, and every C
  /// reason but NONE has a Swift case; the three states map to the three cases.
  func testReasonsAndStatesMirrorTheCoreOneToOne() {
    XCTAssertEqual(
      Camera.TrackingState.Reason.allCases.count, Int(VC_TRACKING_STATE_REASON_COUNT) - 1,
      "every reason but NONE")
    for raw in 1..<Int32(VC_TRACKING_STATE_REASON_COUNT) {
      let cName = String(
        cString: vc_tracking_state_reason_name(vc_tracking_state_reason_t(UInt32(raw))))
      guard let reason = Camera.TrackingState.Reason(rawValue: raw) else {
        XCTFail("no Swift reason for \(cName)")
        continue
      }
      let normalizedC = cName.dropFirst("VC_TRACKING_STATE_REASON_".count)
        .replacingOccurrences(of: "_", with: "").lowercased()
      XCTAssertEqual("\(reason)".lowercased(), normalizedC, "\(reason) vs \(cName)")
      XCTAssertEqual(
        Camera.TrackingState(
          core: VC_TRACKING_STATE_LIMITED, reason: vc_tracking_state_reason_t(UInt32(raw))),
        .limited(reason))
    }

    XCTAssertEqual(Int(VC_TRACKING_STATE_COUNT), 3)
    let states: [(vc_tracking_state_t, Camera.TrackingState, String)] = [
      (VC_TRACKING_STATE_NOT_AVAILABLE, .notAvailable, "notAvailable"),
      (VC_TRACKING_STATE_LIMITED, .limited(.initializing), "limited"),
      (VC_TRACKING_STATE_NORMAL, .normal, "normal"),
    ]
    for (core, swift, name) in states {
      let cName = String(cString: vc_tracking_state_name(core))
      XCTAssertEqual(
        cName.dropFirst("VC_TRACKING_STATE_".count).replacingOccurrences(of: "_", with: "")
          .lowercased(),
        name.lowercased())
      XCTAssertEqual(
        Camera.TrackingState(core: core, reason: VC_TRACKING_STATE_REASON_INITIALIZING), swift)
    }
  }

  func testUnknownCoreValuesNeverReadAsNormal() {
    XCTAssertEqual(
      Camera.TrackingState(core: VC_TRACKING_STATE_LIMITED, reason: vc_tracking_state_reason_t(99)),
      .limited(.relocalizing))
    XCTAssertEqual(
      Camera.TrackingState(core: vc_tracking_state_t(99), reason: VC_TRACKING_STATE_REASON_NONE),
      .notAvailable)
  }

  func testDescriptionsUseARKitsWords() {
    XCTAssertEqual("\(Camera.TrackingState.normal)", "normal")
    XCTAssertEqual("\(Camera.TrackingState.notAvailable)", "notAvailable")
    XCTAssertEqual(
      "\(Camera.TrackingState.limited(.insufficientLight))", "limited(insufficientLight)")
  }
}
