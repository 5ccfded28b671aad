/// A plane anchor as the core reported it after one frame, with the counter
/// and revision the diff compares.
struct PlaneAnchorSnapshot: Equatable, Sendable {
  /// The core's id (1, 2, 3, ...), from which `anchor.identifier` derives.
  var coreID: UInt64
  /// Grows whenever the core changed the anchor meaningfully.
  var revision: UInt32
  var anchor: PlaneAnchor
}

/// A removal as the core reported it: `absorbedBy` is the core id of the
/// anchor that swallowed this one, 0 when it was simply removed.
struct PlaneAnchorRemovalRecord: Equatable, Sendable {
  var coreID: UInt64
  var absorbedBy: UInt64
}
