internal import CVisionCore

/// How a ``Session`` tracks the world. Every tunable has a documented default;
/// ``validate()`` says which value is out of range.
public struct WorldTrackingConfiguration: Equatable, Sendable {
  /// Estimate the ambient light of every frame (``Frame/lightEstimate``). Default true.
  public var isLightEstimationEnabled: Bool = true
  /// Image statistics read every Nth pixel in x and y, 1...16. Default 2: within
  /// a fraction of a percent of a full scan at a quarter of the cost.
  public var statisticsSampleStep: Int = 2
  /// Threads the session uses, 1...2. With 2, image recognition and the
  /// description of frames that join the world map (with loop detection)
  /// run on worker threads beside tracking, sparing the frame their cost;
  /// with 1, on the thread that calls ``Session/process(_:)``. What that
  /// work makes of a frame joins at the start of the next frame (a world
  /// map asked for in between includes it) either way, so results are
  /// identical. Default 2.
  public var workerThreads: Int = 2
  /// Most IMU samples accepted with one frame; more is a broken feed. Default 4096.
  public var maximumIMUSamplesPerFrame: Int = 4096
  /// How the world's axes are chosen, like ARKit's `worldAlignment`. Default ``WorldAlignment/gravity``.
  public var worldAlignment: WorldAlignment = .gravity
  /// World up in the first camera's axes (ARKit: +Y up, looking down -Z), any
  /// length, when the data set knows it; nil (the default) measures it with
  /// the accelerometer or, without one, judges it from the planes in view
  /// (see ``Frame/WorldUp``).
  public var initialUpDirection: SIMD3<Float>? = nil
  /// The camera tracker's tunables.
  public var tracking = TrackingOptions()
  /// Which planes become ``PlaneAnchor``s, like ARKit's `planeDetection`.
  /// Default none, as in ARKit: detection costs time, and the core skips it
  /// entirely when no kind is asked for. Planes are found in depth, so frames
  /// without depth add none.
  public var planeDetection: PlaneDetection = []
  /// Plane detection's tunables (used when ``planeDetection`` is not empty).
  public var planes = PlaneOptions()
  /// The pictures to recognise and follow as ``ImageAnchor``s, like ARKit's
  /// `detectionImages`; at most ``maximumDetectionImages``. Swap them while
  /// running with ``Session/setDetectionImages(_:)``. Default none.
  public var detectionImages: [ReferenceImage] = []
  /// Pictures followed at once, 0...20, like ARKit's
  /// `maximumNumberOfTrackedImages`. Default 4.
  public var maximumNumberOfTrackedImages: Int = 4
  /// Image recognition and tracking's tunables (used when
  /// ``detectionImages`` is not empty).
  public var images = ImageOptions()
  /// Keep a map of the room and, when tracking is lost or frames stop
  /// (an app switch, a call), look for the camera in it so that tracking
  /// comes back in the same world, with every anchor where it was, as
  /// ARKit's does; the state is ``Camera/TrackingState/Reason/relocalizing``
  /// meanwhile. Off: a lost camera starts a new map at the held pose.
  /// Default true.
  public var isRelocalizationEnabled: Bool = true
  /// A gap between two frames' timestamps longer than this many seconds is
  /// an interruption: nothing is followed across it, the camera is looked
  /// for in the map. 0.05...3600. Default 0.5: a replay that drops a few
  /// frames stays well under it, an app switch or a call well over it.
  public var interruptionThreshold: Double = 0.5
  /// Close loops (needs relocalization and depth): each keyframe that joins
  /// the map is checked against keyframes of the same place seen at least
  /// 4 s before; a verified loop corrects the map (a pose graph over
  /// keyframe positions and headings), and from the next frame on the
  /// camera, the plane anchors and the objects placed on them are in the
  /// corrected world (``FrameUpdate/isMapCorrected``). Default false: on the
  /// data measured so far it was not better than tracking alone.
  public var isLoopClosureEnabled: Bool = false
  /// Seconds of relocalizing after which the session gives up and starts
  /// over in a new world (``Session/reset()``), reporting it in
  /// ``FrameUpdate/reset``; nil (the default) tries for ever, as ARKit does
  /// when the app allows it. > 0.
  public var relocalizationTimeout: Double? = nil
  /// A map saved by an earlier session (``Session/currentWorldMap(adding:)``)
  /// to start in, like ARKit's `initialWorldMap`: the session is
  /// ``Camera/TrackingState/Reason/relocalizing`` until the camera sees a
  /// mapped place, then tracks in the map's world (same origin and axes).
  /// Frames must come from a camera with the map's image size. Needs
  /// ``isRelocalizationEnabled``. Default nil.
  public var initialWorldMap: WorldMap? = nil

