internal import CVisionCore

/// How a ``Session`` tracks the world. Every tunable has a documented default;
/// ``validate()`` says which value is out of range.
public struct WorldTrackingConfiguration: Equatable, Sendable {
  /// Estimate the ambient light of every frame (``Frame/lightEstimate``). Default true.
  public var isLightEstimationEnabled: Bool {
    get { core.light_estimation_enabled != 0 }
    set { core.light_estimation_enabled = newValue ? 1 : 0 }
  }
  /// Image statistics read every Nth pixel in x and y, 1...16. Default 2: within
  /// a fraction of a percent of a full scan at a quarter of the cost.
  public var statisticsSampleStep: Int {
    get { Int(core.statistics_sample_step) }
    set { core.statistics_sample_step = Int32(clamping: newValue) }
  }
  /// Threads the session uses, 1...2. With 2, image recognition and the
  /// description of frames that join the world map (with loop detection)
  /// run on worker threads beside tracking, sparing the frame their cost;
  /// with 1, on the thread that calls ``Session/process(_:)``. What that
  /// work makes of a frame joins at the start of the next frame (a world
  /// map asked for in between includes it) either way, so results are
  /// identical. Default 2.
  public var workerThreads: Int {
    get { Int(core.worker_threads) }
    set { core.worker_threads = Int32(clamping: newValue) }
  }
  /// Most IMU samples accepted with one frame, 0...1048576; more is a broken
  /// feed. Default 4096.
  public var maximumIMUSamplesPerFrame: Int {
    get { Int(core.max_imu_samples_per_frame) }
    set { core.max_imu_samples_per_frame = Int32(clamping: newValue) }
  }
  /// How the camera is tracked. Default ``TrackingMode/automatic``.
  public var trackingMode: TrackingMode {
    get { TrackingMode(core: core.tracking.tracking_mode) }
    set { core.tracking.tracking_mode = newValue.core }
  }
  /// How the world's axes are chosen, like ARKit's `worldAlignment`. Default ``WorldAlignment/gravity``.
  public var worldAlignment: WorldAlignment {
    get { core.tracking.world_alignment == VC_WORLD_ALIGNMENT_CAMERA ? .camera : .gravity }
    set {
      core.tracking.world_alignment =
        switch newValue {
        case .gravity: VC_WORLD_ALIGNMENT_GRAVITY
        case .camera: VC_WORLD_ALIGNMENT_CAMERA
        }
    }
  }
  /// World up in the first camera's axes (ARKit: +Y up, looking down -Z), any
  /// length, when the data set knows it; nil (the default) measures it with
  /// the accelerometer or, without one, judges it from the planes in view
  /// (see ``Frame/WorldUp``).
  public var initialUpDirection: SIMD3<Float>? = nil
  /// The camera tracker's tunables.
  public var tracking = TrackingOptions()
  /// Which planes become ``PlaneAnchor``s, like ARKit's `planeDetection`.
  /// Default none, as in ARKit: detection costs time, and the core skips it
  /// entirely when no kind is asked for. Planes are found in depth; frames
  /// without depth add planes from the map points tracking follows, once
  /// visual-inertial tracking has given metres.
  public var planeDetection: PlaneDetection {
    get { PlaneDetection(rawValue: UInt(UInt32(bitPattern: core.planes.detection))) }
    set { core.planes.detection = Int32(truncatingIfNeeded: newValue.rawValue) }
  }
  /// Plane detection's tunables (used when ``planeDetection`` is not empty).
  public var planes = PlaneOptions()
  /// The pictures to recognise and follow as ``ImageAnchor``s, like ARKit's
  /// `detectionImages`; at most ``maximumDetectionImages``. Swap them while
  /// running with ``Session/setDetectionImages(_:)``. Default none.
  public var detectionImages: [ReferenceImage] = []
  /// Pictures followed at once, 0...20, like ARKit's
  /// `maximumNumberOfTrackedImages`. Default 4.
  public var maximumNumberOfTrackedImages: Int {
    get { Int(core.images.max_tracked_images) }
    set { core.images.max_tracked_images = Int32(clamping: newValue) }
  }
  /// Image recognition and tracking's tunables (used when
  /// ``detectionImages`` is not empty).
  public var images = ImageOptions()
  /// Keep a map of the room and, when tracking is lost or frames stop
  /// (an app switch, a call), look for the camera in it so that tracking
  /// comes back in the same world, with every anchor where it was, as
  /// ARKit's does; the state is ``Camera/TrackingState/Reason/relocalizing``
  /// meanwhile. A camera lost before tracking was ever normal may still
  /// start over (nothing is published before), dropping the keyframes of
  /// its first frames. Off: a lost camera starts a new map at the held
  /// pose. Default true.
  public var isRelocalizationEnabled: Bool {
    get { core.relocalization.enabled != 0 }
    set { core.relocalization.enabled = newValue ? 1 : 0 }
  }
  /// A gap between two frames' timestamps longer than this many seconds is
  /// an interruption: nothing is followed across it, the camera is looked
  /// for in the map. 0.05...3600. Default 0.5: a replay that drops a few
  /// frames stays well under it, an app switch or a call well over it.
  public var interruptionThreshold: Double {
    get { Double(coreSeconds: core.relocalization.interruption_seconds) }
    set { core.relocalization.interruption_seconds = Float(newValue) }
  }
  /// Close loops (needs relocalization and depth): each keyframe that joins
  /// the map is checked against keyframes of the same place seen at least
  /// 4 s before; a verified loop corrects the map (a pose graph over
  /// keyframe positions and headings), and from the next frame on the
  /// camera, the plane anchors and the objects placed on them are in the
  /// corrected world (``FrameUpdate/isMapCorrected``), each plane anchor by
  /// the corrections of the frames its views came from. The reported camera
  /// pose eases into each corrected world, by at most 2 mm and 0.05° a
  /// frame, so content fixed in the world never jumps in view (3.3 mm a
  /// frame at most on the synthetic 60 s orbit, as without loop closure,
  /// where taking a correction at once moved it by 9 mm). Default false: on
  /// the 7-Scenes kitchen it lowers ATE as the final map places the frames
  /// (3.00 -> 2.55 cm) and its floor and table stay within 2 cm, but the
  /// pose reported live is worse (3.06 -> 3.31 cm).
  public var isLoopClosureEnabled: Bool {
    get { core.relocalization.loop_closure != 0 }
    set { core.relocalization.loop_closure = newValue ? 1 : 0 }
  }
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

