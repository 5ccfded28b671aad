/// One frame's camera pose: when the frame was taken and where the camera
/// was (``Camera/transform``: world from camera, ARKit axes).
public struct TrajectoryPose: Sendable, Equatable {
  /// The frame's ``CapturedFrame/timestamp``, in seconds (to the nanosecond).
  public var timestamp: Double
  /// World from camera, metres, ARKit camera axes.
  public var transform: Transform
}

extension Session {
  /// Every frame whose pose was measured so far
  /// (``TrackingStatistics/isPoseMeasured``), oldest first, placed as the
  /// map places it now.
  ///
  /// The pose a frame reports never changes once reported, so content does
  /// not jump. This trajectory instead keeps each frame's pose relative to
  /// the keyframe it was tracked against, and when bundle adjustment or a
  /// loop closure (``WorldTrackingConfiguration/isLoopClosureEnabled``) later moves
  /// that keyframe, the frame moves with it: the trajectory a SLAM system
  /// hands over at the end of a run (ORB-SLAM's `SaveTrajectoryTUM`), for
  /// mapping and evaluation rather than for placing content. The session
  /// keeps about 100 bytes per measured frame for it.
  public func refinedTrajectory() throws(ARSceneError) -> [TrajectoryPose] {
    try core.refinedTrajectory()
  }
}
