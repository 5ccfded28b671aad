import Dispatch

/// The 60 Hz update loop: every tick (1/60 s of session time) it processes
/// the frames that arrived since the previous tick, otherwise predicts the
/// camera, and then advances what moves with time, such as the coaching.
///
/// The loop has no clock of its own: the caller says when a tick happens by
/// calling ``tick(processing:)``. A replay calls it as fast as it can (a
/// virtual clock: the same input gives the same ticks), a live app or
/// `--realtime` once per 1/60 s of wall time. Session time starts at the
/// first frame's timestamp, which is tick 0.
///
/// ```swift
/// let loop = try SessionLoop(session: session, coaching: coaching)
/// let update = try loop.tick(processing: [frame])   // tick 0 needs a frame
/// let next = try loop.tick()                         // no frame: predicted
/// ```
public final class SessionLoop {
  /// The session that processes the frames.
  public let session: Session
  /// The loop's tunables, checked with ``LoopConfiguration/validate()`` when the loop was made.
  public let configuration: LoopConfiguration
  /// Tells the person what to do; nil for no coaching.
  public var coaching: CoachingController?
  /// Names of the reference images found so far (every image anchor the
  /// session has had), for an image goal of the coaching.
  public private(set) var foundImageNames: Set<String> = []

  /// The index of the next tick.
  public private(set) var nextTickIndex = 0
  /// Frames processed since the loop began.
  public private(set) var processedFrameCount = 0
  /// The most recent tick, nil before the first.
  public private(set) var lastTick: Tick?

  private var predictor: CameraPredictor
  private var startTimestamp: Double?
  private var pendingPlacements: [CoachingInput.Placement] = []
  private var pendingReset = false
  /// Session time of the newest processed frame, and the interval before it.
  private var lastFrameTime: Double?
  private var lastFrameInterval = 0.0

  /// Throws ``ARSceneError/Code/invalidArgument`` if `configuration` does
  /// not validate.
  public init(
    session: Session, configuration: LoopConfiguration = LoopConfiguration(),
    coaching: CoachingController? = nil
  ) throws(ARSceneError) {
    try configuration.validate()
    self.session = session
    self.configuration = configuration
    self.coaching = coaching
    predictor = CameraPredictor(maximumDuration: configuration.maximumPredictionDuration)
  }

  /// Session time of tick `index`, in seconds. Computed from the index, not
  /// summed, so long sessions do not drift.
  public func time(ofTick index: Int) -> Double { Double(index) / configuration.tickRate }

  /// The tick at which something happening at `sessionTime` is due: the
  /// first tick at or after it. A time that is not a number counts as 0
  /// (the session rejects such a frame with its own error).
  public func tickIndex(dueAt sessionTime: Double) -> Int {
    let ticks = sessionTime * configuration.tickRate
    guard ticks.isFinite else { return 0 }
    // A frame on a tick (30 Hz on a 60 Hz loop) is due on that tick even when
    // its timestamp was rounded up (to the microsecond, say): a thousandth
    // of a tick is 17 microseconds at 60 Hz.
    return Int(min(max((ticks - 1e-3).rounded(.up), 0), 1e15))
  }

  /// Session time of a frame captured at `timestamp`; 0 before the first.
  public func sessionTime(ofFrameAt timestamp: Double) -> Double {
    timestamp - (startTimestamp ?? timestamp)
  }

  /// Moves the next tick on to `index` when the caller fell behind the wall
  /// clock: the ticks in between never happen, and the next tick's
  /// ``Tick/duration`` spans the gap. Earlier indices change nothing.
  public func skipTicks(to index: Int) {
    nextTickIndex = max(nextTickIndex, index)
  }

  /// Whether, at session time `time`, frames have stopped for longer than
  /// the camera may be predicted (and than two of the camera's own frame
  /// intervals, so a slow camera is not taken for a stopped one), in a
  /// session that relocalizes.
  private func hasOutlivedPrediction(at time: Double) -> Bool {
    guard session.configuration.isRelocalizationEnabled, let lastFrameTime else { return false }
    return time - lastFrameTime
      > max(configuration.maximumPredictionDuration, 2 * lastFrameInterval)
  }

  /// A tap's outcome, for the coaching at the next tick.
  public func notePlacement(_ placement: CoachingInput.Placement) {
    pendingPlacements.append(placement)
  }

  /// The person started over: the coaching starts from scratch at the next
  /// tick and the predicted motion is forgotten.
  public func noteSessionReset() {
    pendingReset = true
    predictor.reset()
    lastFrameTime = nil
    foundImageNames = []
  }