  /// The options of the core's session whose fields the properties above
  /// read and write; ``tracking``, ``planes`` and ``images`` hold their own
  /// parts.
  var core = CoreOptions(options: Self.coreDefaults)

  /// The core's defaults: its option table is the one place they are written.
  static let coreDefaults: vc_session_options_t = {
    var options = vc_session_options_t()
    vc_session_options_init(&options)
    return options
  }()

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
    public var cellSize: Int {
      get { Int(core.cell_size) }
      set { core.cell_size = Int32(clamping: newValue) }
    }
    /// Depths outside this range (0 < lower < upper) are ignored. Default 0.2...6.
    public var depthRange: ClosedRange<Float> {
      get { core.min_depth...core.max_depth }
      set { (core.min_depth, core.max_depth) = (newValue.lowerBound, newValue.upperBound) }
    }
    /// Depth noise model: sigma = depthNoise * z² metres; a cell is planar
    /// when its fit is within a few sigma. > 0. Default 0.0014 (Kinect-class).
    public var depthNoise: Float {
      get { core.depth_noise }
      set { core.depth_noise = newValue }
    }
    /// How far (degrees, in (0, 45)) a normal may be from exactly horizontal
    /// or vertical and still count as one. Default 10.
    public var alignmentToleranceDegrees: Float {
      get { core.alignment_tolerance_degrees }
      set { core.alignment_tolerance_degrees = newValue }
    }
    /// Square metres of a surface seen before it becomes an anchor, > 0.
    /// Default 0.05.
    public var minimumAnchorArea: Float {
      get { core.min_anchor_area }
      set { core.min_anchor_area = newValue }
    }

    /// The core's plane options whose fields the properties above read and
    /// write (detection is ``WorldTrackingConfiguration/planeDetection``).
    var core = CoreOptions(options: WorldTrackingConfiguration.coreDefaults.planes)

