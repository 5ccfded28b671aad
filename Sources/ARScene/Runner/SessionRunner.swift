internal import CVisionCore

/// Runs everything an AR app needs from frames, the way ARKit's session and
/// view do together: a ``Session`` tracking the world, the 60 Hz
/// ``SessionLoop``, the ``CoachingController`` telling the person what to
/// do, and the ``PlacementController`` whose objects settle on surfaces.
/// One call per tick drives them all, in the order the pieces expect.
///
/// ```swift
/// let runner = try SessionRunner(coaching: CoachingCatalog(objectName: "chair"))
/// let update = try runner.tick(processing: [frame])   // every 1/60 s
/// if let message = update.changedCoachingMessage { show(message) }
/// if case .success(let chair) = runner.place("chair", on: .floor, at: SIMD2(0.5, 0.7)) { ... }
/// ```
///
/// `ARSceneDatasets` drives a runner through a recorded sequence with
/// `for try await update in runner.updates(replaying: sequence)`. The pieces
/// stay available (``session``, ``loop``, ``placement``) for what the runner
/// does not wrap. Not thread-safe: tick it from one thread (or actor).
public final class SessionRunner {
  /// The session; a new one after ``run(_:options:)`` with
  /// ``RunOptions/resetTracking``.
  public private(set) var session: Session
  /// The update loop (with the coaching), new with each new session.
  public private(set) var loop: SessionLoop
  /// The placed objects.
  public let placement: PlacementController
  /// Hears of every tick.
  public weak var delegate: (any SessionRunnerDelegate)?
  /// Whether ``pause()`` stopped the runner; ``run(_:options:)`` resumes it.
  public private(set) var isPaused = false

  private let loopConfiguration: LoopConfiguration
  private let coachingSettings: CoachingSettings?

  /// What the coaching is made from, kept to make it again for a new world.
  private struct CoachingSettings {
    var catalog: CoachingCatalog
    var goal: CoachingGoal?
    var configuration: CoachingConfiguration
  }

  /// A runner of a new session with `configuration`. `coaching` gives the
  /// coaching's words (nil for no coaching); its goal is `coachingGoal` or,
  /// when nil, the surface the plane detection looks for (or just tracking).
  /// Throws ``ARSceneError/Code/invalidArgument`` naming the first setting
  /// that does not validate.
  public init(
    configuration: WorldTrackingConfiguration = WorldTrackingConfiguration(),
    coaching: CoachingCatalog? = CoachingCatalog(), coachingGoal: CoachingGoal? = nil,
    coachingConfiguration: CoachingConfiguration = CoachingConfiguration(),
    loopConfiguration: LoopConfiguration = LoopConfiguration(),
    placementConfiguration: PlacementConfiguration = PlacementConfiguration()
  ) throws(ARSceneError) {
    coachingSettings = coaching.map {
      CoachingSettings(catalog: $0, goal: coachingGoal, configuration: coachingConfiguration)
    }
    self.loopConfiguration = loopConfiguration
    placement = try PlacementController(configuration: placementConfiguration)
    session = try Session(configuration: configuration)
    loop = try Self.makeLoop(session, loopConfiguration, coachingSettings)
    if let map = configuration.initialWorldMap {
      // Objects saved with the map come back hidden until the camera is
      // found in it.
      placement.restore(try map.anchors)
    }
  }

  private static func makeLoop(
    _ session: Session, _ configuration: LoopConfiguration, _ coaching: CoachingSettings?
  ) throws(ARSceneError) -> SessionLoop {
    let controller = try coaching.map { settings throws(ARSceneError) in
      try CoachingController(
        goal: settings.goal ?? CoachingGoal(planeDetection: session.configuration.planeDetection),
        configuration: settings.configuration, catalog: settings.catalog)
    }
    return try SessionLoop(session: session, configuration: configuration, coaching: controller)
  }

  /// Every anchor: the session's (planes, images, the app's own) and the
  /// placed objects, in that order.
  public var anchors: [any Anchor] {
    session.anchors + placement.objects.map { $0 as any Anchor }
  }

  /// Adds an anchor of the app's own (see ``Session/add(anchor:)``).
  public func add(anchor: AppAnchor) throws(ARSceneError) {
    try session.add(anchor: anchor)
  }

  /// Removes an anchor of the app's own or a placed object with `anchor`'s
  /// identifier; whether there was one.
  @discardableResult
  public func remove(anchor: any Anchor) -> Bool {
    session.remove(anchor: anchor) || placement.remove(anchor.identifier)
  }

  /// The configuration the session runs.
  public var configuration: WorldTrackingConfiguration { session.configuration }

  /// The coaching, nil for a runner without; its catalog and goal may be
  /// changed between ticks.
  public var coaching: CoachingController? {
    get { loop.coaching }
    set { loop.coaching = newValue }
  }

  /// Runs one tick of the loop: processes `frames` (oldest first; those
  /// that arrived since the previous tick) or predicts the camera, then
  /// moves the placed objects and advances the coaching, and tells the
  /// ``delegate``. Throws what ``SessionLoop/tick(processing:)`` throws, and
  /// ``ARSceneError/Code/invalidArgument`` while paused.
  @discardableResult
  public func tick(processing frames: [CapturedFrame] = []) throws(ARSceneError) -> RunnerUpdate {
    guard !isPaused else {
      throw ARSceneError(
        .invalidArgument, "the runner is paused: call run(_:options:) to resume it")
    }
    let tickUpdate = try loop.tick(processing: frames)
    for frameUpdate in tickUpdate.frameUpdates {
      placement.observe(frameUpdate)
      // A session that started over by itself (a relocalization timeout)
      // leaves its objects behind with its world.
      if frameUpdate.reset != nil { placement.removeAll() }
    }
    let update = RunnerUpdate(
      tick: tickUpdate.tick, frameUpdates: tickUpdate.frameUpdates,
      anchorChanges: tickUpdate.anchorChanges, coaching: tickUpdate.coaching,
      placementEvents: placement.advance(tickUpdate.tick, in: session))
    delegate?.runner(self, didUpdate: update)
    return update
  }

