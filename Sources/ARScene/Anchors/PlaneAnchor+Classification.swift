extension PlaneAnchor {
  /// What kind of surface a plane is, like `ARPlaneAnchor.Classification`
  /// (decided from geometry: height above the floor, size, alignment).
  /// Raw values are the ones events print.
  public enum Classification: String, CaseIterable, Sendable {
    /// Not (yet) one of the others; see ``PlaneAnchor/classificationStatus``.
    case none
    case wall
    case floor
    case ceiling
    case table
    case seat
  }

  /// Whether a plane's ``PlaneAnchor/classification`` is decided, like
  /// `ARPlaneAnchor.ClassificationStatus`, plus ``known``.
  public enum ClassificationStatus: String, CaseIterable, Sendable {
    /// Classification is impossible here (no gravity, so no up).
    case notAvailable
    /// Too little of the plane has been seen to decide.
    case undetermined
    /// Decided: the plane is none of the known classes.
    case unknown
    /// Decided, and ``PlaneAnchor/classification`` holds the class. A decided
    /// class does not change afterwards.
    case known
  }
}