    /// The default tunables, given with each value above.
    public init() {}
  }

  /// How the camera is tracked: which of a frame's sensors carry the pose.
  public enum TrackingMode: String, Sendable, CaseIterable {
    /// Each frame as its sensors allow: RGB-D with depth, visual-inertial
    /// with an IMU and no depth, monocular otherwise.
    case automatic
    /// Depth only: frames without depth are not tracked.
    case rgbd
    /// One camera and the IMU, depth ignored; the state stays
    /// `limited(initializing)` until the IMU has given the metric scale.
    case visualInertial
    /// One camera alone: positions are in a unit of the map's own
    /// (``TrackingStatistics/isScaleKnown`` false).
    case monocular

    init(core: vc_tracking_mode_t) {
      switch core {
      case VC_TRACKING_MODE_RGBD: self = .rgbd
      case VC_TRACKING_MODE_VISUAL_INERTIAL: self = .visualInertial
      case VC_TRACKING_MODE_MONOCULAR: self = .monocular
      default: self = .automatic
      }
    }

    var core: vc_tracking_mode_t {
      switch self {
      case .automatic: VC_TRACKING_MODE_AUTOMATIC
      case .rgbd: VC_TRACKING_MODE_RGBD
      case .visualInertial: VC_TRACKING_MODE_VISUAL_INERTIAL
      case .monocular: VC_TRACKING_MODE_MONOCULAR
      }
    }
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
    public var maximumFeatures: Int {
      get { Int(core.max_features) }
      set { core.max_features = Int32(clamping: newValue) }
    }
    /// New corners go into the empty cells of a `gridColumns` x `gridRows`
    /// grid, each 1...256, spreading features over the image. Default 16 x 12.
    public var gridColumns: Int {
      get { Int(core.grid_columns) }
      set { core.grid_columns = Int32(clamping: newValue) }
    }
    /// The grid's rows, 1...256; see ``gridColumns``. Default 12.
    public var gridRows: Int {
      get { Int(core.grid_rows) }
      set { core.grid_rows = Int32(clamping: newValue) }
    }
    /// FAST corner threshold in grey levels, 1...255; an image with fewer
    /// than twice ``maximumFeatures`` corners is searched again at a third of
    /// it (at least 5). Default 20.
    public var cornerThreshold: Int {
      get { Int(core.corner_threshold) }
      set { core.corner_threshold = Int32(clamping: newValue) }
    }
    /// Optical-flow window side in pixels, odd, 5...63. Default 11.
    public var opticalFlowWindowSize: Int {
      get { Int(core.optical_flow_window_size) }
      set { core.optical_flow_window_size = Int32(clamping: newValue) }
    }
    /// Optical-flow pyramid levels above the full image, 0...8. Default 3.
    public var opticalFlowPyramidLevels: Int {
      get { Int(core.optical_flow_pyramid_levels) }
      set { core.optical_flow_pyramid_levels = Int32(clamping: newValue) }
    }
    /// Optical-flow iterations per level, 1...100. Default 10.
    public var opticalFlowMaximumIterations: Int {
      get { Int(core.optical_flow_max_iterations) }
      set { core.optical_flow_max_iterations = Int32(clamping: newValue) }
    }
    /// Tracks whose mean absolute grey difference over the window exceeds
    /// this are dropped; > 0. Default 30.
    public var opticalFlowMaximumError: Float {
      get { core.optical_flow_max_error }
      set { core.optical_flow_max_error = newValue }
    }
    /// Depths outside this range (metres, 0 < lower < upper) are not lifted
    /// to 3D. Default 0.1...6.
    public var depthRange: ClosedRange<Float> {
      get { core.min_depth...core.max_depth }
      set { (core.min_depth, core.max_depth) = (newValue.lowerBound, newValue.upperBound) }
    }
    /// A corner is lifted only if its 3x3 neighbourhood's depths differ by at
    /// most this fraction of its depth (corners on depth edges get wrong 3D
    /// points); > 0. Default 0.05.
    public var maximumDepthStep: Float {
      get { core.max_depth_step }
      set { core.max_depth_step = newValue }
    }
    /// Depth noise model: sigma = depthNoise * z² metres; far points count
    /// less in the pose. >= 0. Default 0.0015 (Kinect-class sensors).
    public var depthNoise: Float {
      get { core.depth_noise }
      set { core.depth_noise = newValue }
    }
    /// Reprojection error in pixels under which a feature agrees with the
    /// pose; > 0. Default 2.
    public var inlierThreshold: Float {
      get { core.inlier_threshold }
      set { core.inlier_threshold = newValue }
    }
    /// RANSAC iterations at most, 1...10000. Default 100.
    public var maximumRANSACIterations: Int {
      get { Int(core.ransac_max_iterations) }
      set { core.ransac_max_iterations = Int32(clamping: newValue) }
    }
    /// How far (one sigma) the camera may move from the motion prediction in
    /// one frame, metres and degrees (each > 0): a weak prior on the pose,
    /// and a pose more than 4 sigma away needs ``minimumInliersForNormal``
    /// inliers. Defaults 0.02 m and 2°.
    public var motionPriorMeters: Float {
      get { core.motion_prior_metres }
      set { core.motion_prior_metres = newValue }
    }
    /// The turn part of the motion prior, degrees > 0; see ``motionPriorMeters``. Default 2.
    public var motionPriorDegrees: Float {
      get { core.motion_prior_degrees }
      set { core.motion_prior_degrees = newValue }
    }
    /// Below this many agreeing features a frame is lost; 6...maximumFeatures.
    /// Default 15.
    public var minimumInliers: Int {
      get { Int(core.min_inliers) }
      set { core.min_inliers = Int32(clamping: newValue) }
    }
    /// Below this many agreeing features a tracked frame is
    /// `limited(.insufficientFeatures)`; minimumInliers...maximumFeatures.
    /// Default 40.
    public var minimumInliersForNormal: Int {
      get { Int(core.min_inliers_normal) }
      set { core.min_inliers_normal = Int32(clamping: newValue) }
    }
    /// A keyframe is made when fewer than this fraction of
    /// ``maximumFeatures`` remain, 0...1. Default 0.7.
    public var keyframeFeatureFraction: Float {
      get { core.keyframe_feature_fraction }
      set { core.keyframe_feature_fraction = newValue }
    }
    /// ... or when the camera moved this far (metres, > 0) or turned this
    /// much (degrees, > 0) since the last keyframe. Defaults 0.3 m and 20°.
    public var keyframeDistance: Float {
      get { core.keyframe_distance }
      set { core.keyframe_distance = newValue }
    }
    /// The turn since the last keyframe that makes a keyframe, degrees > 0; see
    /// ``keyframeDistance``. Default 20.
    public var keyframeAngleDegrees: Float {
      get { core.keyframe_angle_degrees }
      set { core.keyframe_angle_degrees = newValue }
    }
    /// Keyframes kept with their ORB descriptors, oldest dropped first;
    /// 1...100000. Default 256 (about 1.2 MB).
    public var maximumKeyframes: Int {
      get { Int(core.max_keyframes) }
      set { core.max_keyframes = Int32(clamping: newValue) }
    }
    /// Map points unseen for this many frames leave the local map; >= 1.
    /// Default 1800 (a minute at 30 Hz: a place revisited within it is
    /// tracked against the points first seen there, so drift does not stay).
    public var mapPointMaximumUnseenFrames: Int {
      get { Int(core.map_point_max_unseen_frames) }
      set { core.map_point_max_unseen_frames = Int32(clamping: newValue) }
    }
    /// On keyframes, map points no longer tracked are looked for within this
    /// many pixels of where they should be (> 0), accepting an ORB match of
    /// at most ``maximumDescriptorDistance`` bits (0...256). Defaults 12 px
    /// and 50 bits.
    public var matchRadius: Float {
      get { core.match_radius }
      set { core.match_radius = newValue }
    }
    /// The largest ORB descriptor distance, in bits (0...256), of such a match; see
    /// ``matchRadius``. Default 50.
    public var maximumDescriptorDistance: Int {
      get { Int(core.max_descriptor_distance) }
      set { core.max_descriptor_distance = Int32(clamping: newValue) }
    }
    /// Frames of normal-quality tracking after a map is started before the
    /// state is ``Camera/TrackingState/normal``; >= 0. Default 5.
    public var initializationFrames: Int {
      get { Int(core.initialization_frames) }
      set { core.initialization_frames = Int32(clamping: newValue) }
    }
    /// Mean luminance (0...1) under which a frame is too dark to track.
    /// Default 0.05.
    public var minimumLuminance: Float {
      get { core.min_luminance }
      set { core.min_luminance = newValue }
    }
    /// Sharpness under this fraction of the recent typical sharpness counts
    /// as motion blur, 0...1. Default 0.35.
    public var blurSharpnessFraction: Float {
      get { core.blur_sharpness_fraction }
      set { core.blur_sharpness_fraction = newValue }
    }
    /// Seconds a lost tracker waits, once the image allows tracking again,
    /// for the old map to reappear before it starts a new map at the held
    /// pose; >= 0. Default 0.3.
    public var reanchorDelay: Double {
      get { Double(coreSeconds: core.reanchor_delay_seconds) }
      set { core.reanchor_delay_seconds = Float(newValue) }
    }
    /// When world up comes from the accelerometer: seconds of samples,
    /// averaged in the world frame so that the camera's own acceleration
    /// cancels, before the world's axes settle (the state stays
    /// ``Camera/TrackingState/Reason/initializing`` until then, and the world
    /// turns once about its origin when they do). 0 uses the first frame's
    /// samples alone.
    public var gravitySettleDuration: Double {
      get { Double(coreSeconds: core.gravity_settle_seconds) }
      set { core.gravity_settle_seconds = Float(newValue) }
    }
    /// Without an accelerometer and an ``WorldTrackingConfiguration/initialUpDirection``,
    /// but with depth: judge up from the planes in view
    /// (``Frame/WorldUp/Source/scene``). Off, the world keeps the first
    /// camera's axes, as without depth. Default true.
    public var isUpFromSceneEnabled: Bool {
      get { core.scene_up_enabled != 0 }
      set { core.scene_up_enabled = newValue ? 1 : 0 }
    }
    /// Seed of every random choice; the same seed and frames give the same
    /// poses, bit for bit.
    public var randomSeed: UInt64 {
      get { core.random_seed }
      set { core.random_seed = newValue }
    }

    /// The core's tracking options whose fields the properties above read
    /// and write (world alignment and up are the configuration's).
    var core = CoreOptions(options: WorldTrackingConfiguration.coreDefaults.tracking)

    /// The default tunables, given with each value above.
    public init() {}
  }

  /// Throws ``ARSceneError/Code/invalidArgument`` naming the first bad value.
  public func validate() throws(ARSceneError) {
    if let up = initialUpDirection {
      guard up.x.isFinite, up.y.isFinite, up.z.isFinite, up != .zero else {
        throw ARSceneError(
          .invalidArgument, "initialUpDirection must be finite and non-zero, got \(up)")
      }
    }
    try Self.validateThroughCore(self)
    try validateImages()
    try validateRelocalization()
  }

  /// The options a core session is created with: the configuration's own
  /// fields with its parts' put in.
  var coreOptions: vc_session_options_t {
    var options = core.options
    options.tracking = tracking.core.options
    options.tracking.world_alignment = core.tracking.world_alignment
    options.tracking.tracking_mode = core.tracking.tracking_mode
    let up = initialUpDirection ?? .zero
    options.tracking.first_camera_up = (up.x, up.y, up.z)
    options.planes = planes.core.options
    options.planes.detection = core.planes.detection
    options.images = images.core.options
    options.images.max_tracked_images = core.images.max_tracked_images
    return options
  }
}

extension WorldTrackingConfiguration {
  /// Checks the core's options in the Swift binding's names.
  fileprivate static func validateThroughCore(_ configuration: Self) throws(ARSceneError) {
    var options = configuration.coreOptions
    try CoreStatus.check(vc_session_options_validate(&options, VC_OPTION_NAMING_SWIFT))
  }
}

extension WorldTrackingConfiguration.TrackingOptions {
  /// Throws ``ARSceneError/Code/invalidArgument`` naming the first bad value.
  public func validate() throws(ARSceneError) {
    var configuration = WorldTrackingConfiguration()
    configuration.tracking = self
    try WorldTrackingConfiguration.validateThroughCore(configuration)
  }
}

extension WorldTrackingConfiguration.PlaneOptions {
  /// Throws ``ARSceneError/Code/invalidArgument`` naming the first bad value.
  public func validate() throws(ARSceneError) {
    var configuration = WorldTrackingConfiguration()
    configuration.planes = self
    try WorldTrackingConfiguration.validateThroughCore(configuration)
  }
}