  /// The default configuration, given with each value above.
  public init() {}

  /// Kinds of planes to detect, like `ARWorldTrackingConfiguration.PlaneDetection`.
  public struct PlaneDetection: OptionSet, Hashable, Sendable {
    /// The kinds as bits: 1 horizontal, 2 vertical.
    public let rawValue: UInt
    /// The kinds whose bits are set in `rawValue`.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// Planes whose normal is (within
    /// ``PlaneOptions/alignmentToleranceDegrees``) parallel to gravity.
    public static let horizontal = PlaneDetection(rawValue: 1 << 0)
    /// Planes whose normal is (within the tolerance) perpendicular to gravity.
    public static let vertical = PlaneDetection(rawValue: 1 << 1)
  }

  /// Plane detection's tunables; the defaults suit 640x480 depth. Depths are
  /// metres, pixels are pixels of the depth map.
  public struct PlaneOptions: Equatable, Sendable {
    /// Side of the square cells the depth map is cut into, 4...64 pixels.
    /// Each cell is fitted once; smaller cells find smaller planes at more
    /// cost. Default 20 (a 32 x 24 grid at 640x480).
    public var cellSize: Int = 20
    /// Depths outside this range (0 < lower < upper) are ignored. Default 0.2...6.
    public var depthRange: ClosedRange<Float> = 0.2...6
    /// Depth noise model: sigma = depthNoise * z² metres; a cell is planar
    /// when its fit is within a few sigma. > 0. Default 0.0014 (Kinect-class).
    public var depthNoise: Float = 0.0014
    /// How far (degrees, in (0, 45)) a normal may be from exactly horizontal
    /// or vertical and still count as one. Default 10.
    public var alignmentToleranceDegrees: Float = 10
    /// Square metres of a surface seen before it becomes an anchor, > 0.
    /// Default 0.05.
    public var minimumAnchorArea: Float = 0.05

    /// The default tunables, given with each value above.
    public init() {}
  }

  /// How the world's axes are chosen. The origin is always the first camera's position.
  public enum WorldAlignment: Sendable {
    /// +Y points up (against gravity) when gravity is known, from
    /// ``WorldTrackingConfiguration/initialUpDirection`` or the first frame's
    /// accelerometer; -Z is the first view direction made horizontal. Without
    /// gravity, as ``camera``.
    case gravity
    /// The world's axes are the first camera's.
    case camera
  }

