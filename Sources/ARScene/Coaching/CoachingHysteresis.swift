/// Decides which condition's message is on screen, so that messages appear
/// only for conditions that last, stay long enough to read, and never
/// flicker.
///
/// Each update the controller ``record(_:at:)``s the conditions that hold,
/// then asks ``decide(at:)``. A condition's *run* starts when it first
/// holds and lasts while it holds; for smoothed conditions
/// (``CoachingCondition/isSmoothed``) gaps shorter than
/// ``CoachingConfiguration/releaseDelay`` do not end it. The rules:
///
/// - a condition shows once it holds at this update and, if smoothed, its
///   run is ``CoachingConfiguration/onsetDelay`` old;
/// - of the conditions that may show, the one of lowest rank wins;
/// - a shown message stays ``CoachingConfiguration/minimumDisplayDuration``
///   unless a more urgent one replaces it (or, for the answer to a new tap,
///   one at least as urgent); clearing waits for the same minimum;
/// - a message does not clear while another condition is waiting out its
///   onset delay: one message then follows the other without a blank
///   blink between them.
struct CoachingHysteresis: Sendable {
  private struct Run: Sendable {
    var start: Double
    var lastHeld: Double
  }

  /// Inputs come at arbitrary session times (60 Hz ticks are not exact in
  /// binary), so durations are compared with this slack: a condition held
  /// from tick 6 to tick 36 has held 0.5 s even if the subtraction gives
  /// 0.49999999999999994.
  private static let tolerance = 1e-9

  private let configuration: CoachingConfiguration
  private var runs: [CoachingCondition: Run] = [:]
  private var heldNow: Set<CoachingCondition> = []
  private(set) var shown: CoachingCondition?
  private var shownSince = 0.0

  init(configuration: CoachingConfiguration) {
    self.configuration = configuration
  }

  /// Notes that `conditions` hold at `time`; call before ``decide(at:)``,
  /// as often as needed within one update.
  mutating func record(_ conditions: some Sequence<CoachingCondition>, at time: Double) {
    for condition in conditions {
      heldNow.insert(condition)
      if runs[condition] != nil {
        runs[condition]!.lastHeld = time
      } else {
        runs[condition] = Run(start: time, lastHeld: time)
      }
    }
  }

  /// When the current run of `condition` started, or nil if it has none.
  func runStart(of condition: CoachingCondition) -> Double? { runs[condition]?.start }

  /// Ends the update: forgets runs that are over and returns the condition
  /// to show, or nil for none.
  mutating func decide(at time: Double) -> CoachingCondition? {
    defer { heldNow = [] }
    runs = runs.filter { condition, run in
      heldNow.contains(condition)
        || (condition.isSmoothed && !isAtLeast(time - run.lastHeld, configuration.releaseDelay))
    }
    // Once the shown message's condition is over, quiet guidance (what to
    // do next) follows at once: its onset delay guards against reacting to
    // a blip, and returning to the task after a problem is none.
    let shownHasEnded = shown.map { runs[$0] == nil } ?? false
    let candidate = runs.filter { condition, run in
      condition == shown
        || (heldNow.contains(condition)
          && (isReady(condition, run, at: time)
            || (shownHasEnded && condition.urgency == .passive)))
    }.keys.min(by: Self.showsBefore)
    guard candidate != shown else { return shown }
    if let shown {
      let mayLeave = isAtLeast(time - shownSince, configuration.minimumDisplayDuration)
      let isPreempted =
        candidate.map {
          $0.urgency > shown.urgency || ($0.answersTap && $0.urgency >= shown.urgency)
        } ?? false
      guard mayLeave || isPreempted else { return shown }
      let isSuccessorPending = runs.contains { condition, run in
        heldNow.contains(condition) && !isReady(condition, run, at: time)
      }
      guard candidate != nil || !isSuccessorPending else { return shown }
    }
    shown = candidate
    shownSince = time
    return candidate
  }

  /// Ends the runs of the conditions that `isEnded` picks, at once and
  /// without a release delay: for conditions the person's own action has
  /// settled (a placed object needs no "tap to place").
  mutating func end(where isEnded: (CoachingCondition) -> Bool) {
    runs = runs.filter { condition, _ in !isEnded(condition) }
  }

  /// Forgets everything, clearing the shown message at once.
  mutating func reset() {
    runs = [:]
    heldNow = []
    shown = nil
  }

  /// Whether `duration` has reached `limit`, within ``tolerance``.
  static func hasReached(_ duration: Double, _ limit: Double) -> Bool {
    duration >= limit - tolerance
  }

  /// Whether a run of `condition` is long enough for its message to show.
  private func isReady(_ condition: CoachingCondition, _ run: Run, at time: Double) -> Bool {
    let delay =
      condition == .relocalizing ? configuration.relocalizingDelay : configuration.onsetDelay
    return !condition.isSmoothed || isAtLeast(time - run.start, delay)
  }

  private func isAtLeast(_ duration: Double, _ limit: Double) -> Bool {
    Self.hasReached(duration, limit)
  }

  /// Rank first; the key and then the full description only break ties the
  /// controller never creates, so the choice never depends on hash order.
  private static func showsBefore(_ a: CoachingCondition, _ b: CoachingCondition) -> Bool {
    if a.rank != b.rank { return a.rank < b.rank }
    if a.key != b.key { return a.key < b.key }
    return String(describing: a) < String(describing: b)
  }
}
