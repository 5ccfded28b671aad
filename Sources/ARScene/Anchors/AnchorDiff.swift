/// What changed between two frames' anchor lists: the only place added,
/// updated and removed are decided, kept free of the core so it can be
/// tested with made-up lists. Linear in the number of anchors.
struct AnchorDiff {
  /// Anchors new in `current`, in the core's order (by id).
  var added: [PlaneAnchor] = []
  /// Anchors in both lists whose revision changed, in the core's order.
  var updated: [PlaneAnchor] = []
  /// Anchors of `previous` missing from `current`, in id order, each as it
  /// was last reported.
  var removed: [AnchorRemoval] = []

  var isEmpty: Bool { added.isEmpty && updated.isEmpty && removed.isEmpty }

  /// - Parameters:
  ///   - previous: the anchors after the frame before.
  ///   - current: the anchors after this frame.
  ///   - removals: what the core says left during this frame. It decides who
  ///     absorbed whom; which anchors are gone is decided by the two lists, so
  ///     an anchor born and merged within one frame (never reported) stays
  ///     unreported, and an anchor that vanished without a removal record is
  ///     still removed.
  init(
    previous: [PlaneAnchorSnapshot], current: [PlaneAnchorSnapshot],
    removals: [PlaneAnchorRemovalRecord]
  ) {
    var previousRevisions: [UInt64: UInt32] = [:]
    previousRevisions.reserveCapacity(previous.count)
    for snapshot in previous { previousRevisions[snapshot.coreID] = snapshot.revision }
    var currentIDs = Set<UInt64>()
    currentIDs.reserveCapacity(current.count)
    for snapshot in current {
      currentIDs.insert(snapshot.coreID)
      switch previousRevisions[snapshot.coreID] {
      case nil: added.append(snapshot.anchor)
      case let revision? where revision != snapshot.revision: updated.append(snapshot.anchor)
      default: break
      }
    }

    var absorbers: [UInt64: UInt64] = [:]
    for removal in removals where removal.absorbedBy != 0 && removal.absorbedBy != removal.coreID {
      absorbers[removal.coreID] = removal.absorbedBy
    }
    for snapshot in previous.sorted(by: { $0.coreID < $1.coreID })
    where !currentIDs.contains(snapshot.coreID) {
      let survivor = Self.survivor(of: snapshot.coreID, absorbers: absorbers, current: currentIDs)
      removed.append(
        AnchorRemoval(anchor: snapshot.anchor, absorbedBy: survivor.map(AnchorIdentifier.plane)))
    }
  }

  /// The anchor that finally holds `id`'s surface: when A was absorbed by B
  /// and B by C in the same frame, A's surface is in C. Stops at the first
  /// anchor still present; with none present, the last absorber named.
  private static func survivor(
    of id: UInt64, absorbers: [UInt64: UInt64], current: Set<UInt64>
  ) -> UInt64? {
    var next = absorbers[id]
    var steps = 0
    while let candidate = next, !current.contains(candidate), let further = absorbers[candidate],
      steps < absorbers.count
    {
      next = further
      steps += 1
    }
    return next
  }
}
