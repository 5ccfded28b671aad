import XCTest

@testable import ARScene

/// Messages appear only for conditions that last, stay long enough to read,
/// give way at once only to something more urgent, and never flicker.
final class CoachingHysteresisTests: XCTestCase {
  func testAConditionShorterThanTheOnsetDelayShowsNothing() throws {
    var timeline = try CoachingTimeline()
    timeline.run(until: 1 - 1e-6, .normal)
    timeline.run(until: 1.45, .limited(.excessiveMotion))
    timeline.run(until: 5, .normal)
    XCTAssertEqual(timeline.keys, [])
  }

  func testAMessageShowsOnceItsConditionHasHeldTheOnsetDelay() throws {
    var timeline = try CoachingTimeline()
    timeline.run(until: 1 - 1e-6, .normal)
    timeline.run(until: 1.49, .limited(.excessiveMotion))
    XCTAssertEqual(timeline.keys, [])
    timeline.run(until: 1.5, .limited(.excessiveMotion))
    XCTAssertEqual(timeline.keys, ["excessiveMotion"])
    XCTAssertEqual(timeline.changes[0].time, 1.5, accuracy: 1e-9)
  }

  func testAMessageStaysTheMinimumDisplayDurationAfterItsConditionEnds() throws {
    var timeline = try CoachingTimeline()
    timeline.run(until: 1 - 1e-6, .normal)
    timeline.run(until: 2.1, .limited(.excessiveMotion))
    timeline.run(until: 5, .normal)
    XCTAssertEqual(timeline.keys, ["excessiveMotion", nil])
    assertTimesEqual(timeline.changes.map(\.time), [1.5, 3], accuracy: 1e-9)
  }

  /// A long condition clears a release delay after it ends, not at once.
  func testALongConditionClearsAReleaseDelayAfterItEnds() throws {
    var timeline = try CoachingTimeline()
    timeline.run(until: 1 - 1e-6, .normal)
    timeline.run(until: 6 - 1e-6, .limited(.insufficientLight))
    timeline.run(until: 8, .normal)
    XCTAssertEqual(timeline.keys, ["insufficientLight", nil])
    // Last seen at the tick before 6 s.
    XCTAssertEqual(timeline.changes[1].time, 6 - 1 / 60 + 0.25, accuracy: 1e-9)
  }

  func testAMoreUrgentMessageReplacesAtOnce() throws {
    var timeline = try CoachingTimeline()
    timeline.run(until: 1 - 1e-6, .normal)
    timeline.run(until: 1.8 - 1e-6, .limited(.insufficientLight))
    timeline.run(until: 4, .limited(.excessiveMotion))
    XCTAssertEqual(timeline.keys, ["insufficientLight", "excessiveMotion"])
    assertTimesEqual(timeline.changes.map(\.time), [1.5, 2.3], accuracy: 1e-9)
  }

  /// A less urgent message waits for the shown one's minimum display time
  /// even though the shown one's condition is over.
  func testALessUrgentMessageWaitsItsTurn() throws {
    var timeline = try CoachingTimeline()
    timeline.run(until: 1 - 1e-6, .normal)
    timeline.run(until: 1.7 - 1e-6, .limited(.excessiveMotion))
    timeline.run(until: 5, .limited(.insufficientLight))
    XCTAssertEqual(timeline.keys, ["excessiveMotion", "insufficientLight"])
    assertTimesEqual(timeline.changes.map(\.time), [1.5, 3], accuracy: 1e-9)
  }

  func testAConditionTogglingAtTenHertzDoesNotFlicker() throws {
    var timeline = try CoachingTimeline()
    timeline.run(until: 6) { time in
      let isBad = Int((time * 20).rounded(.down)) % 2 == 0
      return CoachingInput(
        time: time, trackingState: isBad ? .limited(.excessiveMotion) : .normal)
    }
    timeline.run(until: 10, .normal)
    XCTAssertLessThanOrEqual(timeline.changes.count, 2)
    assertNoFlicker(timeline.changes, end: 10)
  }

