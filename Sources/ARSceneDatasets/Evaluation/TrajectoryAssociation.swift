/// Pairs of estimated and ground-truth poses taken at (nearly) the same time,
/// matched the way evo's `associate_trajectories` does: every pose of the
/// shorter trajectory takes the nearest pose in time of the longer one, and
/// the pair is kept when they are at most `maxTimeDifference` apart. Matching
/// evo here is what makes our ATE agree with `evo_ape`.
public struct TrajectoryAssociation: Sendable {
  public var estimate: [TimedPose]
  public var groundTruth: [TimedPose]

  /// evo's default `t_max_diff`.
  public static let defaultMaxTimeDifference = 0.01

  public init(
    estimate: [TimedPose], groundTruth: [TimedPose],
    maxTimeDifference: Double = defaultMaxTimeDifference
  ) {
    let estimateIsShorter = estimate.count <= groundTruth.count
    let short = estimateIsShorter ? estimate : groundTruth
    let long = estimateIsShorter ? groundTruth : estimate
    var pairedShort: [TimedPose] = []
    var pairedLong: [TimedPose] = []
    var cursor = 0
    for pose in short {
      // Both are time-ordered, so the nearest index only moves forward.
      while cursor + 1 < long.count,
        abs(long[cursor + 1].timestamp - pose.timestamp)
          <= abs(long[cursor].timestamp - pose.timestamp)
      {
        cursor += 1
      }
      guard cursor < long.count, abs(long[cursor].timestamp - pose.timestamp) <= maxTimeDifference
      else { continue }
      pairedShort.append(pose)
      pairedLong.append(long[cursor])
    }
    self.estimate = estimateIsShorter ? pairedShort : pairedLong
    self.groundTruth = estimateIsShorter ? pairedLong : pairedShort
  }

  public var count: Int { estimate.count }
}
