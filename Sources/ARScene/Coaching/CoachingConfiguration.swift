/// The coaching's timings, all in seconds of session time. The defaults
/// follow the human-interface guidelines for AR coaching; ``validate()`` says
/// which value is out of range.
public struct CoachingConfiguration: Equatable, Sendable {
  /// How long a condition must hold before its message shows, so a single
  /// bad frame says nothing. >= 0. Default 0.5.
  public var onsetDelay: Double = 0.5
  /// How long relocalizing must last before "Return to the previous area"
  /// shows: a camera that sees a mapped place again is usually found within
  /// a few frames (after a bare wall or the dark), and a message asking the
  /// person to go back should not flash up then. >= ``onsetDelay``.
  /// Default 1.
  public var relocalizingDelay: Double = 1
  /// How long a shown message stays at least, so it can be read; only a more
  /// urgent message replaces it sooner. >= 0. Default 1.5.
  public var minimumDisplayDuration: Double = 1.5
  /// How long a condition must be gone before it counts as over, so a
  /// condition that drops out for a frame or two does not restart its
  /// onset delay or clear its message. >= 0. Default 0.25.
  public var releaseDelay: Double = 0.25
  /// Seconds of starting without depth and without a first pose before
  /// "Try moving your phone from side to side": tracking from colour alone
  /// needs the camera to move sideways, and a camera that only turns, or
  /// stands still, never starts. > 0. Default 2.
  public var moveSidewaysDelay: Double = 2
  /// Seconds of steady looking without the goal's surface (or image) before
  /// "Unable to find a surface..."; > 0. Default 8.
  public var searchHintDelay: Double = 8
  /// Seconds of steady looking without the goal's surface before the fuller
  /// advice (move around, more light, a textured surface);
  /// > ``searchHintDelay``. Default 15.
  public var searchAdviceDelay: Double = 15
  /// Seconds of trying to return to the previous area before starting over
  /// is offered; > 0. Default 10.
  public var startOverDelay: Double = 10
  /// How long the answer to a refused tap stays up unless the person taps
  /// again or something more urgent comes; > 0. Default 3.
  public var placementFeedbackDuration: Double = 3
  /// Seconds of continuous use before a short break is suggested; > 0.
  /// Default 600 (10 minutes).
  public var breakReminderInterval: Double = 600
  /// How long the break suggestion stays up; > 0. Default 10.
  public var breakReminderDuration: Double = 10
  /// A pause between updates at least this long counts as a break and
  /// restarts the continuous-use clock; > 0. Default 120.
  public var breakGap: Double = 120

  /// The default timings, given with each value above.
  public init() {}

  /// Throws ``ARSceneError/Code/invalidArgument`` naming the first bad value.
  public func validate() throws(ARSceneError) {
    func require(_ ok: Bool, _ message: @autoclosure () -> String) throws(ARSceneError) {
      if !ok { throw ARSceneError(.invalidArgument, "coaching." + message()) }
    }
    func atLeastZero(_ value: Double) -> Bool { value.isFinite && value >= 0 }
    func positive(_ value: Double) -> Bool { value.isFinite && value > 0 }
    try require(atLeastZero(onsetDelay), "onsetDelay must be >= 0 seconds, got \(onsetDelay)")
    try require(
      relocalizingDelay.isFinite && relocalizingDelay >= onsetDelay,
      "relocalizingDelay must be >= onsetDelay (\(onsetDelay)) seconds, got \(relocalizingDelay)")
    try require(
      atLeastZero(minimumDisplayDuration),
      "minimumDisplayDuration must be >= 0 seconds, got \(minimumDisplayDuration)")
    try require(
      atLeastZero(releaseDelay), "releaseDelay must be >= 0 seconds, got \(releaseDelay)")
    try require(
      positive(moveSidewaysDelay),
      "moveSidewaysDelay must be > 0 seconds, got \(moveSidewaysDelay)")
    try require(
      positive(searchHintDelay), "searchHintDelay must be > 0 seconds, got \(searchHintDelay)")
    try require(
      positive(searchAdviceDelay) && searchAdviceDelay > searchHintDelay,
      "searchAdviceDelay must be > searchHintDelay (\(searchHintDelay)) seconds, got \(searchAdviceDelay)"
    )
    try require(
      positive(startOverDelay), "startOverDelay must be > 0 seconds, got \(startOverDelay)")
    try require(
      positive(placementFeedbackDuration),
      "placementFeedbackDuration must be > 0 seconds, got \(placementFeedbackDuration)")
    try require(
      positive(breakReminderInterval),
      "breakReminderInterval must be > 0 seconds, got \(breakReminderInterval)")
    try require(
      positive(breakReminderDuration),
      "breakReminderDuration must be > 0 seconds, got \(breakReminderDuration)")
    try require(positive(breakGap), "breakGap must be > 0 seconds, got \(breakGap)")
  }
}
