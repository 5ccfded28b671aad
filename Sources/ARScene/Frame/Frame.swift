/// A processed frame: what the session understood from one ``CapturedFrame``.
public struct Frame: Sendable {
  /// Seconds, as given in the ``CapturedFrame``.
  public var timestamp: Double
  /// Index of the frame in its session, from 0.
  public var index: Int
  /// The camera's intrinsics, pose and tracking state, like ARKit's `ARFrame.camera`.
  public var camera: Camera
  /// Nil when the configuration turns light estimation off.
  public var lightEstimate: LightEstimate?
  /// Whole-image measurements of the captured image.
  public var statistics: ImageStatistics
  /// How the tracker followed the camera into this frame.
  public var trackingStatistics: TrackingStatistics
  /// The core's stages for this frame, in the order they ran.
  public var timings: [StageTiming]
  /// How much of the camera's surroundings the session's map holds.
  public var worldMappingStatus: WorldMappingStatus
  /// Where the world's up came from.
  public var worldUp: WorldUp
  /// The map points this frame tracked, its pose measured from them, like
  /// ARKit's `ARFrame.rawFeaturePoints`; nil when the pose was not measured
  /// (initializing, lost, relocalizing).
  public var rawFeaturePoints: PointCloud?

  /// A frame from its parts; by default nothing tracked, no map, no up and
  /// no feature points.
  public init(
    timestamp: Double, index: Int, camera: Camera, lightEstimate: LightEstimate?,
    statistics: ImageStatistics, trackingStatistics: TrackingStatistics = TrackingStatistics(),
    timings: [StageTiming], worldMappingStatus: WorldMappingStatus = .notAvailable,
    worldUp: WorldUp = WorldUp(source: .none, confidence: 0), rawFeaturePoints: PointCloud? = nil
  ) {
    self.timestamp = timestamp
    self.index = index
    self.camera = camera
    self.lightEstimate = lightEstimate
    self.statistics = statistics
    self.trackingStatistics = trackingStatistics
    self.timings = timings
    self.worldMappingStatus = worldMappingStatus
    self.worldUp = worldUp
    self.rawFeaturePoints = rawFeaturePoints
  }
}
