/// What the tracker did with one frame, mirroring `vc_tracking_statistics_t`:
/// how many features carried the pose, for coaching, tests and debugging.
public struct TrackingStatistics: Equatable, Sendable {
  /// Features followed into this frame by optical flow.
  public var trackedFeatures: Int
  /// Of those, the ones that agree with the estimated pose.
  public var inliers: Int
  /// 3D points in the local map after this frame.
  public var mapPoints: Int
  /// Keyframes kept (bounded by ``WorldTrackingConfiguration/TrackingOptions/maximumKeyframes``).
  public var keyframes: Int
  /// This frame extended the map.
  public var isKeyframe: Bool
  /// The pose was measured from this frame; false when it is held from an
  /// earlier frame (too dark, tracking lost, or a new map started at the held
  /// pose after a loss) or there is none yet.
  public var isPoseMeasured: Bool
  /// This frame found the existing map again after frames whose pose was
  /// held: the pose moves from the held one to the measured one.
  public var relocalized: Bool
  /// Map points found again this frame that no frame had seen for at least
  /// 5 seconds: the camera is back in a place it mapped before (a loop) and
  /// is tracked against the points first seen there, so the drift of the
  /// way round does not stay. 0 on most frames.
  public var revisitedPoints: Int
  /// Positions are in metres: the frame's camera was tracked with depth, or
  /// the IMU has given the map its scale. False while tracking without depth
  /// has only a unit of its own (monocular, or visual-inertial before the
  /// scale is known); a placed object's size then means nothing yet.
  public var isScaleKnown: Bool
  /// Why positions are not in metres when ``isScaleKnown`` is false; nil
  /// when it is true.
  public var unknownScaleReason: UnknownScaleReason?

  /// Statistics with the given values, each 0 or false unless given (the
  /// scale known unless said otherwise).
  public init(
    trackedFeatures: Int = 0, inliers: Int = 0, mapPoints: Int = 0, keyframes: Int = 0,
    isKeyframe: Bool = false, isPoseMeasured: Bool = false, relocalized: Bool = false,
    revisitedPoints: Int = 0, isScaleKnown: Bool = true,
    unknownScaleReason: UnknownScaleReason? = nil
  ) {
    self.trackedFeatures = trackedFeatures
    self.inliers = inliers
    self.mapPoints = mapPoints
    self.keyframes = keyframes
    self.isKeyframe = isKeyframe
    self.isPoseMeasured = isPoseMeasured
    self.relocalized = relocalized
    self.revisitedPoints = revisitedPoints
    self.isScaleKnown = isScaleKnown
    self.unknownScaleReason = unknownScaleReason
  }
}
