internal import CVisionCore

extension Session {
  /// The scene's mesh chunks, in order of creation: every frame with depth
  /// and a measured pose up to the one before the last, as last re-meshed
  /// (every ``WorldTrackingConfiguration/meshRemeshInterval`` frames). Empty
  /// while ``WorldTrackingConfiguration/sceneReconstruction`` is
  /// ``WorldTrackingConfiguration/SceneReconstruction/none``.
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

  /// Waits for the fusion still running and meshes every chunk waiting for
  /// it, so that ``meshAnchors()`` holds every frame processed so far: at
  /// the end of a recording, or before an export.
  public func finishSceneReconstruction() throws(ARSceneError) {
    try core.check(vc_session_finish_scene_reconstruction(core.handle))
  }
}