  /// The camera tracker's tunables; the defaults suit 640x480 RGB-D at 30 Hz.
  /// Pixel values are pixels of the captured image, depths metres.
  public struct TrackingOptions: Equatable, Sendable {
    /// Most features tracked per frame, 8...4096. Optical flow's cost is linear
    /// in it. Default 150.
    public var maximumFeatures: Int = 150
    /// New corners go into the empty cells of a `gridColumns` x `gridRows`
    /// grid, each 1...256, spreading features over the image. Default 16 x 12.
    public var gridColumns: Int = 16
    /// The grid's rows, 1...256; see ``gridColumns``. Default 12.
    public var gridRows: Int = 12
    /// FAST corner threshold in grey levels, 1...255; an image with fewer
    /// than twice ``maximumFeatures`` corners is searched again at a third of
    /// it (at least 5). Default 20.
    public var cornerThreshold: Int = 20
    /// Optical-flow window side in pixels, odd, 5...63. Default 11.
    public var opticalFlowWindowSize: Int = 11
    /// Optical-flow pyramid levels above the full image, 0...8. Default 3.
    public var opticalFlowPyramidLevels: Int = 3
    /// Optical-flow iterations per level, 1...100. Default 10.
    public var opticalFlowMaximumIterations: Int = 10
    /// Tracks whose mean absolute grey difference over the window exceeds
    /// this are dropped; > 0. Default 30.
    public var opticalFlowMaximumError: Float = 30
    /// Depths outside this range (metres, 0 < lower < upper) are not lifted
    /// to 3D. Default 0.1...6.
    public var depthRange: ClosedRange<Float> = 0.1...6
    /// A corner is lifted only if its 3x3 neighbourhood's depths differ by at
    /// most this fraction of its depth (corners on depth edges get wrong 3D
    /// points); > 0. Default 0.05.
    public var maximumDepthStep: Float = 0.05
    /// Depth noise model: sigma = depthNoise * z² metres; far points count
    /// less in the pose. >= 0. Default 0.0015 (Kinect-class sensors).
    public var depthNoise: Float = 0.0015
    /// Reprojection error in pixels under which a feature agrees with the
    /// pose; > 0. Default 2.
    public var inlierThreshold: Float = 2
    /// RANSAC iterations at most, 1...10000. Default 100.
    public var maximumRANSACIterations: Int = 100
    /// How far (one sigma) the camera may move from the motion prediction in
    /// one frame, metres and degrees (each > 0): a weak prior on the pose,
    /// and a pose more than 4 sigma away needs ``minimumInliersForNormal``
    /// inliers. Defaults 0.02 m and 2°.
    public var motionPriorMeters: Float = 0.02
    /// The turn part of the motion prior, degrees > 0; see ``motionPriorMeters``. Default 2.
    public var motionPriorDegrees: Float = 2
    /// Below this many agreeing features a frame is lost; 6...maximumFeatures.
    /// Default 15.
    public var minimumInliers: Int = 15
    /// Below this many agreeing features a tracked frame is
    /// `limited(.insufficientFeatures)`; minimumInliers...maximumFeatures.
    /// Default 40.
    public var minimumInliersForNormal: Int = 40
    /// A keyframe is made when fewer than this fraction of
    /// ``maximumFeatures`` remain, 0...1. Default 0.7.
    public var keyframeFeatureFraction: Float = 0.7
    /// ... or when the camera moved this far (metres, > 0) or turned this
    /// much (degrees, > 0) since the last keyframe. Defaults 0.3 m and 20°.
    public var keyframeDistance: Float = 0.3
    /// The turn since the last keyframe that makes a keyframe, degrees > 0; see
    /// ``keyframeDistance``. Default 20.
    public var keyframeAngleDegrees: Float = 20
    /// Keyframes kept with their ORB descriptors, oldest dropped first;
    /// 1...100000. Default 256 (about 1.2 MB).
    public var maximumKeyframes: Int = 256
    /// Map points unseen for this many frames leave the local map; >= 1.
    /// Default 1800 (a minute at 30 Hz: a place revisited within it is
    /// tracked against the points first seen there, so drift does not stay).
    public var mapPointMaximumUnseenFrames: Int = 1800
    /// On keyframes, map points no longer tracked are looked for within this
    /// many pixels of where they should be (> 0), accepting an ORB match of
    /// at most ``maximumDescriptorDistance`` bits (0...256). Defaults 12 px
    /// and 50 bits.
    public var matchRadius: Float = 12
    /// The largest ORB descriptor distance, in bits (0...256), of such a match; see
    /// ``matchRadius``. Default 50.
    public var maximumDescriptorDistance: Int = 50
    /// Frames of normal-quality tracking after a map is started before the
    /// state is ``Camera/TrackingState/normal``; >= 0. Default 5.
    public var initializationFrames: Int = 5
    /// Mean luminance (0...1) under which a frame is too dark to track.
    /// Default 0.05.
    public var minimumLuminance: Float = 0.05
    /// Sharpness under this fraction of the recent typical sharpness counts
    /// as motion blur, 0...1. Default 0.35.
    public var blurSharpnessFraction: Float = 0.35
    /// Seconds a lost tracker waits, once the image allows tracking again,
    /// for the old map to reappear before it starts a new map at the held
    /// pose; >= 0. Default 0.3.
    public var reanchorDelay: Double = 0.3
    /// When world up comes from the accelerometer: seconds of samples,
    /// averaged in the world frame so that the camera's own acceleration
    /// cancels, before the world's axes settle (the state stays
    /// ``Camera/TrackingState/Reason/initializing`` until then, and the world
    /// turns once about its origin when they do). 0 uses the first frame's
    /// samples alone.
    public var gravitySettleDuration: Double = 0.3
    /// Without an accelerometer and an ``WorldTrackingConfiguration/initialUpDirection``,
    /// but with depth: judge up from the planes in view
    /// (``Frame/WorldUp/Source/scene``). Off, the world keeps the first
    /// camera's axes, as without depth. Default true.
    public var isUpFromSceneEnabled = true
    /// Seed of every random choice; the same seed and frames give the same
    /// poses, bit for bit.
    public var randomSeed: UInt64 = 0x41_5253_6365_6e65