  func testTwoConditionsAlternatingAtTenHertzDoNotFlicker() throws {
    var timeline = try CoachingTimeline()
    timeline.run(until: 6) { time in
      let isDark = Int((time * 20).rounded(.down)) % 2 == 0
      return CoachingInput(
        time: time, trackingState: .limited(isDark ? .insufficientLight : .insufficientFeatures))
    }
    XCTAssertEqual(timeline.keys, ["insufficientLight"])
  }

  /// Random sequences of states: a message is never up for less than the
  /// minimum display time unless a more urgent one (or the answer to a tap)
  /// replaces it.
  func testNoMessageIsCutShortOverRandomSequences() throws {
    let states: [Camera.TrackingState] = [
      .normal, .notAvailable, .limited(.initializing), .limited(.excessiveMotion),
      .limited(.insufficientFeatures), .limited(.insufficientLight), .limited(.relocalizing),
    ]
    for seed in UInt64(1)...20 {
      var random = SplitMix64(seed: seed)
      var timeline = try CoachingTimeline(goal: .horizontalPlane)
      var end = 0.0
      while end < 120 {
        end += Double(random.next() % 3000) / 1000
        let state = states[Int(random.next() % UInt64(states.count))]
        let surfaces =
          random.next() % 2 == 0 ? [CoachingInput.Surface(alignment: .horizontal)] : []
        timeline.run(until: end, state, surfaces: surfaces)
      }
      assertNoFlicker(timeline.changes, end: end, "seed \(seed)")
    }
  }

  /// The order in which conditions win and the urgency that lets them
  /// interrupt agree, so a winner is never one that could be interrupted.
  func testALessUrgentConditionNeverOutranksAMoreUrgentOne() {
    let conditions: [CoachingCondition] = [
      .gettingStarted, .excessiveMotion, .insufficientFeatures, .insufficientLight,
      .relocalizing, .startOver, .findSurface(.anyPlane), .surfaceSearchHint,
      .surfaceSearchAdvice, .surfaceFound, .placementRejected(.noSurface), .findImage("poster"),
      .imageSearchHint("poster"), .takeBreak,
    ]
    XCTAssertEqual(Set(conditions.map(\.rank)).count, conditions.count)
    for a in conditions {
      for b in conditions where a.rank < b.rank {
        XCTAssertGreaterThanOrEqual(a.urgency, b.urgency, "\(a) outranks \(b)")
      }
    }
  }

  /// When one condition ends as the next begins, the first message stays
  /// until the second is ready instead of blinking off for a moment; quiet
  /// guidance is ready as soon as the first message's condition is over
  /// (its release delay), without an onset delay of its own.
  func testOneMessageFollowsAnotherWithoutABlank() throws {
    var timeline = try CoachingTimeline(goal: .horizontalPlane)
    timeline.run(until: 3 - 1e-6, .limited(.initializing))
    timeline.run(until: 6, .normal)
    XCTAssertEqual(timeline.keys, ["gettingStarted", "findSurface"])
    XCTAssertEqual(timeline.changes[1].time, 3 + 0.25, accuracy: 1.0 / 30)
  }

  /// A problem that follows a problem still waits for its onset delay: only
  /// quiet guidance skips it.
  func testAProblemAfterAProblemWaitsForItsOnset() throws {
    var timeline = try CoachingTimeline(goal: .tracking)
    timeline.run(until: 3 - 1e-6, .limited(.insufficientLight))
    timeline.run(until: 6, .limited(.insufficientFeatures))
    XCTAssertEqual(timeline.keys, ["insufficientLight", "insufficientFeatures"])
    XCTAssertEqual(timeline.changes[1].time, 3 + 0.5, accuracy: 1.0 / 30)
  }

  private func assertNoFlicker(
    _ changes: [CoachingTimeline.Change], end: Double, _ context: String = "",
    file: StaticString = #filePath, line: UInt = #line
  ) {
    for (shown, next) in zip(changes, changes.dropFirst()) {
      guard let message = shown.message else { continue }
      let duration = next.time - shown.time
      let isPreempted = next.message.map { $0.urgency > message.urgency } ?? false
      XCTAssertTrue(
        duration >= 1.5 - 1e-9 || isPreempted,
        "\(context) \(message.key) shown at \(shown.time) for only \(duration) s",
        file: file, line: line)
    }
  }
}

/// A small seeded generator, so random sequences are the same on every run.
struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
