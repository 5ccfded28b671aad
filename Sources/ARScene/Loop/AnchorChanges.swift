/// Anchors that changed on a loop tick without a frame: image anchors whose
/// picture was lost (no longer tracked) or whose grace period ran out.
public struct AnchorChanges: Sendable {
  /// Anchors as they are after the tick: image anchors no longer tracked.
  public var updated: [any Anchor]
  /// Anchors removed on the tick, each as last reported.
  public var removed: [AnchorRemoval]

  /// Changes; none unless given.
  public init(updated: [any Anchor] = [], removed: [AnchorRemoval] = []) {
    self.updated = updated
    self.removed = removed
  }

  /// Whether no anchor changed.
  public var isEmpty: Bool { updated.isEmpty && removed.isEmpty }
}
