/// Tells the person holding the camera what to do, like ARKit's
/// `ARCoachingOverlayView`, as a deterministic state machine: feed it one
/// ``CoachingInput`` per update (every frame or every loop tick) and show
/// the returned message.
///
/// It has no clock and no randomness of its own, so the same inputs always
/// give the same messages, in replays as in live use.
///
/// ```swift
/// var coaching = try CoachingController(
///   goal: .horizontalPlane,
///   catalog: CoachingCatalog(language: .english, device: .phone, objectName: "chair"))
/// let update = coaching.update(CoachingInput(update: frameUpdate))
/// if update.changed { show(update.message) }
/// ```
///
/// What it says, most important first: camera problems (moving too fast,
/// too dark, too little detail in view, getting back to where the person
/// was and, after a while, an offer to start over), the answer to a
/// refused tap, a search for the goal's surface or image that takes long,
/// getting started, a break after long use, and finally what to do next
/// (look for a surface, tap to place the object). `CoachingHysteresis`
/// keeps the messages steady.
public struct CoachingController: Sendable {
  /// What the person is trying to do. Changing it restarts the search for
  /// what it needs.
  public var goal: CoachingGoal {
    didSet {
      if goal != oldValue { restartGoal() }
    }
  }
  /// The timings, checked with ``CoachingConfiguration/validate()`` when the controller was made.
  public let configuration: CoachingConfiguration
  /// The words; changing it rewords the current message at the next update.
  public var catalog: CoachingCatalog
  /// The message of the latest update, or nil.
  public private(set) var message: CoachingMessage?

  private var hysteresis: CoachingHysteresis
  private var previousTime: Double?
  /// Seconds of normal tracking spent without what the goal needs.
  private var searchDuration = 0.0
  private var hasPlaced = false
  private var rejection: (reason: CoachingInput.Placement.Rejection, time: Double)?
  private var usageStart: Double?
  /// Since when the session has been starting from colour without a pose.
  private var poselessSince: Double?
  private var breakShownAt: Double?

  /// Throws ``ARSceneError/Code/invalidArgument`` if `configuration` does
  /// not validate.
  public init(
    goal: CoachingGoal = .tracking, configuration: CoachingConfiguration = CoachingConfiguration(),
    catalog: CoachingCatalog = CoachingCatalog()
  ) throws(ARSceneError) {
    try configuration.validate()
    self.goal = goal
    self.configuration = configuration
    self.catalog = catalog
    hysteresis = CoachingHysteresis(configuration: configuration)
  }

  /// Takes one snapshot and returns the message to show now. A reset in
  /// the snapshot applies first, then its placements, then its state.
  public mutating func update(_ input: CoachingInput) -> CoachingUpdate {
    let time = acceptedTime(input.time)
    if input.isSessionReset { restart() }
    let elapsed = previousTime.map { time - $0 } ?? 0
    previousTime = time
    if usageStart == nil || elapsed >= configuration.breakGap { restartUsage(at: time) }
    for placement in input.placements { apply(placement, at: time) }

    hysteresis.record(trackingConditions(input), at: time)
    hysteresis.record(goalConditions(input, elapsed: elapsed), at: time)
    hysteresis.record(placementConditions(at: time), at: time)
    hysteresis.record(breakConditions(at: time), at: time)
    if needsSidewaysMotion(input, at: time) { hysteresis.record([.moveSideways], at: time) }
    if let start = hysteresis.runStart(of: .relocalizing),
      CoachingHysteresis.hasReached(time - start, configuration.startOverDelay)
    {
      hysteresis.record([.startOver], at: time)
    }
    let shown = hysteresis.decide(at: time)
    if shown == .takeBreak && breakShownAt == nil { breakShownAt = time }

    let newMessage = shown.map(catalog.message(for:))
    defer { message = newMessage }
    return CoachingUpdate(message: newMessage, changed: newMessage != message)
  }

  /// A placed object needs no more "tap to place" and no answer to an
  /// earlier refused tap, at once; a refused tap is answered from now for
  /// ``CoachingConfiguration/placementFeedbackDuration``.
  private mutating func apply(_ placement: CoachingInput.Placement, at time: Double) {
    switch placement {
    case .placed:
      hasPlaced = true
      rejection = nil
      hysteresis.end { $0 == .surfaceFound || $0.answersTap }
    case .rejected(let reason):
      rejection = (reason, time)
    }
  }

