import ARScene

/// The coaching a replay runs: what the person is after, the words and the
/// timings.
public struct ReplayCoaching: Sendable {
  /// The goal; nil picks it from the plane detection: a horizontal surface,
  /// a vertical one, any, or (with plane detection off) just tracking.
  public var goal: CoachingGoal?
  public var catalog: CoachingCatalog
  public var configuration: CoachingConfiguration

  public init(
    goal: CoachingGoal? = nil, catalog: CoachingCatalog = CoachingCatalog(),
    configuration: CoachingConfiguration = CoachingConfiguration()
  ) {
    self.goal = goal
    self.catalog = catalog
    self.configuration = configuration
  }

  /// The goal for a session detecting `planeDetection`.
  public func goal(for planeDetection: WorldTrackingConfiguration.PlaneDetection) -> CoachingGoal {
    goal ?? CoachingGoal(planeDetection: planeDetection)
  }
}
