internal import CVisionCore

/// Sole owner of a `vc_session_t`: destroyed exactly once, when this value ends.
struct CoreSession: ~Copyable {
  let handle: OpaquePointer

  init(options: vc_session_options_t) throws(ARSceneError) {
    var options = options
    var created: OpaquePointer?
    try CoreStatus.check(vc_session_create(&options, &created))
    guard let created else {
      throw ARSceneError(.internalError, "vc_session_create returned no session")
    }
    handle = created
  }

  deinit { vc_session_destroy(handle) }

  /// Checks a call made on this session: its message is the session's.
  func check(_ status: vc_status_t) throws(ARSceneError) {
    try CoreStatus.check(status) { String(cString: vc_session_last_error_message(handle)) }
  }

  /// The stages of the last processed frame, in the order they ran.
  func stageTimings() throws(ARSceneError) -> [StageTiming] {
    var count: Int32 = 0
    try check(vc_session_get_stage_timings(handle, nil, 0, &count))
    var raw = [vc_stage_timing_t](repeating: vc_stage_timing_t(), count: Int(count))
    try raw.withUnsafeMutableBufferPointer { (buffer) throws(ARSceneError) in
      try check(vc_session_get_stage_timings(handle, buffer.baseAddress, count, &count))
    }
    return raw.map { StageTiming(name: String(cString: $0.name), milliseconds: $0.milliseconds) }
  }
}
