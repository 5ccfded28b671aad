internal import CVisionCore

extension Session {
  /// The scene's mesh chunks, in order of creation: every frame with depth
  /// and a measured pose up to the one before the last, as last re-meshed
  /// (every ``WorldTrackingConfiguration/meshRemeshInterval`` frames). Empty
  /// while ``WorldTrackingConfiguration/sceneReconstruction`` is
  /// ``WorldTrackingConfiguration/SceneReconstruction/none``.
  ///
  /// When a loop closure corrects the map, or the world turns once up is
  /// known, the surfaces are fused anew where the corrected map puts them,
  /// from views kept along the way, at most two fusions a frame with the
  /// new frame's own; until that is done the chunks stay as they were,
  /// then each is updated, or removed when no surface is left in it. A session whose tracking started over (a new
  /// world) removes every chunk.
  public func meshAnchors() throws(ARSceneError) -> [MeshAnchor] {
    try core.meshAnchors().map { raw in
      var matrix = raw.world_from_anchor
      let values = withUnsafeBytes(of: &matrix) { Array($0.bindMemory(to: Float.self)) }
      return MeshAnchor(
        identifier: AnchorIdentifier.uuid(kind: .mesh, coreID: raw.id),
        coreID: raw.id, revision: Int(raw.revision),
        transform: Transform(columnMajor: values) ?? .identity,
        vertexCount: Int(raw.vertex_count), faceCount: Int(raw.face_count))
    }
  }

  /// Reads the core's mesh chunks after a frame and says which were added,
  /// re-meshed or removed (by revision); only the chunks' counts cross,
  /// never their geometry.
  func updateMeshAnchors() throws(ARSceneError) -> (
    added: [MeshAnchor], updated: [MeshAnchor], removed: [MeshAnchor]
  ) {
    guard configuration.sceneReconstruction != .none else { return ([], [], []) }
    var added: [MeshAnchor] = []
    var updated: [MeshAnchor] = []
    var current: [UInt64: MeshAnchor] = [:]
    for anchor in try meshAnchors() {
      current[anchor.coreID] = anchor
      if let previous = publishedMeshAnchors[anchor.coreID] {
        if previous.revision != anchor.revision { updated.append(anchor) }
      } else {
        added.append(anchor)
      }
    }
    let removed = publishedMeshAnchors.values.filter { current[$0.coreID] == nil }
      .sorted { $0.coreID < $1.coreID }
    publishedMeshAnchors = current
    return (added, updated, removed)
  }

  /// The core ids of the mesh chunks the last processed frame removed (or
  /// ``finishSceneReconstruction()`` since).
  public func meshAnchorRemovals() throws(ARSceneError) -> [UInt64] {
    try core.meshAnchorRemovals()
  }

  /// The vertices, normals, faces and face classes of a chunk, as the
  /// session holds it now.
  public func meshGeometry(of anchor: MeshAnchor) throws(ARSceneError) -> MeshGeometry {
    try core.meshGeometry(id: anchor.coreID)
  }

  /// The scene's depth as its mesh shows it from `camera` (its intrinsics
  /// and transform): metres along the optical axis (a
  /// ``PixelFormat/depthFloat32`` map of the camera's size), 0 where no mesh
  /// is seen. Hides virtual content behind real surfaces and fills the holes
  /// of a sensor's depth, like ARKit's `smoothedSceneDepth`; it renders
  /// ``meshAnchors()`` as they are now.
  public func sceneDepth(for camera: Camera) throws(ARSceneError) -> DepthData {
    let k = camera.intrinsics
    var intrinsics = vc_camera_intrinsics_t(
      fx: k.fx, fy: k.fy, cx: k.cx, cy: k.cy, width: Int32(k.width), height: Int32(k.height))
    let pose = camera.transform.columnMajor
    var metres = [Float](repeating: 0, count: k.width * k.height)
    try core.check(
      vc_session_render_scene_depth(core.handle, &intrinsics, pose, &metres, Int32(k.width)))
    let map = try PixelBuffer(
      format: .depthFloat32, width: k.width, height: k.height,
      bytes: metres.withUnsafeBytes { Array($0) })
    return DepthData(depthMap: map, unitsPerMeter: 1)
  }

  /// Waits for the fusion still running and meshes every chunk waiting for
  /// it, so that ``meshAnchors()`` holds every frame processed so far: at
  /// the end of a recording, or before an export.
  public func finishSceneReconstruction() throws(ARSceneError) {
    try core.check(vc_session_finish_scene_reconstruction(core.handle))
  }
}
