import CVisionCore
import CVisionCoreTesting
import XCTest

/// The C boundary's promises: named statuses, no exception escapes, messages
/// for every failure, the count protocol, validation before OpenCV.
final class BoundaryTests: XCTestCase {
  private var session: OpaquePointer!

  override func setUpWithError() throws {
    var created: OpaquePointer?
    XCTAssertEqual(vc_session_create(nil, &created), VC_STATUS_OK)
    session = try XCTUnwrap(created)
  }

  override func tearDown() {
    vc_session_destroy(session)
  }

  private var sessionMessage: String { String(cString: vc_session_last_error_message(session)) }

  func testEveryStatusHasADistinctName() {
    let names = (0..<VC_STATUS_COUNT).map {
      String(cString: vc_status_name(vc_status_t(UInt32($0))))
    }
    XCTAssertFalse(names.contains("VC_STATUS_UNKNOWN"))
    XCTAssertEqual(Set(names).count, names.count)
    XCTAssertEqual(String(cString: vc_status_name(vc_status_t(999))), "VC_STATUS_UNKNOWN")
  }

  func testOpenCVExceptionBecomesStatusWithOpenCVsMessage() {
    XCTAssertEqual(
      vc_session_raise_for_testing(session, VC_TEST_FAULT_OPENCV_EXCEPTION), VC_STATUS_OPENCV_ERROR)
    XCTAssertTrue(sessionMessage.hasPrefix("OpenCV: "), sessionMessage)
    XCTAssertTrue(sessionMessage.localizedCaseInsensitiveContains("size"), sessionMessage)
  }

  func testOtherExceptionsBecomeStatuses() {
    XCTAssertEqual(
      vc_session_raise_for_testing(session, VC_TEST_FAULT_STD_EXCEPTION), VC_STATUS_INTERNAL_ERROR)
    XCTAssertEqual(sessionMessage, "internal error: test fault")
    XCTAssertEqual(
      vc_session_raise_for_testing(session, VC_TEST_FAULT_BAD_ALLOC), VC_STATUS_OUT_OF_MEMORY)
    XCTAssertEqual(
      vc_session_raise_for_testing(session, VC_TEST_FAULT_UNKNOWN_EXCEPTION),
      VC_STATUS_INTERNAL_ERROR)
    XCTAssertEqual(sessionMessage, "internal error: unknown exception")
  }

  func testZeroSizedImageIsRejectedWithAMessage() {
    var pixel: UInt8 = 0
    var result = vc_frame_result_t()
    let status = withUnsafePointer(to: &pixel) { data in
      var input = grayInput(data: data, width: 0, height: 0, timestamp: 1)
      return vc_session_process_frame(session, &input, &result)
    }
    XCTAssertEqual(status, VC_STATUS_INVALID_IMAGE)
    XCTAssertTrue(sessionMessage.contains("0x0"), sessionMessage)
  }

  func testStrideSmallerThanARowIsRejected() {
    let pixels = [UInt8](repeating: 0, count: 64 * 48)
    var result = vc_frame_result_t()
    let status = pixels.withUnsafeBufferPointer { buffer in
      var input = grayInput(data: buffer.baseAddress!, width: 64, height: 48, timestamp: 1)
      input.color.stride_bytes = 10
      return vc_session_process_frame(session, &input, &result)
    }
    XCTAssertEqual(status, VC_STATUS_INVALID_IMAGE)
    XCTAssertTrue(sessionMessage.contains("stride"), sessionMessage)
  }

  func testStageTimingsFollowTheCountProtocol() throws {
    var count: Int32 = -1
    XCTAssertEqual(vc_session_get_stage_timings(session, nil, 0, &count), VC_STATUS_OK)
    XCTAssertEqual(count, 0, "no frame processed yet")

    let pixels = [UInt8](repeating: 90, count: 64 * 48)
    var result = vc_frame_result_t()
    let status = pixels.withUnsafeBufferPointer { buffer in
      var input = grayInput(data: buffer.baseAddress!, width: 64, height: 48, timestamp: 1)
      return vc_session_process_frame(session, &input, &result)
    }
    XCTAssertEqual(status, VC_STATUS_OK)
    XCTAssertEqual(vc_session_get_stage_timings(session, nil, 0, &count), VC_STATUS_OK)
    XCTAssertEqual(count, 4)
    var small = [vc_stage_timing_t](repeating: vc_stage_timing_t(), count: 1)
    XCTAssertEqual(
      vc_session_get_stage_timings(session, &small, 1, &count), VC_STATUS_BUFFER_TOO_SMALL)
    XCTAssertEqual(count, 4, "a too-small buffer reports the count needed")
    var timings = [vc_stage_timing_t](repeating: vc_stage_timing_t(), count: 4)
    XCTAssertEqual(vc_session_get_stage_timings(session, &timings, 4, &count), VC_STATUS_OK)
    XCTAssertEqual(
      timings.map { String(cString: $0.name) },
      ["ingest", "imageStatistics", "mapOptimization", "tracking"])
    XCTAssertTrue(timings.allSatisfy { $0.milliseconds >= 0 })
  }

