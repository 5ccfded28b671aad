extension CoachingInput {
  /// The little the coaching needs to know about a found surface: enough to
  /// tell whether it meets the goal, without the geometry.
  public struct Surface: Hashable, Sendable {
    /// Whether the surface is horizontal or vertical.
    public var alignment: PlaneAnchor.Alignment
    /// What the surface is; ``PlaneAnchor/Classification/none`` while that is not decided.
    public var classification: PlaneAnchor.Classification

    /// A surface of the given alignment and class (by default none).
    public init(
      alignment: PlaneAnchor.Alignment, classification: PlaneAnchor.Classification = .none
    ) {
      self.alignment = alignment
      self.classification = classification
    }

    /// The surface of a plane anchor; its class counts only once decided.
    public init(_ anchor: PlaneAnchor) {
      self.init(
        alignment: anchor.alignment,
        classification: anchor.classificationStatus == .known ? anchor.classification : .none)
    }
  }
}
