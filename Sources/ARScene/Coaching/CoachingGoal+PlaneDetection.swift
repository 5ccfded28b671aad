extension CoachingGoal {
  /// The goal of a session detecting `planeDetection`: a horizontal
  /// surface, a vertical one, any, or (with plane detection off) just
  /// tracking.
  public init(planeDetection: WorldTrackingConfiguration.PlaneDetection) {
    switch (planeDetection.contains(.horizontal), planeDetection.contains(.vertical)) {
    case (true, true): self = .anyPlane
    case (true, false): self = .horizontalPlane
    case (false, true): self = .verticalPlane
    case (false, false): self = .tracking
    }
  }
}
