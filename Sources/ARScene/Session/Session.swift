internal import CVisionCore

/// Tracks the world from a stream of frames, like ARKit's `ARSession`.
///
/// Processing is synchronous and deterministic: the same frames and
/// configuration give the same results. A session is not thread-safe; use it
/// from one thread (or actor) at a time.
///
/// ```swift
/// var configuration = WorldTrackingConfiguration()
/// configuration.planeDetection = [.horizontal, .vertical]
/// let session = try Session(configuration: configuration)
/// let update = try session.process(capturedFrame)
/// print(update.frame.camera.trackingState, update.frame.camera.transform.translation)
/// for case let plane as PlaneAnchor in update.addedAnchors {
///   print(plane.identifier, plane.alignment, plane.classification, plane.planeExtent)
/// }
/// ```
public final class Session {
  /// The configuration the session runs; ``setDetectionImages(_:)`` changes
  /// its ``WorldTrackingConfiguration/detectionImages``.
  public private(set) var configuration: WorldTrackingConfiguration
  private(set) var core: CoreSession
  private var processedFrames = 0
  /// The last processed frame, like ARKit's `ARSession.currentFrame`; nil
  /// before the first, when the camera's tracking state is
  /// ``Camera/TrackingState/notAvailable``.
  public private(set) var currentFrame: Frame?
  /// The plane anchors after the last processed frame, in order of creation.
  private(set) var planeSnapshots: [PlaneAnchorSnapshot] = []
  /// Tunables of ``raycast(_:)`` and tracked raycasts; checked at each cast.
  public var raycastConfiguration = RaycastConfiguration()
  /// Tracked raycasts not yet stopped, in order of creation.
  var trackedRaycasts: [TrackedRaycast] = []

  /// The images the core looks for (nil without detection images), kept
  /// so that the names it reports stay valid.
  private var referenceImageSet: CoreReferenceImageSet?
  private var imageAnchorRegistry: ImageAnchorRegistry
  /// Session time of the last processed frame, for the tick's duration.
  private var lastFrameTime: Double?

  /// Every anchor after the last processed frame: plane anchors, then image
  /// anchors, each in order of creation.
  public var anchors: [any Anchor] {
    planeSnapshots.map(\.anchor) + imageAnchorRegistry.anchors.map { $0 as any Anchor }
  }

  /// The image anchors after the last processed frame, in order of creation.
  public var imageAnchors: [ImageAnchor] { imageAnchorRegistry.anchors }

  /// The plane anchors after the last processed frame, in order of creation.
  public var planeAnchors: [PlaneAnchor] { planeSnapshots.map(\.anchor) }

  public init(configuration: WorldTrackingConfiguration = WorldTrackingConfiguration())
    throws(ARSceneError)
  {
    try configuration.validate()
    self.configuration = configuration
    self.core = try CoreSession(options: configuration.coreOptions)
    self.imageAnchorRegistry = ImageAnchorRegistry(
      referenceImages: configuration.detectionImages,
      gracePeriod: configuration.images.gracePeriod,
      trackingLossDelay: configuration.images.trackingLossDelay)
    if !configuration.detectionImages.isEmpty {
      try setCoreReferenceImages(configuration.detectionImages)
    }
  }

  /// Swaps the pictures the session looks for while it runs (at most
  /// ``WorldTrackingConfiguration/maximumDetectionImages``), for apps with
  /// more pictures than one set may hold. From the next frame on only the
  /// new pictures are found; anchors of pictures not in the new set are
  /// removed with the next update, the others stay. Throws naming the first
  /// picture that is rejected, and then changes nothing.
  public func setDetectionImages(_ images: [ReferenceImage]) throws(ARSceneError) {
    try WorldTrackingConfiguration.validateDetectionImages(images)
    try setCoreReferenceImages(images)
    configuration.detectionImages = images
    imageAnchorRegistry.replaceReferenceImages(images)
  }

  private func setCoreReferenceImages(_ images: [ReferenceImage]) throws(ARSceneError) {
    let set = images.isEmpty ? nil : try CoreReferenceImageSet(images: images)
    try core.check(vc_session_set_reference_images(core.handle, set?.handle))
    referenceImageSet = set
  }

