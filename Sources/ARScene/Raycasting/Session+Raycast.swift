internal import CVisionCore

extension Session {
  /// Casts a ray into the world as it was after the last processed frame,
  /// like ARKit's `ARSession.raycast(_:)`: hits nearest first, each with the
  /// plane anchor it hit. Empty before the first frame. Throws
  /// ``ARSceneError/Code/invalidArgument`` for a query with a non-finite or
  /// zero-length ray, or an invalid ``raycastConfiguration``.
  public func raycast(_ query: RaycastQuery) throws(ARSceneError) -> [RaycastResult] {
    try raycastConfiguration.validate()
    let hits = try core.raycast(query.core, options: raycastConfiguration.coreOptions)
    guard !hits.isEmpty else { return [] }
    // Estimated-plane hits name no anchor: no lookup to build for them.
    let anchors =
      hits.contains { $0.anchor_id != 0 && $0.target != VC_RAYCAST_TARGET_MESH }
      ? Dictionary(planeSnapshots.map { ($0.coreID, $0.anchor) }) { first, _ in first } : [:]
    return hits.map { hit in
      var h = hit
      let transform = withUnsafeBytes(of: &h.world_transform) { raw in
        Transform(columnMajor: Array(raw.bindMemory(to: Float.self)))!
      }
      return RaycastResult(
        worldTransform: transform, target: RaycastQuery.Target(core: hit.target),
        targetAlignment: RaycastQuery.TargetAlignment(core: hit.alignment),
        anchor: hit.anchor_id == 0 || hit.target == VC_RAYCAST_TARGET_MESH
          ? nil : anchors[hit.anchor_id], distance: hit.distance,
        meshAnchor: hit.target == VC_RAYCAST_TARGET_MESH
          ? publishedMeshAnchors[hit.anchor_id] : nil)
    }
  }
}
