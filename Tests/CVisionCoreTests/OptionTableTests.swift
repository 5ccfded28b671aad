import CVisionCore
import XCTest

/// The core's option table is the one home of every option's default, range
/// and names: validation through it must name a bad value in the caller's
/// binding, for every group, and agree with what creating a session refuses.
final class OptionTableTests: XCTestCase {
  private func sessionMessage(
    _ naming: vc_option_naming_t, _ change: (inout vc_session_options_t) -> Void
  ) -> String? {
    var options = vc_session_options_t()
    vc_session_options_init(&options)
    change(&options)
    let status = vc_session_options_validate(&options, naming)
    if status == VC_STATUS_OK { return nil }
    XCTAssertEqual(status, VC_STATUS_INVALID_ARGUMENT)
    return String(cString: vc_last_error_message())
  }

  func testEveryGroupNamesItsBadValueInBothBindings() {
    let cases: [(change: (inout vc_session_options_t) -> Void, c: String, swift: String)] = [
      (
        { $0.worker_threads = 3 }, "worker_threads must be 1...2, got 3",
        "workerThreads must be 1...2, got 3"
      ),
      (
        { $0.tracking.corner_threshold = 0 }, "tracking.corner_threshold must be 1...255, got 0",
        "tracking.cornerThreshold must be 1...255, got 0"
      ),
      (
        { $0.tracking.min_inliers_normal = 10 },
        "tracking.min_inliers_normal must be 15...150, got 10",
        "tracking.minimumInliersForNormal must be 15...150, got 10"
      ),
      (
        { $0.tracking.reanchor_delay_seconds = -.infinity },
        "tracking.reanchor_delay_seconds must be >= 0, got -inf",
        "tracking.reanchorDelay must be >= 0, got -inf"
      ),
      (
        { $0.planes.max_depth = 0.1 }, "planes.max_depth must be > 0.2, got 0.1",
        "planes.depthRange must be > 0.2, got 0.1"
      ),
      (
        { $0.images.max_tracked_images = 21 }, "images.max_tracked_images must be 0...20, got 21",
        "maximumNumberOfTrackedImages must be 0...20, got 21"
      ),
      (
        { $0.relocalization.interruption_seconds = .nan },
        "relocalization.interruption_seconds must be 0.05...3600, got nan",
        "interruptionThreshold must be 0.05...3600, got nan"
      ),
    ]
    for (change, c, swift) in cases {
      XCTAssertEqual(sessionMessage(VC_OPTION_NAMING_C, change), c)
      XCTAssertEqual(sessionMessage(VC_OPTION_NAMING_SWIFT, change), swift)
    }
    XCTAssertNil(sessionMessage(VC_OPTION_NAMING_SWIFT) { _ in })
  }

  func testRaycastOptionsAreValidatedThroughTheSameTable() {
    var options = vc_raycast_options_t()
    vc_raycast_options_init(&options)
    XCTAssertEqual(vc_raycast_options_validate(&options, VC_OPTION_NAMING_C), VC_STATUS_OK)
    options.patch_step = 9
    XCTAssertEqual(
      vc_raycast_options_validate(&options, VC_OPTION_NAMING_C), VC_STATUS_INVALID_ARGUMENT)
    XCTAssertEqual(
      String(cString: vc_last_error_message()), "raycast.patch_step must be 1...8, got 9")
    XCTAssertEqual(
      vc_raycast_options_validate(&options, VC_OPTION_NAMING_SWIFT), VC_STATUS_INVALID_ARGUMENT)
    XCTAssertEqual(
      String(cString: vc_last_error_message()),
      "raycastConfiguration.patchStep must be 1...8, got 9")
  }

  /// What validation refuses, creating a session refuses with the same words.
  func testValidationAgreesWithCreation() {
    var options = vc_session_options_t()
    vc_session_options_init(&options)
    options.tracking.optical_flow_window_size = 12
    XCTAssertEqual(
      vc_session_options_validate(&options, VC_OPTION_NAMING_C), VC_STATUS_INVALID_ARGUMENT)
    let validated = String(cString: vc_last_error_message())
    var session: OpaquePointer?
    XCTAssertEqual(vc_session_create(&options, &session), VC_STATUS_INVALID_ARGUMENT)
    XCTAssertNil(session)
    XCTAssertEqual(String(cString: vc_last_error_message()), validated)
    XCTAssertEqual(validated, "tracking.optical_flow_window_size must be odd and 5...63, got 12")
  }

  /// What changed between two option sets, named from the same table: a
  /// range of two fields is named once, nothing changed is "".
  func testDifferencesAreNamedInBothBindings() {
    var a = vc_session_options_t()
    vc_session_options_init(&a)
    var b = a
    XCTAssertEqual(String(cString: vc_session_options_differences(&a, &b, VC_OPTION_NAMING_C)), "")
    b.worker_threads = 1
    b.tracking.corner_threshold = 30
    b.planes.min_depth = 0.3
    b.planes.max_depth = 5
    b.tracking.first_camera_up = (0, 1, 0)
    XCTAssertEqual(
      String(cString: vc_session_options_differences(&a, &b, VC_OPTION_NAMING_C)),
      "worker_threads, tracking.corner_threshold, tracking.first_camera_up, planes.min_depth,"
        + " planes.max_depth")
    XCTAssertEqual(
      String(cString: vc_session_options_differences(&a, &b, VC_OPTION_NAMING_SWIFT)),
      "workerThreads, tracking.cornerThreshold, initialUpDirection, planes.depthRange")
    XCTAssertEqual(String(cString: vc_session_options_differences(nil, &b, VC_OPTION_NAMING_C)), "")
  }

  func testBadCallsAreRefused() {
    var options = vc_session_options_t()
    vc_session_options_init(&options)
    XCTAssertEqual(
      vc_session_options_validate(nil, VC_OPTION_NAMING_C), VC_STATUS_INVALID_ARGUMENT)
    XCTAssertEqual(String(cString: vc_last_error_message()), "options is NULL")
    XCTAssertEqual(
      vc_session_options_validate(&options, vc_option_naming_t(rawValue: 7)),
      VC_STATUS_INVALID_ARGUMENT)
    XCTAssertEqual(
      String(cString: vc_last_error_message()), "naming 7 is not a vc_option_naming_t")
  }
}