  /// Runs the next tick: processes `frames` (oldest first; those that
  /// arrived since the previous tick), or predicts the camera when there
  /// are none, then advances the coaching. The first tick needs a frame,
  /// since until one arrives there is no camera to speak of.
  ///
  /// Throws what ``Session/process(_:)`` throws for a frame (frames before
  /// it in `frames` stay processed), and ``ARSceneError/Code/invalidArgument``
  /// for a first tick without a frame.
  public func tick(processing frames: [CapturedFrame] = []) throws(ARSceneError) -> TickUpdate {
    let started = DispatchTime.now().uptimeNanoseconds
    var processingNanoseconds: UInt64 = 0
    if startTimestamp == nil {
      guard let first = frames.first else {
        throw ARSceneError(
          .invalidArgument, "the loop's first tick needs a frame: there is no camera before one")
      }
      startTimestamp = first.timestamp
    }
    let index = nextTickIndex
    let time = self.time(ofTick: index)
    var updates: [FrameUpdate] = []
    updates.reserveCapacity(frames.count)
    for frame in frames {
      let processStart = DispatchTime.now().uptimeNanoseconds
      let update = try session.process(frame)
      processingNanoseconds += DispatchTime.now().uptimeNanoseconds - processStart
      processedFrameCount += 1
      let frameTime = sessionTime(ofFrameAt: frame.timestamp)
      lastFrameInterval = lastFrameTime.map { frameTime - $0 } ?? 0
      lastFrameTime = frameTime
      predictor.observe(
        update.frame.camera, at: sessionTime(ofFrameAt: frame.timestamp),
        imuSamples: frame.imuSamples)
      updates.append(update)
    }
    // A session that started over by itself (a relocalization timeout)
    // begins a new world: the coaching starts afresh, the motion is
    // forgotten.
    if updates.contains(where: { $0.reset != nil }) { noteSessionReset() }
    var camera: Camera
    if let last = updates.last?.frame.camera {
      camera = last
    } else if let predicted = predictor.predict(at: time) {
      camera = predicted
    } else if let lastTick {
      // Nothing to predict from since a reset: no pose until the next frame.
      camera = lastTick.camera
      camera.trackingState = .notAvailable
    } else {
      // The first tick has a frame, so this cannot happen.
      throw ARSceneError(.internalError, "the loop has no camera to report")
    }
    if updates.isEmpty, hasOutlivedPrediction(at: time),
      camera.trackingState != .notAvailable, camera.trackingState != .limited(.initializing)
    {
      // Frames stopped (an app switch, a call): where the camera is is no
      // longer known, and it will be looked for in the map when they
      // resume. A session still initializing has no map to look in.
      camera.trackingState = .limited(.relocalizing)
    }
    let tick = Tick(
      index: index, time: time,
      duration: lastTick.map { time - $0.time } ?? configuration.tickDuration, camera: camera,
      isCameraPredicted: updates.isEmpty)
    nextTickIndex += 1
    lastTick = tick
    // Tracked raycasts are cast again on every tick; image anchors' timers
    // run on ticks without a frame too (a frame runs them itself).
    session.advance(tick)
    var anchorChanges = AnchorChanges()
    if updates.isEmpty, let startTimestamp {
      anchorChanges = session.advanceImageAnchors(
        onTick: tick, frameClockTime: startTimestamp + time)
    }
    for anchor in session.imageAnchors where !foundImageNames.contains(anchor.referenceImage.name) {
      foundImageNames.insert(anchor.referenceImage.name)
    }

    var coachingUpdate: CoachingUpdate?
    if coaching != nil {
      let input = CoachingInput(
        time: time, trackingState: camera.trackingState,
        surfaces: session.planeAnchors.map(CoachingInput.Surface.init),
        imageNames: foundImageNames, placements: pendingPlacements, isSessionReset: pendingReset,
        unknownScaleReason: session.currentFrame?.trackingStatistics.unknownScaleReason,
        isWithoutDepth: session.currentFrame?.statistics.validDepthFraction == 0,
        isPoseMeasured: session.currentFrame?.trackingStatistics.isPoseMeasured ?? false)
      coachingUpdate = coaching?.update(input)
      pendingPlacements.removeAll(keepingCapacity: true)
      pendingReset = false
    }
    let elapsed = DispatchTime.now().uptimeNanoseconds - started
    return TickUpdate(
      tick: tick, frameUpdates: updates, anchorChanges: anchorChanges, coaching: coachingUpdate,
      loopMilliseconds: Double(elapsed - min(elapsed, processingNanoseconds)) / 1e6)
  }
}
