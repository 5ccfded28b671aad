/// Anchors that changed on a loop tick without a frame: image anchors whose
/// picture was lost (no longer tracked) or whose grace period ran out.
public struct AnchorChanges: Sendable {
  public var updated: [any Anchor]
  public var removed: [AnchorRemoval]

  public init(updated: [any Anchor] = [], removed: [AnchorRemoval] = []) {
    self.updated = updated
    self.removed = removed
  }

  public var isEmpty: Bool { updated.isEmpty && removed.isEmpty }
}
