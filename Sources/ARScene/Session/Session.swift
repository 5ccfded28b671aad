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
  /// The last frame whose pose was measured: where a relocalization jumps
  /// from, and when the loss began.
  private var lastMeasured: (time: Double, transform: Transform)?
  /// When the current run of relocalizing frames began (frame clock).
  private var relocalizingSince: Double?
  private var firstFrameTime: Double?

  /// The scene's mesh chunks as the last processed frame published them,
  /// by core id (kept here to say which changed).
  var publishedMeshAnchors: [UInt64: MeshAnchor] = [:]

  /// The app's own anchors (``add(anchor:)``), in order of adding.
  public internal(set) var appAnchors: [AppAnchor] = []

  /// Every anchor after the last processed frame: plane anchors, then image
  /// anchors, then mesh anchors, each in order of creation, then the app's
  /// anchors.
  public var anchors: [any Anchor] {
    planeSnapshots.map(\.anchor) + imageAnchorRegistry.anchors.map { $0 as any Anchor }
      + publishedMeshAnchors.values.sorted { $0.coreID < $1.coreID }.map { $0 as any Anchor }
      + appAnchors.map { $0 as any Anchor }
  }

  /// The image anchors after the last processed frame, in order of creation.
  public var imageAnchors: [ImageAnchor] { imageAnchorRegistry.anchors }

  /// The plane anchors after the last processed frame, in order of creation.
  public var planeAnchors: [PlaneAnchor] { planeSnapshots.map(\.anchor) }

  /// A session that runs `configuration`, starting in its
  /// ``WorldTrackingConfiguration/initialWorldMap`` if it has one. Throws when the
  /// configuration does not validate or a detection image is rejected.
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
    if let map = configuration.initialWorldMap {
      try core.check(vc_session_set_world_map(core.handle, map.handle))
      appAnchors = try Self.appAnchors(in: map)
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
    try core.check(vc_session_set_detection_images(core.handle, set?.handle))
    referenceImageSet = set
  }

  /// Processes one frame. A frame that is rejected (wrong sizes, timestamps not
  /// increasing, non-finite values) throws and leaves the session unchanged.
  public func process(_ captured: CapturedFrame) throws(ARSceneError) -> FrameUpdate {
    var result = vc_frame_result_t()
    try captured.withCoreInput { (input) throws(ARSceneError) in
      try core.check(vc_session_process_frame(core.handle, input, &result))
    }

    let k = captured.intrinsics
    let camera = Camera(
      intrinsics: k, transform: Transform(coreColumnMajor: result.world_from_camera),
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
        relocalized: tracking.relocalized != 0, revisitedPoints: Int(tracking.revisited_points),
        isScaleKnown: tracking.is_scale_known != 0,
        unknownScaleReason: tracking.is_scale_known != 0
          ? nil : UnknownScaleReason(core: tracking.unknown_scale_reason)),
      timings: try core.stageTimings(),
      worldMappingStatus: Frame.WorldMappingStatus(core: result.world_mapping_status),
      worldUp: Frame.WorldUp(
        source: Frame.WorldUp.Source(core: result.world_up_source),
        confidence: result.world_up_confidence),
      rawFeaturePoints: try core.featurePoints())
    let diff = try updatePlaneAnchors()
    let images = try updateImageAnchors(
      Tick(
        index: processedFrames, time: captured.timestamp,
        duration: lastFrameTime.map { captured.timestamp - $0 } ?? 0, camera: camera,
        isCameraPredicted: false),
      isPlacedInWorld: frame.trackingStatistics.isPoseMeasured || lastMeasured != nil)
    let meshes = try updateMeshAnchors()
    processedFrames += 1
    lastFrameTime = captured.timestamp
    currentFrame = frame
    var update = FrameUpdate(
      frame: frame, anchors: anchors,
      addedAnchors: diff.added + images.added.map { $0 as any Anchor }
        + meshes.added.map { $0 as any Anchor },
      updatedAnchors: diff.updated + images.updated.map { $0 as any Anchor }
        + meshes.updated.map { $0 as any Anchor },
      removedAnchors: diff.removed
        + images.removed.map { AnchorRemoval(anchor: $0, absorbedBy: nil) }
        + meshes.removed.map { AnchorRemoval(anchor: $0, absorbedBy: nil) })
    update.isMapCorrected = result.map_corrected != 0
    update.loopClosures = Int(result.loop_closures)
    update.relocalization = noteRelocalization(frame)
    if relocalizationTimedOut(frame) {
      try reset()
      update.reset = .relocalizationTimeout
    }
    return update
  }

  /// The jump of a frame that found the camera again after held frames;
  /// in a session started in a saved map, from where the session began
  /// (the identity) on its first frame.
  private func noteRelocalization(_ frame: Frame) -> Relocalization? {
    if firstFrameTime == nil { firstFrameTime = frame.timestamp }
    guard frame.trackingStatistics.isPoseMeasured else { return nil }
    defer { lastMeasured = (frame.timestamp, frame.camera.transform) }
    guard frame.trackingStatistics.relocalized else { return nil }
    let held = lastMeasured ?? (firstFrameTime ?? frame.timestamp, .identity)
    return Relocalization(
      heldCameraTransform: held.transform, cameraTransform: frame.camera.transform,
      lostDuration: frame.timestamp - held.time)
  }

  /// Whether relocalizing has lasted the configured timeout by this frame.
  private func relocalizationTimedOut(_ frame: Frame) -> Bool {
    guard frame.camera.trackingState == .limited(.relocalizing) else {
      relocalizingSince = nil
      return false
    }
    // Relocalizing began when the camera was last tracked, or (a session
    // started in a saved map) with its first frame.
    let since = relocalizingSince ?? lastMeasured?.time ?? firstFrameTime ?? frame.timestamp
    relocalizingSince = since
    guard let timeout = configuration.relocalizationTimeout else { return false }
    return frame.timestamp - since >= timeout
  }

  /// Reads the pictures the core found or followed in the frame and runs
  /// the image anchors' timers to the frame's tick. Until the 60 Hz loop
  /// drives ``advanceImageAnchors(_:)`` on every tick, this is called once
  /// per processed frame. Pictures seen before the camera was ever placed
  /// in the world (`isPlacedInWorld` false: no pose measured yet, as while
  /// tracking without depth starts, or before a saved map is recognised)
  /// make no anchor: their world position would come from a guessed pose.
  private func updateImageAnchors(_ tick: Tick, isPlacedInWorld: Bool) throws(ARSceneError)
    -> ImageAnchorRegistry.Changes
  {
    if referenceImageSet != nil, isPlacedInWorld {
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
  /// anchors, no current frame, and every tracked raycast stopped. The
  /// ``WorldTrackingConfiguration/initialWorldMap`` is left behind too: this
  /// is the "start over" of a relocalization that does not succeed. Throws
  /// only if the core cannot be made again (out of memory).
  public func reset() throws(ARSceneError) {
    let core = try CoreSession(options: configuration.coreOptions)
    if let referenceImageSet {
      try core.check(vc_session_set_detection_images(core.handle, referenceImageSet.handle))
    }
    self.core = core
    imageAnchorRegistry = ImageAnchorRegistry(
      referenceImages: configuration.detectionImages,
      gracePeriod: configuration.images.gracePeriod,
      trackingLossDelay: configuration.images.trackingLossDelay)
    processedFrames = 0
    lastFrameTime = nil
    lastMeasured = nil
    relocalizingSince = nil
    firstFrameTime = nil
    configuration.initialWorldMap = nil
    appAnchors = []
    currentFrame = nil
    planeSnapshots = []
    publishedMeshAnchors = [:]
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
}