    /// The default tunables, given with each value above.
    public init() {}
  }

  /// Throws ``ARSceneError/Code/invalidArgument`` naming the first bad value.
  public func validate() throws(ARSceneError) {
    guard (1...16).contains(statisticsSampleStep) else {
      throw ARSceneError(
        .invalidArgument, "statisticsSampleStep must be 1...16, got \(statisticsSampleStep)")
    }
    guard (1...2).contains(workerThreads) else {
      throw ARSceneError(.invalidArgument, "workerThreads must be 1...2, got \(workerThreads)")
    }
    guard (0...Int(Int32.max)).contains(maximumIMUSamplesPerFrame) else {
      throw ARSceneError(
        .invalidArgument,
        "maximumIMUSamplesPerFrame must be >= 0, got \(maximumIMUSamplesPerFrame)")
    }
    if let up = initialUpDirection {
      guard up.x.isFinite, up.y.isFinite, up.z.isFinite, up != .zero else {
        throw ARSceneError(
          .invalidArgument, "initialUpDirection must be finite and non-zero, got \(up)")
      }
    }
    try tracking.validate()
    let known: PlaneDetection = [.horizontal, .vertical]
    guard known.isSuperset(of: planeDetection) else {
      throw ARSceneError(
        .invalidArgument,
        "planeDetection has unknown bits: \(planeDetection.subtracting(known).rawValue)")
    }
    try planes.validate()
    try validateImages()
    try validateRelocalization()
  }

  var coreOptions: vc_session_options_t {
    var options = vc_session_options_t()
    vc_session_options_init(&options)
    options.light_estimation_enabled = isLightEstimationEnabled ? 1 : 0
    options.statistics_sample_step = Int32(statisticsSampleStep)
    options.worker_threads = Int32(workerThreads)
    options.max_imu_samples_per_frame = Int32(maximumIMUSamplesPerFrame)
    tracking.write(to: &options.tracking)
    options.tracking.world_alignment =
      switch worldAlignment {
      case .gravity: VC_WORLD_ALIGNMENT_GRAVITY
      case .camera: VC_WORLD_ALIGNMENT_CAMERA
      }
    let up = initialUpDirection ?? .zero
    options.tracking.first_camera_up = (up.x, up.y, up.z)
    planes.write(to: &options.planes)
    options.planes.detection =
      (planeDetection.contains(.horizontal) ? Int32(VC_PLANE_DETECTION_HORIZONTAL.rawValue) : 0)
      | (planeDetection.contains(.vertical) ? Int32(VC_PLANE_DETECTION_VERTICAL.rawValue) : 0)
    images.write(to: &options.images, maximumTracked: maximumNumberOfTrackedImages)
    options.relocalization.enabled = isRelocalizationEnabled ? 1 : 0
    options.relocalization.interruption_seconds = Float(interruptionThreshold)
    options.relocalization.loop_closure = isLoopClosureEnabled ? 1 : 0
    return options
  }
}

