internal import CVisionCore

extension PlaneAnchorSnapshot {
  /// Reads the core's anchor. Values a newer core might add read as the
  /// nearest safe meaning (see each mapping) rather than failing the frame.
  init(core: vc_plane_anchor_t) {
    var c = core
    let transform = withUnsafeBytes(of: &c.world_from_anchor) { raw in
      Transform(columnMajor: Array(raw.bindMemory(to: Float.self)))!
    }
    let vertexCount = Int(max(0, min(c.boundary_vertex_count, VC_PLANE_BOUNDARY_MAX_VERTICES)))
    let boundary = withUnsafeBytes(of: &c.boundary) { raw in
      let floats = raw.bindMemory(to: Float.self)
      return (0..<vertexCount).map { SIMD2(floats[2 * $0], floats[2 * $0 + 1]) }
    }
    // The core's class means something only once decided.
    let status = PlaneAnchor.ClassificationStatus(core: c.classification_status)
    let anchor = PlaneAnchor(
      identifier: AnchorIdentifier.plane(c.id), transform: transform,
      alignment: PlaneAnchor.Alignment(core: c.alignment, transform: transform),
      center: SIMD3(c.center.0, c.center.1, c.center.2),
      planeExtent: PlaneExtent(
        width: c.extent_width, height: c.extent_height,
        rotationOnYAxis: c.extent_rotation_on_y_axis),
      boundary: boundary, area: c.area,
      classification: status == .known ? PlaneAnchor.Classification(core: c.classification) : .none,
      classificationStatus: status)
    self.init(coreID: c.id, revision: c.revision, anchor: anchor)
  }
}

extension PlaneAnchorRemovalRecord {
  init(core: vc_plane_anchor_removal_t) {
    self.init(coreID: core.id, absorbedBy: core.absorbed_by)
  }
}

extension PlaneAnchor.Alignment {
  /// An unknown value is read from the anchor's normal (+Y) instead.
  init(core: vc_plane_alignment_t, transform: Transform) {
    switch core {
    case VC_PLANE_ALIGNMENT_HORIZONTAL: self = .horizontal
    case VC_PLANE_ALIGNMENT_VERTICAL: self = .vertical
    default: self = abs(transform.columns.1.y) >= Float(0.5).squareRoot() ? .horizontal : .vertical
    }
  }
}

extension PlaneAnchor.Classification {
  /// An unknown class reads as `.none`.
  init(core: vc_plane_classification_t) {
    switch core {
    case VC_PLANE_CLASSIFICATION_WALL: self = .wall
    case VC_PLANE_CLASSIFICATION_FLOOR: self = .floor
    case VC_PLANE_CLASSIFICATION_CEILING: self = .ceiling
    case VC_PLANE_CLASSIFICATION_TABLE: self = .table
    case VC_PLANE_CLASSIFICATION_SEAT: self = .seat
    default: self = .none
    }
  }
}

extension PlaneAnchor.ClassificationStatus {
  /// An unknown status reads as `.undetermined`.
  init(core: vc_plane_classification_status_t) {
    switch core {
    case VC_PLANE_CLASSIFICATION_STATUS_NOT_AVAILABLE: self = .notAvailable
    case VC_PLANE_CLASSIFICATION_STATUS_UNKNOWN: self = .unknown
    case VC_PLANE_CLASSIFICATION_STATUS_KNOWN: self = .known
    default: self = .undetermined
    }
  }
}
