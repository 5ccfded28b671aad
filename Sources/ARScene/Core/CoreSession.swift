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

  /// The plane anchors after the last processed frame, in order of id.
  func planeAnchors() throws(ARSceneError) -> [vc_plane_anchor_t] {
    try fetch(vc_plane_anchor_t()) { (buffer, capacity, count) in
      vc_session_get_plane_anchors(handle, buffer, capacity, count)
    }
  }

  /// The plane anchors removed during the last processed frame.
  func planeAnchorRemovals() throws(ARSceneError) -> [vc_plane_anchor_removal_t] {
    try fetch(vc_plane_anchor_removal_t()) { (buffer, capacity, count) in
      vc_session_get_plane_anchor_removals(handle, buffer, capacity, count)
    }
  }

  /// The pictures found or followed in the last processed frame.
  func trackedImages() throws(ARSceneError) -> [TrackedImageRecord] {
    try fetch(vc_image_detection_t()) { (buffer, capacity, count) in
      vc_session_get_tracked_images(handle, buffer, capacity, count)
    }.map {
      TrackedImageRecord(
        name: String(cString: $0.name),
        worldFromImage: Transform(coreColumnMajor: $0.world_from_image),
        estimatedScaleFactor: $0.estimated_scale_factor)
    }
  }

  /// The count protocol: ask for the count, then fill an array that size.
  private func fetch<Element>(
    _ empty: Element,
    _ call: (UnsafeMutablePointer<Element>?, Int32, UnsafeMutablePointer<Int32>) -> vc_status_t
  ) throws(ARSceneError) -> [Element] {
    var count: Int32 = 0
    try check(call(nil, 0, &count))
    guard count > 0 else { return [] }
    var elements = [Element](repeating: empty, count: Int(count))
    try elements.withUnsafeMutableBufferPointer { (buffer) throws(ARSceneError) in
      try check(call(buffer.baseAddress, Int32(buffer.count), &count))
    }
    return Array(elements.prefix(Int(count)))
  }
}