  func testFailedFrameLeavesTheSessionUnchanged() {
    let pixels = [UInt8](repeating: 90, count: 64 * 48)
    func process(_ timestamp: Int64) -> vc_status_t {
      var result = vc_frame_result_t()
      return pixels.withUnsafeBufferPointer { buffer in
        var input = grayInput(
          data: buffer.baseAddress!, width: 64, height: 48, timestamp: timestamp)
        return vc_session_process_frame(session, &input, &result)
      }
    }
    XCTAssertEqual(process(2_000), VC_STATUS_OK)
    XCTAssertEqual(process(1_000), VC_STATUS_TIMESTAMP_ORDER)
    XCTAssertTrue(sessionMessage.contains("not after the previous frame"), sessionMessage)
    XCTAssertEqual(process(2_000), VC_STATUS_TIMESTAMP_ORDER, "equal timestamps are not after")
    XCTAssertEqual(process(3_000), VC_STATUS_OK)
    XCTAssertEqual(sessionMessage, "", "a successful call clears the message")
  }

  func testInvalidOptionsAreRejectedAtCreation() {
    var options = vc_session_options_t()
    vc_session_options_init(&options)
    options.statistics_sample_step = 0
    var created: OpaquePointer?
    XCTAssertEqual(vc_session_create(&options, &created), VC_STATUS_INVALID_ARGUMENT)
    XCTAssertNil(created)
    XCTAssertTrue(String(cString: vc_last_error_message()).contains("statistics_sample_step"))
    vc_session_options_init(&options)
    XCTAssertEqual(options.worker_threads, 2, "recognition beside tracking by default")
    options.worker_threads = 3
    XCTAssertEqual(vc_session_create(&options, &created), VC_STATUS_INVALID_ARGUMENT)
    XCTAssertEqual(
      String(cString: vc_last_error_message()), "worker_threads must be 1...2, got 3")
  }

  func testVersionMatchesTheHeaderMacros() {
    XCTAssertEqual(
      String(cString: vc_version()), "\(VC_VERSION_MAJOR).\(VC_VERSION_MINOR).\(VC_VERSION_PATCH)")
    XCTAssertTrue(String(cString: vc_opencv_version()).hasPrefix("4."))
  }

  func testDestroyingNullIsANoOp() {
    vc_session_destroy(nil)
    vc_image_destroy(nil)
  }

  func testCorruptImageBytesFailToDecode() {
    let garbage: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 1, 2, 3, 4, 5]
    var image: OpaquePointer?
    XCTAssertEqual(vc_image_decode(garbage, garbage.count, &image), VC_STATUS_DECODE_FAILED)
    XCTAssertNil(image)
    XCTAssertTrue(String(cString: vc_last_error_message()).contains("not a readable image"))
  }

  func testWritingToAnUnknownFormatReportsOpenCVsReason() {
    let pixels = [UInt8](repeating: 7, count: 8 * 8)
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("x.notaformat").path
    let status = pixels.withUnsafeBufferPointer { buffer in
      var view = vc_image_view_t(
        data: buffer.baseAddress, width: 8, height: 8, stride_bytes: 8,
        format: VC_PIXEL_FORMAT_GRAY8)
      return vc_image_write(&view, path)
    }
    XCTAssertEqual(status, VC_STATUS_OPENCV_ERROR)
    XCTAssertTrue(String(cString: vc_last_error_message()).contains("OpenCV"))
  }

  private func grayInput(data: UnsafePointer<UInt8>, width: Int32, height: Int32, timestamp: Int64)
    -> vc_frame_input_t
  {
    vc_frame_input_t(
      timestamp_ns: timestamp,
      intrinsics: vc_camera_intrinsics_t(
        fx: 50, fy: 50, cx: 32, cy: 24, width: width, height: height),
      color: vc_image_view_t(
        data: data, width: width, height: height, stride_bytes: width, format: VC_PIXEL_FORMAT_GRAY8
      ),
      depth: nil, imu_samples: nil, imu_sample_count: 0)
  }
}
