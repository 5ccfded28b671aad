internal import CVisionCore

extension WorldTrackingConfiguration {
  /// Most reference images a session looks for at once: recognition stays
  /// fast and reliable up to this many (ARKit's advice too). Applications
  /// with more swap the active set with ``Session/setDetectionImages(_:)``.
  public static let maximumDetectionImages = Int(VC_REFERENCE_IMAGES_MAX)

  /// Image recognition and tracking's tunables; the defaults suit 640x480 at
  /// 30 Hz.
  public struct ImageOptions: Equatable, Sendable {
    /// Recognition runs on every Nth frame, 1...120; the frames between only
    /// follow pictures already found. Default 2: a picture coming into view
    /// is found within two frames while recognition costs half its run time
    /// per frame.
    public var recognitionIntervalFrames: Int {
      get { Int(core.recognition_interval_frames) }
      set { core.recognition_interval_frames = Int32(clamping: newValue) }
    }
    /// Seconds an anchor stays after its picture went out of sight
    /// (``ImageAnchor/isTracked`` false), so content does not flicker; then it
    /// is removed. >= 0. Default 1.
    public var gracePeriod: Double = 1
    /// Seconds a picture must be out of sight before ``ImageAnchor/isTracked``
    /// turns false, so that a single missed frame does not flicker it;
    /// 0...gracePeriod. Default 0.1.
    public var trackingLossDelay: Double = 0.1
    /// Candidates verified with a homography per recognition, 1...100. Default 3.
    public var maximumCandidates: Int {
      get { Int(core.max_candidates) }
      set { core.max_candidates = Int32(clamping: newValue) }
    }
    /// Points (ORB) looked for in a frame when recognising, 100...5000.
    /// Default 400: a poster is found within two frames of covering a
    /// tenth of a 640x480 view, at about 2 ms per frame amortised.
    public var recognitionFeatures: Int {
      get { Int(core.query_features) }
      set { core.query_features = Int32(clamping: newValue) }
    }
    /// Correspondences agreeing with a homography before a picture counts
    /// as found, 8...1000. Default 15.
    public var minimumInliers: Int {
      get { Int(core.min_inliers) }
      set { core.min_inliers = Int32(clamping: newValue) }
    }
    /// Points followed inside each tracked picture, 8...500. Default 60.
    public var trackedPoints: Int {
      get { Int(core.tracked_points) }
      set { core.tracked_points = Int32(clamping: newValue) }
    }

    /// The default tunables, given with each value above.
    public init() {}

    /// The core's image options whose fields the properties above read and
    /// write (the number tracked is the configuration's).
    var core = CoreOptions(options: WorldTrackingConfiguration.coreDefaults.images)
  }

  /// Checks the image settings the core does not hold (the core's are checked
  /// through it); the pictures themselves are examined when a session is
  /// created with them.
  func validateImages() throws(ARSceneError) {
    func require(_ ok: Bool, _ message: @autoclosure () -> String) throws(ARSceneError) {
      if !ok { throw ARSceneError(.invalidArgument, message()) }
    }
    try Self.validateDetectionImages(detectionImages)
    try require(
      images.gracePeriod.isFinite && images.gracePeriod >= 0,
      "images.gracePeriod must be >= 0 seconds, got \(images.gracePeriod)")
    try require(
      images.trackingLossDelay.isFinite && images.trackingLossDelay >= 0
        && images.trackingLossDelay <= images.gracePeriod,
      "images.trackingLossDelay must be 0...gracePeriod (\(images.gracePeriod)) seconds, got "
        + "\(images.trackingLossDelay)")
  }

  /// At most ``maximumDetectionImages`` images with distinct names.
  static func validateDetectionImages(_ images: [ReferenceImage]) throws(ARSceneError) {
    guard images.count <= maximumDetectionImages else {
      throw ARSceneError(
        .invalidArgument,
        "detectionImages holds \(images.count) reference images, but at most "
          + "\(maximumDetectionImages) are active at once ('\(images[maximumDetectionImages].name)' "
          + "is the \(maximumDetectionImages + 1)st); swap the active set with "
          + "Session.setDetectionImages(_:)")
    }
    var seen: [String: Int] = [:]
    for (index, image) in images.enumerated() {
      if let first = seen[image.name] {
        throw ARSceneError(
          .invalidArgument,
          "reference image '\(image.name)': duplicate name (images \(first) and \(index))")
      }
      seen[image.name] = index
    }
  }
}