  /// Processes one frame. A frame that is rejected (wrong sizes, timestamps not
  /// increasing, non-finite values) throws and leaves the session unchanged.
  public func process(_ captured: CapturedFrame) throws(ARSceneError) -> FrameUpdate {
    let timestamp = try Self.nanoseconds(captured.timestamp, what: "frame timestamp")
    var imu = [vc_imu_sample_t]()
    imu.reserveCapacity(captured.imuSamples.count)
    for (index, sample) in captured.imuSamples.enumerated() {
      let t = try Self.nanoseconds(sample.timestamp, what: "IMU sample \(index) timestamp")
      let a = sample.acceleration
      let w = sample.rotationRate
      imu.append(
        vc_imu_sample_t(
          timestamp_ns: t, acceleration: (a.x, a.y, a.z), rotation_rate: (w.x, w.y, w.z)))
    }
    let k = captured.intrinsics
    guard let width = Int32(exactly: k.width), let height = Int32(exactly: k.height) else {
      throw ARSceneError(.invalidImage, "camera image size \(k.width)x\(k.height) is too large")
    }
    let intrinsics = vc_camera_intrinsics_t(
      fx: k.fx, fy: k.fy, cx: k.cx, cy: k.cy, width: width, height: height)

    var result = vc_frame_result_t()
    try captured.capturedImage.withCoreView { (color) throws(ARSceneError) in
      try withOptionalDepthView(captured.depth) { (depth) throws(ARSceneError) in
        try imu.withUnsafeBufferPointer { (samples) throws(ARSceneError) in
          var input = vc_frame_input_t(
            timestamp_ns: timestamp, intrinsics: intrinsics, color: color, depth: depth,
            imu_samples: samples.baseAddress, imu_sample_count: Int32(samples.count))
          try core.check(vc_session_process_frame(core.handle, &input, &result))
        }
      }
    }

    let camera = Camera(
      intrinsics: k, transform: Self.transform(result.world_from_camera),
      trackingState: Camera.TrackingState(
        core: result.tracking_state, reason: result.tracking_state_reason))
    let tracking = result.tracking_statistics
    let frame = Frame(
      timestamp: captured.timestamp,
      index: processedFrames,
      camera: camera,
      lightEstimate: configuration.isLightEstimationEnabled
        ? LightEstimate(
          ambientIntensity: result.light_estimate.ambient_intensity,
          ambientColorTemperature: result.light_estimate.ambient_color_temperature) : nil,
      statistics: ImageStatistics(
        meanLuminance: result.statistics.mean_luminance,
        sharpness: result.statistics.sharpness,
        validDepthFraction: result.statistics.valid_depth_fraction),
      trackingStatistics: TrackingStatistics(
        trackedFeatures: Int(tracking.tracked_features), inliers: Int(tracking.inliers),
        mapPoints: Int(tracking.map_points), keyframes: Int(tracking.keyframes),
        isKeyframe: tracking.is_keyframe != 0, isPoseMeasured: tracking.pose_measured != 0,
        relocalized: tracking.relocalized != 0),
      timings: try core.stageTimings())
    let diff = try updatePlaneAnchors()
    let images = try updateImageAnchors(
      Tick(
        index: processedFrames, time: captured.timestamp,
        duration: lastFrameTime.map { captured.timestamp - $0 } ?? 0, camera: camera,
        isCameraPredicted: false))
    processedFrames += 1
    lastFrameTime = captured.timestamp
    currentFrame = frame
    return FrameUpdate(
      frame: frame, anchors: anchors,
      addedAnchors: diff.added + images.added.map { $0 as any Anchor },
      updatedAnchors: diff.updated + images.updated.map { $0 as any Anchor },
      removedAnchors: diff.removed
        + images.removed.map { AnchorRemoval(anchor: $0, absorbedBy: nil) })
  }

  /// Reads the pictures the core found or followed in the frame and runs
  /// the image anchors' timers to the frame's tick. Until the 60 Hz loop
  /// drives ``advanceImageAnchors(_:)`` on every tick, this is called once
  /// per processed frame.
  private func updateImageAnchors(_ tick: Tick) throws(ARSceneError) -> ImageAnchorRegistry.Changes
  {
    if referenceImageSet != nil {
      imageAnchorRegistry.record(try core.trackedImages())
    }
    return advanceImageAnchors(tick)
  }

