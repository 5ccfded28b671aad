import ARScene

extension TimedPose {
  /// `reported` (the poses a replay reported frame by frame) with each pose
  /// replaced by the pose of the same frame in `refined`
  /// (``Session/refinedTrajectory()``, in the same camera convention): the
  /// same frames, placed as the final map places them. Frames are matched by
  /// timestamp to the nanosecond, the engine's clock; a reported frame that
  /// `refined` lacks (one before a session reset, whose world was left
  /// behind) keeps its reported pose.
  package static func refining(_ reported: [TimedPose], with refined: [TimedPose])
    -> [TimedPose]
  {
    func nanoseconds(_ seconds: Double) -> Int64 { Int64((seconds * 1e9).rounded()) }
    var byFrame: [Int64: TimedPose] = [:]
    byFrame.reserveCapacity(refined.count)
    for pose in refined { byFrame[nanoseconds(pose.timestamp)] = pose }
    return reported.map { pose in
      guard var better = byFrame[nanoseconds(pose.timestamp)] else { return pose }
      better.timestamp = pose.timestamp
      return better
    }
  }
}
