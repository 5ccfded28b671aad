/// What the coaching knows about one moment of the session: a snapshot the
/// caller builds each update, so the controller keeps no clock of its own and
/// the same snapshots always give the same messages.
public struct CoachingInput: Sendable {
  /// Session time in seconds. Times should not decrease; a time earlier than
  /// the previous update's (or not finite) is read as the previous time.
  public var time: Double
  /// The camera's tracking state at ``time``.
  public var trackingState: Camera.TrackingState
  /// Why the latest frame's positions are not in metres, if they are not
  /// (``TrackingStatistics/unknownScaleReason``): without depth, a camera
  /// that only turns is asked to move sideways.
  public var unknownScaleReason: UnknownScaleReason?
  /// The latest frame had no depth (``ImageStatistics/validDepthFraction``
  /// 0): tracking must start from colour, which needs sideways motion.
  public var isWithoutDepth: Bool
  /// The latest frame's pose was measured
  /// (``TrackingStatistics/isPoseMeasured``): without depth, tracking has
  /// started.
  public var isPoseMeasured: Bool
  /// Every surface found so far (not only new ones); the controller decides
  /// which of them meet the goal.
  public var surfaces: [Surface]
  /// Names of the reference images found so far.
  public var imageNames: Set<String>
  /// Taps answered since the previous update, oldest first.
  public var placements: [Placement]
  /// The session was started over just before this update: coaching starts
  /// from scratch, and the shown message is cleared at once because it
  /// speaks of what was before.
  public var isSessionReset: Bool

  /// A snapshot from its parts: no surfaces, images, taps, reset or
  /// unknown scale unless given, and depth and a measured pose.
  public init(
    time: Double, trackingState: Camera.TrackingState, surfaces: [Surface] = [],
    imageNames: Set<String> = [], placements: [Placement] = [], isSessionReset: Bool = false,
    unknownScaleReason: UnknownScaleReason? = nil, isWithoutDepth: Bool = false,
    isPoseMeasured: Bool = true
  ) {
    self.time = time
    self.trackingState = trackingState
    self.unknownScaleReason = unknownScaleReason
    self.isWithoutDepth = isWithoutDepth
    self.isPoseMeasured = isPoseMeasured
    self.surfaces = surfaces
    self.imageNames = imageNames
    self.placements = placements
    self.isSessionReset = isSessionReset
  }

  /// The snapshot of a processed frame: its time, tracking state and plane
  /// anchors, plus what only the app knows (images, taps, resets).
  public init(
    update: FrameUpdate, imageNames: Set<String> = [], placements: [Placement] = [],
    isSessionReset: Bool = false
  ) {
    self.init(
      time: update.frame.timestamp, trackingState: update.frame.camera.trackingState,
      surfaces: update.planeAnchors.map(Surface.init), imageNames: imageNames,
      placements: placements, isSessionReset: isSessionReset,
      unknownScaleReason: update.frame.trackingStatistics.unknownScaleReason,
      isWithoutDepth: update.frame.statistics.validDepthFraction == 0,
      isPoseMeasured: update.frame.trackingStatistics.isPoseMeasured)
  }
}