  /// Places an object where the ray through `screenPoint` (normalised,
  /// (0, 0) top-left) of the current frame meets a surface that `surface`
  /// admits (see ``PlacementController/place(name:constraint:at:in:)``).
  /// The coaching hears the outcome at the next tick ("Tap a location to
  /// place the chair." is done with, or says why the tap was refused).
  public func place(
    _ name: String, on surface: PlacementConstraint = .anySurface, at screenPoint: SIMD2<Float>
  ) -> Result<PlacedObject, PlacementRejection> {
    let outcome = placement.place(name: name, constraint: surface, at: screenPoint, in: session)
    loop.notePlacement(CoachingInput.Placement(outcome))
    return outcome
  }

  /// What the session knows of the room now, with the placed objects (see
  /// ``Session/currentWorldMap(adding:)``): save it with
  /// ``WorldMap/write(to:)``; a runner whose configuration starts in it
  /// (``WorldTrackingConfiguration/initialWorldMap``) brings the objects
  /// back, hidden until the camera is found in the map.
  public func currentWorldMap() throws(ARSceneError) -> WorldMap {
    try session.currentWorldMap(adding: placement.worldMapAnchors)
  }

  /// Starts over, like ARKit's `run(_:options: [.resetTracking,
  /// .removeExistingAnchors])` with the same configuration: a new world
  /// from the next frame, no anchors, no placed objects, the coaching from
  /// the beginning. The ``WorldTrackingConfiguration/initialWorldMap`` is
  /// left behind. Throws only if the core cannot be made again.
  public func reset() throws(ARSceneError) {
    try session.reset()
    loop.noteSessionReset()
    placement.removeAll()
  }

  /// Stops the runner, like ARKit's `pause()`: ticks throw until
  /// ``run(_:options:)`` resumes it. The world is kept; frames that come
  /// after a long pause find the camera in it again (relocalizing first
  /// when the session relocalizes).
  public func pause() {
    isPaused = true
  }

  /// Resumes or reconfigures the runner, like ARKit's
  /// `run(_:options:)`. With ``RunOptions/resetTracking`` the session
  /// starts a new world with `configuration` (the loop and the coaching
  /// begin again at the next frame; placed objects stay unless
  /// ``RunOptions/removeExistingAnchors`` removes them, with the app's
  /// anchors). Without it the
  /// world is kept, and `configuration` may differ from the running one only
  /// in its ``WorldTrackingConfiguration/detectionImages``; any other change
  /// throws ``ARSceneError/Code/invalidArgument`` naming it, and changes
  /// nothing.
  public func run(_ configuration: WorldTrackingConfiguration, options: RunOptions = [])
    throws(ARSceneError)
  {
    if options.contains(.resetTracking) {
      let session = try Session(configuration: configuration)
      // The app's anchors stay at their coordinates, as ARKit's do.
      for anchor in self.session.appAnchors
      where !session.anchors.contains(where: {
        $0.identifier == anchor.identifier
      }) {
        try session.add(anchor: anchor)
      }
      let loop = try Self.makeLoop(session, loopConfiguration, coachingSettings)
      self.session = session
      self.loop = loop
    } else {
      var running = session.configuration
      running.detectionImages = configuration.detectionImages
      guard running == configuration else {
        throw ARSceneError(
          .invalidArgument,
          "the running world keeps its configuration except detectionImages:"
            + " run with .resetTracking to change \(Self.changedSettings(session.configuration, configuration))"
        )
      }
      if configuration.detectionImages != session.configuration.detectionImages {
        try session.setDetectionImages(configuration.detectionImages)
      }
    }
    if options.contains(.removeExistingAnchors) {
      placement.removeAll()
      for anchor in session.appAnchors { session.remove(anchor: anchor) }
    }
    isPaused = false
  }

  /// The names of the settings in which `new` differs from `old`, for an
  /// error message: the core names its options (its table knows their Swift
  /// names); the settings only Swift holds are compared as printed.
  private static func changedSettings(
    _ old: WorldTrackingConfiguration, _ new: WorldTrackingConfiguration
  ) -> String {
    var (oldCore, newCore) = (old.coreOptions, new.coreOptions)
    let coreNames = String(
      cString: vc_session_options_differences(&oldCore, &newCore, VC_OPTION_NAMING_SWIFT))
    var names = coreNames.isEmpty ? [] : coreNames.components(separatedBy: ", ")
    func compare(_ old: Any, _ new: Any, prefix: String) {
      for (a, b) in zip(Mirror(reflecting: old).children, Mirror(reflecting: new).children) {
        guard let label = a.label, label != "core" else { continue }
        if ["tracking", "planes", "images"].contains(label) {
          compare(a.value, b.value, prefix: label + ".")
        } else if String(describing: a.value) != String(describing: b.value),
          !names.contains(prefix + label)
        {
          names.append(prefix + label)
        }
      }
    }
    compare(old, new, prefix: "")
    return names.isEmpty ? "its settings" : names.joined(separator: ", ")
  }
}
