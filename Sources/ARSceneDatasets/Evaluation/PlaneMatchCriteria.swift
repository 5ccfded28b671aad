/// When an anchor counts as finding a ground-truth plane: loose enough that a
/// poor estimate still counts as found (its errors are then reported), tight
/// enough that the table top never passes for the floor 0.75 m below it.
public struct PlaneMatchCriteria: Equatable, Sendable {
  /// Degrees between the anchor's normal and the plane's (> 0).
  public var maxNormalErrorDegrees: Double = 10
  /// Metres between the planes along the ground truth's normal, at its centre (> 0).
  public var maxOffsetError: Double = 0.10
  /// Share of the anchor's footprint that must lie on the plane's polygon (0...1).
  public var minOverlapFraction: Double = 0.1

  public init() {}

  /// What is wrong with the values, or nil.
  public var problem: String? {
    if !(maxNormalErrorDegrees > 0 && maxNormalErrorDegrees < 180) {
      return "maxNormalErrorDegrees must be in (0, 180), got \(maxNormalErrorDegrees)"
    }
    if !(maxOffsetError > 0) { return "maxOffsetError must be > 0, got \(maxOffsetError)" }
    if !(minOverlapFraction >= 0 && minOverlapFraction <= 1) {
      return "minOverlapFraction must be in 0...1, got \(minOverlapFraction)"
    }
    return nil
  }

  public func accepts(_ match: PlaneMatch) -> Bool {
    match.sameAlignment && match.normalErrorDegrees <= maxNormalErrorDegrees
      && match.offsetError <= maxOffsetError && match.overlapArea > 0
      && match.overlapFraction >= minOverlapFraction
  }
}