  /// The input's time, or the previous one when it would go backwards or is
  /// not a number, so durations never come out negative.
  private func acceptedTime(_ time: Double) -> Double {
    guard let previousTime else { return time.isFinite ? time : 0 }
    return time.isFinite && time >= previousTime ? time : previousTime
  }

  /// Starting from colour alone for ``CoachingConfiguration/moveSidewaysDelay``
  /// without a measured pose: the camera only turns or stands still. (Once
  /// poses come, the person is already moving; the scale's own reason then
  /// says whether the motion can give metres.)
  private mutating func needsSidewaysMotion(_ input: CoachingInput, at time: Double) -> Bool {
    let isStartingWithoutPose =
      input.isWithoutDepth && !input.isPoseMeasured
      && trackingConditions(input) == [.gettingStarted]
    guard isStartingWithoutPose else {
      poselessSince = nil
      return false
    }
    let since = poselessSince ?? time
    poselessSince = since
    return CoachingHysteresis.hasReached(time - since, configuration.moveSidewaysDelay)
  }

  private func trackingConditions(_ input: CoachingInput) -> [CoachingCondition] {
    switch input.trackingState {
    case .normal: []
    case .limited(.initializing) where input.unknownScaleReason == .tooLittleAcceleration:
      // Without depth, turning in place never starts tracking: say so,
      // where "move slowly" would keep the person doing just that.
      [.moveSideways]
    case .notAvailable, .limited(.initializing): [.gettingStarted]
    case .limited(.excessiveMotion): [.excessiveMotion]
    case .limited(.insufficientFeatures): [.insufficientFeatures]
    case .limited(.insufficientLight): [.insufficientLight]
    case .limited(.relocalizing): [.relocalizing]
    }
  }

  /// What the goal still needs. Only counted while tracking is normal: with
  /// a camera problem the problem's message explains the wait, and the
  /// search clock does not run.
  private mutating func goalConditions(_ input: CoachingInput, elapsed: Double)
    -> [CoachingCondition]
  {
    let isSatisfied: Bool
    switch goal {
    case .tracking:
      return []
    case .image(let name):
      isSatisfied = input.imageNames.contains(name)
    case .horizontalPlane, .verticalPlane, .anyPlane:
      isSatisfied = input.surfaces.contains(where: goal.isSatisfied(by:))
    }
    if isSatisfied {
      searchDuration = 0
    } else if input.trackingState == .normal {
      searchDuration += elapsed
    }
    guard input.trackingState == .normal else { return [] }
    let needsHint = CoachingHysteresis.hasReached(searchDuration, configuration.searchHintDelay)
    let needsAdvice = CoachingHysteresis.hasReached(
      searchDuration, configuration.searchAdviceDelay)
    switch (goal, isSatisfied) {
    case (.image, true):
      return []
    case (.image(let name), false):
      return needsHint ? [.imageSearchHint(name)] : [.findImage(name)]
    case (_, true):
      return hasPlaced ? [] : [.surfaceFound]
    case (_, false):
      if needsAdvice { return [.surfaceSearchAdvice] }
      return needsHint ? [.surfaceSearchHint] : [.findSurface(goal)]
    }
  }

  private mutating func placementConditions(at time: Double) -> [CoachingCondition] {
    guard let rejection else { return [] }
    guard
      !CoachingHysteresis.hasReached(time - rejection.time, configuration.placementFeedbackDuration)
    else {
      self.rejection = nil
      return []
    }
    return [.placementRejected(rejection.reason)]
  }

  /// The break suggestion is due after the interval of use, waits for its
  /// turn if something more important is up, stays its duration from when
  /// it first showed, and then the use clock starts again.
  private mutating func breakConditions(at time: Double) -> [CoachingCondition] {
    guard let usageStart,
      CoachingHysteresis.hasReached(time - usageStart, configuration.breakReminderInterval)
    else {
      return []
    }
    if let breakShownAt,
      CoachingHysteresis.hasReached(time - breakShownAt, configuration.breakReminderDuration)
    {
      restartUsage(at: time)
      return []
    }
    return [.takeBreak]
  }

  private mutating func restartUsage(at time: Double) {
    usageStart = time
    breakShownAt = nil
  }

  private mutating func restartGoal() {
    searchDuration = 0
    hasPlaced = false
    rejection = nil
  }

  /// A session reset: everything starts over, including the use clock (a
  /// new start is a natural pause), and the shown message goes at once.
  private mutating func restart() {
    hysteresis.reset()
    restartGoal()
    usageStart = nil
    breakShownAt = nil
    poselessSince = nil
  }
}
