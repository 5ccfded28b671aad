import CVisionCore
import XCTest

/// Options by name (vc_session_options_set/get), as the Python package sets a
/// configuration given as a mapping: every field of the option table is
/// reachable by its C name and reads back exactly, and bad names, counts and
/// numbers are refused naming them, leaving the options unchanged.
final class OptionNamesTests: XCTestCase {
  private func names() -> [String] {
    (0..<vc_session_option_count()).map { String(cString: vc_session_option_name($0)) }
  }

  private func text(_ options: inout vc_session_options_t, _ name: String) -> String? {
    vc_session_options_get(&options, name).map { String(cString: $0) }
  }

  func testEveryOptionIsNamedOnceInTheTablesOrder() {
    let all = names()
    XCTAssertEqual(Set(all).count, all.count)
    XCTAssertEqual(all.first, "light_estimation_enabled")
    XCTAssertTrue(all.contains("tracking.first_camera_up"))
    XCTAssertTrue(all.contains("relocalization.loop_closure"))
    XCTAssertNil(vc_session_option_name(-1))
    XCTAssertNil(vc_session_option_name(vc_session_option_count()))
  }

  func testSettingByNameChangesThatFieldAlone() {
    var defaults = vc_session_options_t()
    vc_session_options_init(&defaults)
    var options = defaults
    XCTAssertEqual(vc_session_options_set(&options, "tracking.max_features", "300"), VC_STATUS_OK)
    XCTAssertEqual(
      vc_session_options_set(&options, "tracking.first_camera_up", "0, 1 0"), VC_STATUS_OK)
    XCTAssertEqual(vc_session_options_set(&options, "tracking.depth_noise", "0.0075"), VC_STATUS_OK)
    XCTAssertEqual(options.tracking.max_features, 300)
    XCTAssertEqual(options.tracking.first_camera_up.1, 1)
    XCTAssertEqual(options.tracking.depth_noise, Float(0.0075))
    XCTAssertEqual(
      String(cString: vc_session_options_differences(&defaults, &options, VC_OPTION_NAMING_C)),
      "tracking.max_features, tracking.depth_noise, tracking.first_camera_up")
    XCTAssertEqual(text(&options, "tracking.first_camera_up"), "0 1 0")
    XCTAssertEqual(text(&options, "tracking.depth_noise"), "0.00749999983")
    // A seed beyond 2^53 keeps every digit both ways.
    XCTAssertEqual(text(&defaults, "tracking.random_seed"), "18386391589547621")
    XCTAssertEqual(
      vc_session_options_set(&options, "tracking.random_seed", "18446744073709551615"),
      VC_STATUS_OK)
    XCTAssertEqual(options.tracking.random_seed, UInt64.max)
    // Every option reads back what it holds, and setting it to that changes nothing.
    for name in names() {
      guard let value = text(&options, name) else { return XCTFail(name) }
      var copy = options
      XCTAssertEqual(vc_session_options_set(&copy, name, value), VC_STATUS_OK, name)
      XCTAssertEqual(
        String(cString: vc_session_options_differences(&options, &copy, VC_OPTION_NAMING_C)), "",
        name)
    }
  }

  func testBadNamesCountsAndNumbersAreNamedAndChangeNothing() {
    var options = vc_session_options_t()
    vc_session_options_init(&options)
    var before = options
    let cases: [(String, String, String)] = [
      (
        "tracking.maximumFeatures", "300", "no session option is named \"tracking.maximumFeatures\""
      ),
      ("tracking.max_features", "300 1", "tracking.max_features takes 1 number, got 2"),
      ("tracking.first_camera_up", "1", "tracking.first_camera_up takes 3 numbers, got 1"),
      ("tracking.first_camera_up", "0 up 0", "tracking.first_camera_up takes a number, got \"up\""),
      ("tracking.max_features", "3.5", "tracking.max_features takes a whole number, got \"3.5\""),
      ("tracking.max_features", "", "tracking.max_features takes 1 number, got 0"),
      ("tracking.random_seed", "-1", "tracking.random_seed takes a whole number, got \"-1\""),
      ("worker_threads", "nan", "worker_threads takes a whole number, got \"nan\""),
      ("worker_threads", "99999999999", "worker_threads takes a whole number, got \"99999999999\""),
    ]
    for (name, value, message) in cases {
      XCTAssertEqual(
        vc_session_options_set(&options, name, value), VC_STATUS_INVALID_ARGUMENT, name)
      XCTAssertTrue(
        String(cString: vc_last_error_message()).hasPrefix(message),
        "\(String(cString: vc_last_error_message())) / \(message)")
      XCTAssertEqual(
        String(cString: vc_session_options_differences(&before, &options, VC_OPTION_NAMING_C)),
        "")
    }
    XCTAssertNil(vc_session_options_get(&options, "nothing"))
    XCTAssertEqual(
      String(cString: vc_last_error_message()),
      "no session option is named \"nothing\" (C names such as tracking.max_features)")
  }
}
