import CVisionCore
import XCTest

/// vc_session_raycast at the C boundary: queries validated with messages
/// that name the field, the count protocol, and the estimated plane's need
/// for a frame with depth.
final class RaycastBoundaryTests: XCTestCase {
  private func query(
    direction: (Float, Float, Float) = (0, -0.2, -1),
    target: vc_raycast_target_t = VC_RAYCAST_TARGET_ESTIMATED_PLANE,
    alignment: vc_raycast_alignment_t = VC_RAYCAST_ALIGNMENT_ANY
  ) -> vc_raycast_query_t {
    vc_raycast_query_t(
      origin: (0, 0, 0), direction: direction, target: target, alignment: alignment)
  }

  private func raycast(_ session: SyntheticRoom.Session, _ query: vc_raycast_query_t)
    -> (vc_status_t, Int32, String)
  {
    var q = query
    var count: Int32 = -1
    let status = vc_session_raycast(session.handle, &q, nil, nil, 0, &count)
    return (status, count, String(cString: vc_session_last_error_message(session.handle)))
  }

  func testBadQueriesAreRefusedNamingTheField() throws {
    let session = try SyntheticRoom.Session()
    let cases: [(vc_raycast_query_t, String)] = [
      (query(direction: (0, 0, 0)), "zero length"),
      (query(direction: (0, .nan, 1)), "direction[1]"),
      (query(target: vc_raycast_target_t(rawValue: 7)), "unknown target 7"),
      (query(alignment: vc_raycast_alignment_t(rawValue: 9)), "unknown alignment 9"),
    ]
    for (bad, words) in cases {
      let (status, _, message) = raycast(session, bad)
      XCTAssertEqual(status, VC_STATUS_INVALID_ARGUMENT, words)
      XCTAssertTrue(message.contains(words), message)
    }
    var count: Int32 = 0
    XCTAssertEqual(
      vc_session_raycast(session.handle, nil, nil, nil, 0, &count), VC_STATUS_INVALID_ARGUMENT)
    XCTAssertEqual(vc_session_raycast(nil, nil, nil, nil, 0, &count), VC_STATUS_INVALID_ARGUMENT)
    var q = query()
    var options = vc_raycast_options_t()
    vc_raycast_options_init(&options)
    options.max_rms_per_metre = -1
    XCTAssertEqual(
      vc_session_raycast(session.handle, &q, &options, nil, 0, &count), VC_STATUS_INVALID_ARGUMENT)
    XCTAssertTrue(
      String(cString: vc_session_last_error_message(session.handle)).contains("max_rms_per_metre"))
  }

  func testTheEstimatedPlaneNeedsAFrameWithDepthAndFollowsTheCountProtocol() throws {
    let scene = try SyntheticRoom.Scene()
    let frame = scene.render(SyntheticRoom.lookAt(eye: SIMD3(0, 1.4, 2), target: SIMD3(0, 0.3, 0)))
    let withoutDepth = try SyntheticRoom.Session()
    withoutDepth.process(frame, index: 0, withDepth: false)
    XCTAssertEqual(raycast(withoutDepth, query()).1, 0, "no depth, no estimate")

    let session = try SyntheticRoom.Session()
    session.process(frame, index: 0)
    let (status, count, _) = raycast(session, query())
    XCTAssertEqual(status, VC_STATUS_OK)
    XCTAssertEqual(count, 1)
    var q = query()
    var results = [vc_raycast_result_t](repeating: vc_raycast_result_t(), count: 1)
    var written: Int32 = 0
    XCTAssertEqual(
      vc_session_raycast(session.handle, &q, nil, &results, 0, &written), VC_STATUS_BUFFER_TOO_SMALL
    )
    XCTAssertEqual(written, 1, "the needed count")
    XCTAssertEqual(vc_session_raycast(session.handle, &q, nil, &results, 1, &written), VC_STATUS_OK)
    XCTAssertEqual(results[0].target, VC_RAYCAST_TARGET_ESTIMATED_PLANE)
    XCTAssertEqual(results[0].anchor_id, 0)
    XCTAssertGreaterThan(results[0].distance, 0)
  }
}