extension WorldTrackingConfiguration.TrackingOptions {
  /// Throws ``ARSceneError/Code/invalidArgument`` naming the first bad value.
  public func validate() throws(ARSceneError) {
    func require(_ ok: Bool, _ message: @autoclosure () -> String) throws(ARSceneError) {
      if !ok { throw ARSceneError(.invalidArgument, "tracking." + message()) }
    }
    func finite(_ value: Float) -> Bool { value.isFinite }
    try require(
      (8...4096).contains(maximumFeatures),
      "maximumFeatures must be 8...4096, got \(maximumFeatures)")
    try require((1...256).contains(gridColumns), "gridColumns must be 1...256, got \(gridColumns)")
    try require((1...256).contains(gridRows), "gridRows must be 1...256, got \(gridRows)")
    try require(
      (1...255).contains(cornerThreshold), "cornerThreshold must be 1...255, got \(cornerThreshold)"
    )
    try require(
      (5...63).contains(opticalFlowWindowSize) && opticalFlowWindowSize % 2 == 1,
      "opticalFlowWindowSize must be odd and 5...63, got \(opticalFlowWindowSize)")
    try require(
      (0...8).contains(opticalFlowPyramidLevels),
      "opticalFlowPyramidLevels must be 0...8, got \(opticalFlowPyramidLevels)")
    try require(
      (1...100).contains(opticalFlowMaximumIterations),
      "opticalFlowMaximumIterations must be 1...100, got \(opticalFlowMaximumIterations)")
    try require(
      finite(opticalFlowMaximumError) && opticalFlowMaximumError > 0,
      "opticalFlowMaximumError must be > 0, got \(opticalFlowMaximumError)")
    try require(
      finite(depthRange.lowerBound) && finite(depthRange.upperBound) && depthRange.lowerBound > 0
        && depthRange.upperBound > depthRange.lowerBound,
      "depthRange must be finite with 0 < lower < upper, got \(depthRange)")
    try require(
      finite(maximumDepthStep) && maximumDepthStep > 0,
      "maximumDepthStep must be > 0, got \(maximumDepthStep)")
    try require(finite(depthNoise) && depthNoise >= 0, "depthNoise must be >= 0, got \(depthNoise)")
    try require(
      finite(inlierThreshold) && inlierThreshold > 0,
      "inlierThreshold must be > 0, got \(inlierThreshold)")
    try require(
      (1...10000).contains(maximumRANSACIterations),
      "maximumRANSACIterations must be 1...10000, got \(maximumRANSACIterations)")
    try require(
      finite(motionPriorMeters) && motionPriorMeters > 0,
      "motionPriorMeters must be > 0, got \(motionPriorMeters)")
    try require(
      finite(motionPriorDegrees) && motionPriorDegrees > 0,
      "motionPriorDegrees must be > 0, got \(motionPriorDegrees)")
    try require(
      minimumInliers >= 6 && minimumInliers <= maximumFeatures,
      "minimumInliers must be 6...maximumFeatures, got \(minimumInliers)")
    try require(
      minimumInliersForNormal >= minimumInliers && minimumInliersForNormal <= maximumFeatures,
      "minimumInliersForNormal must be minimumInliers...maximumFeatures, got \(minimumInliersForNormal)"
    )
    try require(
      finite(keyframeFeatureFraction) && (0...1).contains(keyframeFeatureFraction),
      "keyframeFeatureFraction must be 0...1, got \(keyframeFeatureFraction)")
    try require(
      finite(keyframeDistance) && keyframeDistance > 0,
      "keyframeDistance must be > 0, got \(keyframeDistance)")
    try require(
      finite(keyframeAngleDegrees) && keyframeAngleDegrees > 0,
      "keyframeAngleDegrees must be > 0, got \(keyframeAngleDegrees)")
    try require(
      (1...100000).contains(maximumKeyframes),
      "maximumKeyframes must be 1...100000, got \(maximumKeyframes)")
    try require(
      (1...(1 << 30)).contains(mapPointMaximumUnseenFrames),
      "mapPointMaximumUnseenFrames must be >= 1, got \(mapPointMaximumUnseenFrames)")
    try require(
      finite(matchRadius) && matchRadius > 0, "matchRadius must be > 0, got \(matchRadius)")
    try require(
      (0...256).contains(maximumDescriptorDistance),
      "maximumDescriptorDistance must be 0...256, got \(maximumDescriptorDistance)")
    try require(
      (0...(1 << 20)).contains(initializationFrames),
      "initializationFrames must be 0...\(1 << 20), got \(initializationFrames)")
    try require(
      finite(minimumLuminance) && (0...1).contains(minimumLuminance),
      "minimumLuminance must be 0...1, got \(minimumLuminance)")
    try require(
      finite(blurSharpnessFraction) && (0...1).contains(blurSharpnessFraction),
      "blurSharpnessFraction must be 0...1, got \(blurSharpnessFraction)")
    try require(
      reanchorDelay.isFinite && reanchorDelay >= 0
        && reanchorDelay < Double(Float.greatestFiniteMagnitude),
      "reanchorDelay must be >= 0 seconds, got \(reanchorDelay)")
    try require(
      gravitySettleDuration.isFinite && gravitySettleDuration >= 0 && gravitySettleDuration <= 60,
      "gravitySettleDuration must be 0...60 seconds, got \(gravitySettleDuration)")
  }