  /// Runs the image anchors' timers (tracking loss, grace period) to the tick;
  /// observations recorded since the last tick are applied first. The
  /// tick's time is on the frames' clock (``CapturedFrame/timestamp``).
  func advanceImageAnchors(_ tick: Tick) -> ImageAnchorRegistry.Changes {
    imageAnchorRegistry.advance(tick)
  }

  /// Runs the image anchors' timers on a loop tick without a frame, so a
  /// picture that left the view loses its anchor one grace period later
  /// even while no frame arrives. `frameClockTime` is the tick's time on the
  /// frames' clock.
  func advanceImageAnchors(onTick tick: Tick, frameClockTime: Double) -> AnchorChanges {
    guard referenceImageSet != nil || !imageAnchorRegistry.anchors.isEmpty else {
      return AnchorChanges()
    }
    var atFrameClock = tick
    atFrameClock.time = frameClockTime
    let changes = imageAnchorRegistry.advance(atFrameClock)
    return AnchorChanges(
      updated: changes.updated.map { $0 as any Anchor },
      removed: changes.removed.map { AnchorRemoval(anchor: $0, absorbedBy: nil) })
  }

  /// Starts over, like running an ARKit session with `.resetTracking` and
  /// `.removeExistingAnchors`: a new world from the next frame on, no
  /// anchors, no current frame, and every tracked raycast stopped. Throws
  /// only if the core cannot be made again (out of memory).
  public func reset() throws(ARSceneError) {
    let core = try CoreSession(options: configuration.coreOptions)
    if let referenceImageSet {
      try core.check(vc_session_set_reference_images(core.handle, referenceImageSet.handle))
    }
    self.core = core
    imageAnchorRegistry = ImageAnchorRegistry(
      referenceImages: configuration.detectionImages,
      gracePeriod: configuration.images.gracePeriod,
      trackingLossDelay: configuration.images.trackingLossDelay)
    processedFrames = 0
    lastFrameTime = nil
    currentFrame = nil
    planeSnapshots = []
    stopTrackedRaycasts()
  }

  /// Reads the core's plane map after a frame and says what changed. Only
  /// small arrays cross here: the per-point work stayed in the core.
  private func updatePlaneAnchors() throws(ARSceneError) -> AnchorDiff {
    // With detection off the core keeps no plane map; skip the calls.
    guard !configuration.planeDetection.isEmpty || !planeSnapshots.isEmpty else {
      return AnchorDiff(previous: [], current: [], removals: [])
    }
    let current = try core.planeAnchors().map(PlaneAnchorSnapshot.init(core:))
    let removals = try core.planeAnchorRemovals().map(PlaneAnchorRemovalRecord.init(core:))
    let diff = AnchorDiff(previous: planeSnapshots, current: current, removals: removals)
    planeSnapshots = current
    return diff
  }

  /// The core's column-major 4x4 floats (a C array, imported as a tuple).
  private static func transform(
    _ m: (
      Float, Float, Float, Float, Float, Float, Float, Float,
      Float, Float, Float, Float, Float, Float, Float, Float
    )
  ) -> Transform {
    Transform(
      SIMD4(m.0, m.1, m.2, m.3), SIMD4(m.4, m.5, m.6, m.7), SIMD4(m.8, m.9, m.10, m.11),
      SIMD4(m.12, m.13, m.14, m.15))
  }

  /// Seconds to the core's nanoseconds; NaN, infinities and values beyond
  /// ±292 years are refused rather than trapping in the conversion.
  private static func nanoseconds(_ seconds: Double, what: String) throws(ARSceneError) -> Int64 {
    let ns = (seconds * 1e9).rounded()
    guard ns.isFinite, let value = Int64(exactly: ns) else {
      throw ARSceneError(.invalidArgument, "\(what) \(seconds) s is not a finite time")
    }
    return value
  }
}

/// Calls body with a pointer to the core's view of depth, or nil without depth.
private func withOptionalDepthView<R>(
  _ depth: DepthData?, _ body: (UnsafePointer<vc_depth_view_t>?) throws(ARSceneError) -> R
) throws(ARSceneError) -> R {
  guard let depth else { return try body(nil) }
  return try depth.depthMap.withCoreView { (image) throws(ARSceneError) -> R in
    var view = vc_depth_view_t(image: image, units_per_metre: depth.unitsPerMetre)
    return try body(&view)
  }
}
