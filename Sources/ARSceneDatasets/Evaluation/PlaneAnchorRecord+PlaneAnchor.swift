import ARScene

extension PlaneAnchorRecord {
  /// The session's anchor as the evaluation records it.
  public init(_ anchor: PlaneAnchor) {
    self.init(
      id: anchor.identifier.uuidString, worldFromAnchor: anchor.transform,
      alignment: anchor.alignment.rawValue, classification: anchor.classification.rawValue,
      center: anchor.center,
      extent: Extent(
        width: anchor.planeExtent.width, height: anchor.planeExtent.height,
        rotationOnYAxis: anchor.planeExtent.rotationOnYAxis),
      boundary: anchor.boundary)
  }
}

extension PlaneAnchorHistory {
  /// Records the plane anchors alive after a processed frame (a replay's
  /// `onFrame`).
  public mutating func record(_ update: FrameUpdate) {
    record(time: update.frame.timestamp, anchors: update.planeAnchors.map(PlaneAnchorRecord.init))
  }
}