  func write(to options: inout vc_tracking_options_t) {
    options.max_features = Int32(maximumFeatures)
    options.grid_columns = Int32(gridColumns)
    options.grid_rows = Int32(gridRows)
    options.fast_threshold = Int32(cornerThreshold)
    options.klt_window_size = Int32(opticalFlowWindowSize)
    options.klt_pyramid_levels = Int32(opticalFlowPyramidLevels)
    options.klt_max_iterations = Int32(opticalFlowMaximumIterations)
    options.klt_max_error = opticalFlowMaximumError
    options.min_depth = depthRange.lowerBound
    options.max_depth = depthRange.upperBound
    options.max_depth_step = maximumDepthStep
    options.depth_noise = depthNoise
    options.inlier_threshold = inlierThreshold
    options.ransac_max_iterations = Int32(maximumRANSACIterations)
    options.motion_prior_metres = motionPriorMeters
    options.motion_prior_degrees = motionPriorDegrees
    options.min_inliers = Int32(minimumInliers)
    options.min_inliers_normal = Int32(minimumInliersForNormal)
    options.keyframe_feature_fraction = keyframeFeatureFraction
    options.keyframe_distance = keyframeDistance
    options.keyframe_angle_degrees = keyframeAngleDegrees
    options.max_keyframes = Int32(maximumKeyframes)
    options.map_point_max_unseen_frames = Int32(mapPointMaximumUnseenFrames)
    options.match_radius = matchRadius
    options.max_descriptor_distance = Int32(maximumDescriptorDistance)
    options.initialization_frames = Int32(initializationFrames)
    options.min_luminance = minimumLuminance
    options.blur_sharpness_fraction = blurSharpnessFraction
    options.reanchor_delay_seconds = Float(reanchorDelay)
    options.random_seed = randomSeed
    options.gravity_settle_seconds = Float(gravitySettleDuration)
    options.scene_up_enabled = isUpFromSceneEnabled ? 1 : 0
  }
}

extension WorldTrackingConfiguration.PlaneOptions {
  /// Throws ``ARSceneError/Code/invalidArgument`` naming the first bad value.
  public func validate() throws(ARSceneError) {
    func require(_ ok: Bool, _ message: @autoclosure () -> String) throws(ARSceneError) {
      if !ok { throw ARSceneError(.invalidArgument, "planes." + message()) }
    }
    try require((4...64).contains(cellSize), "cellSize must be 4...64, got \(cellSize)")
    try require(
      depthRange.lowerBound.isFinite && depthRange.upperBound.isFinite
        && depthRange.lowerBound > 0 && depthRange.upperBound > depthRange.lowerBound,
      "depthRange must be finite with 0 < lower < upper, got \(depthRange)")
    try require(
      depthNoise.isFinite && depthNoise > 0, "depthNoise must be > 0, got \(depthNoise)")
    try require(
      alignmentToleranceDegrees.isFinite && alignmentToleranceDegrees > 0
        && alignmentToleranceDegrees < 45,
      "alignmentToleranceDegrees must be in (0, 45), got \(alignmentToleranceDegrees)")
    try require(
      minimumAnchorArea.isFinite && minimumAnchorArea > 0,
      "minimumAnchorArea must be > 0, got \(minimumAnchorArea)")
  }

  func write(to options: inout vc_plane_options_t) {
    options.cell_size = Int32(cellSize)
    options.min_depth = depthRange.lowerBound
    options.max_depth = depthRange.upperBound
    options.depth_noise = depthNoise
    options.alignment_tolerance_degrees = alignmentToleranceDegrees
    options.min_anchor_area = minimumAnchorArea
  }
}
