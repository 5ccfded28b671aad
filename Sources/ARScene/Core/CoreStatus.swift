internal import CVisionCore

/// The one funnel from C statuses to thrown errors: every call into the core
/// goes through `check`, so no status is ever ignored.
enum CoreStatus {
  /// Throws unless `status` is `VC_STATUS_OK`; `message` reads the core's
  /// message for the failure (per session or per thread).
  static func check(_ status: vc_status_t, message: () -> String) throws(ARSceneError) {
    guard status != VC_STATUS_OK else { return }
    throw error(for: status, message: message())
  }

  /// Checks a call that has no session: its message is the thread's.
  static func check(_ status: vc_status_t) throws(ARSceneError) {
    try check(status) { String(cString: vc_last_error_message()) }
  }

  static func error(for status: vc_status_t, message: String) -> ARSceneError {
    let code = ARSceneError.Code(rawValue: Int32(bitPattern: status.rawValue)) ?? .internalError
    return ARSceneError(code, message.isEmpty ? String(cString: vc_status_name(status)) : message)
  }
}
