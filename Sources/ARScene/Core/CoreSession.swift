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

  /// The scene's mesh chunks as last published, in order of id.
  func meshAnchors() throws(ARSceneError) -> [vc_mesh_anchor_t] {
    try fetch(vc_mesh_anchor_t()) { (buffer, capacity, count) in
      vc_session_get_mesh_anchors(handle, buffer, capacity, count)
    }
  }

  /// The mesh chunks removed during the last processed frame.
  func meshAnchorRemovals() throws(ARSceneError) -> [UInt64] {
    try fetch(UInt64(0)) { (buffer, capacity, count) in
      vc_session_get_mesh_anchor_removals(handle, buffer, capacity, count)
    }
  }

  /// One chunk's geometry, in its anchor's frame. Its counts are read
  /// afresh rather than taken from a MeshAnchor the caller kept: after a
  /// re-meshing they differ, and stale counts would cut the arrays short.
  func meshGeometry(id: UInt64) throws(ARSceneError) -> MeshGeometry {
    guard let anchor = try meshAnchors().first(where: { $0.id == id }) else {
      throw ARSceneError(.invalidArgument, "no mesh anchor \(id) in the session")
    }
    let vertexCount = Int(anchor.vertex_count)
    let faceCount = Int(anchor.face_count)
    var vertices = [Float](repeating: 0, count: 3 * vertexCount)
    var normals = [Float](repeating: 0, count: 3 * vertexCount)
    var faces = [UInt32](repeating: 0, count: 3 * faceCount)
    var classes = [UInt8](repeating: 0, count: faceCount)
    try check(
      vc_session_get_mesh_geometry(
        handle, id, &vertices, &normals, anchor.vertex_count, &faces, &classes,
        anchor.face_count))
    let all = MeshClassification.allCases
    return MeshGeometry(
      vertices: (0..<vertexCount).map {
        SIMD3(vertices[3 * $0], vertices[3 * $0 + 1], vertices[3 * $0 + 2])
      },
      normals: (0..<vertexCount).map {
        SIMD3(normals[3 * $0], normals[3 * $0 + 1], normals[3 * $0 + 2])
      },
      faces: (0..<faceCount).map { SIMD3(faces[3 * $0], faces[3 * $0 + 1], faces[3 * $0 + 2]) },
      classifications: classes.map { Int($0) < all.count ? all[Int($0)] : .none })
  }

  /// The hits of one ray against the world after the last processed frame,
  /// nearest first.
  func raycast(
    _ query: vc_raycast_query_t, options: vc_raycast_options_t
  ) throws(ARSceneError) -> [vc_raycast_result_t] {
    var query = query
    var options = options
    // One call in the common case: a ray rarely meets more than a few
    // planes, and each call casts the ray again.
    var results = [vc_raycast_result_t](repeating: vc_raycast_result_t(), count: 8)
    var count: Int32 = 0
    let status = results.withUnsafeMutableBufferPointer { buffer in
      vc_session_raycast(handle, &query, &options, buffer.baseAddress, Int32(buffer.count), &count)
    }
    if status == VC_STATUS_BUFFER_TOO_SMALL {
      return try fetch(vc_raycast_result_t()) { (buffer, capacity, count) in
        vc_session_raycast(handle, &query, &options, buffer, capacity, count)
      }
    }
    try check(status)
    return Array(results.prefix(Int(count)))
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

  /// The map points the last processed frame tracked; nil when its pose was
  /// not measured.
  func featurePoints() throws(ARSceneError) -> PointCloud? {
    let points = try fetch(vc_feature_point_t()) { (buffer, capacity, count) in
      vc_session_get_feature_points(handle, buffer, capacity, count)
    }
    guard !points.isEmpty else { return nil }
    return PointCloud(
      points: points.map { SIMD3($0.position.0, $0.position.1, $0.position.2) },
      identifiers: points.map(\.id))
  }

  /// Every measured frame so far, as the map places it now.
  func refinedTrajectory() throws(ARSceneError) -> [TrajectoryPose] {
    try fetch(vc_trajectory_pose_t()) { (buffer, capacity, count) in
      vc_session_get_refined_trajectory(handle, buffer, capacity, count)
    }.map {
      TrajectoryPose(
        timestamp: Double($0.timestamp_ns) / 1e9,
        transform: Transform(coreColumnMajor: $0.world_from_camera))
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
