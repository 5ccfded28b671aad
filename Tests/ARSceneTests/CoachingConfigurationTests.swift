import XCTest

@testable import ARScene

final class CoachingConfigurationTests: XCTestCase {
  func testTheDefaultsAreTheGuidelineTimings() throws {
    let configuration = CoachingConfiguration()
    XCTAssertNoThrow(try configuration.validate())
    XCTAssertEqual(configuration.onsetDelay, 0.5)
    XCTAssertEqual(configuration.minimumDisplayDuration, 1.5)
    XCTAssertEqual(configuration.moveSidewaysDelay, 2)
    XCTAssertEqual(configuration.searchHintDelay, 8)
    XCTAssertEqual(configuration.searchAdviceDelay, 15)
    XCTAssertEqual(configuration.startOverDelay, 10)
    XCTAssertEqual(configuration.breakReminderInterval, 600)
  }

  func testBadValuesAreNamed() {
    func message(_ change: (inout CoachingConfiguration) -> Void) -> String? {
      validationMessage(
        CoachingConfiguration(),
        validate: { configuration throws(ARSceneError) in try configuration.validate() }, change)
    }
    XCTAssertEqual(
      message { $0.onsetDelay = -1 }, "coaching.onsetDelay must be >= 0 seconds, got -1.0")
    XCTAssertEqual(
      message { $0.minimumDisplayDuration = .nan },
      "coaching.minimumDisplayDuration must be >= 0 seconds, got nan")
    XCTAssertEqual(
      message { $0.releaseDelay = .infinity },
      "coaching.releaseDelay must be >= 0 seconds, got inf")
    XCTAssertEqual(
      message { $0.moveSidewaysDelay = .nan },
      "coaching.moveSidewaysDelay must be > 0 seconds, got nan")
    XCTAssertEqual(
      message { $0.searchHintDelay = 0 }, "coaching.searchHintDelay must be > 0 seconds, got 0.0")
    XCTAssertEqual(
      message { $0.searchAdviceDelay = 5 },
      "coaching.searchAdviceDelay must be > searchHintDelay (8.0) seconds, got 5.0")
    XCTAssertEqual(
      message { $0.startOverDelay = -2 }, "coaching.startOverDelay must be > 0 seconds, got -2.0")
    XCTAssertEqual(
      message { $0.placementFeedbackDuration = 0 },
      "coaching.placementFeedbackDuration must be > 0 seconds, got 0.0")
    XCTAssertEqual(
      message { $0.breakReminderInterval = 0 },
      "coaching.breakReminderInterval must be > 0 seconds, got 0.0")
    XCTAssertEqual(
      message { $0.breakReminderDuration = 0 },
      "coaching.breakReminderDuration must be > 0 seconds, got 0.0")
    XCTAssertEqual(message { $0.breakGap = 0 }, "coaching.breakGap must be > 0 seconds, got 0.0")
    XCTAssertEqual(
      message { $0.relocalizingDelay = 0.2 },
      "coaching.relocalizingDelay must be >= onsetDelay (0.5) seconds, got 0.2")
    XCTAssertNil(
      message {
        $0.onsetDelay = 0
        $0.minimumDisplayDuration = 0
        $0.releaseDelay = 0
      })
  }

  func testTheControllerRefusesABadConfiguration() {
    var configuration = CoachingConfiguration()
    configuration.onsetDelay = -1
    XCTAssertThrowsError(try CoachingController(configuration: configuration)) { error in
      XCTAssertEqual((error as? ARSceneError)?.code, .invalidArgument)
    }
  }

  /// Every timing is honoured, not only the defaults.
  func testTheTimingsAreConfigurable() throws {
    var configuration = CoachingConfiguration()
    configuration.onsetDelay = 0.2
    configuration.minimumDisplayDuration = 3
    configuration.searchHintDelay = 4
    configuration.searchAdviceDelay = 6
    var timeline = try CoachingTimeline(goal: .anyPlane, configuration: configuration)
    timeline.run(until: 10, .normal)
    XCTAssertEqual(timeline.keys, ["findSurface", "surfaceSearchHint", "surfaceSearchAdvice"])
    assertTimesEqual(timeline.changes.map(\.time), [0.2, 4, 7], accuracy: 1e-9)
  }

  /// The same inputs give the same outputs, update for update.
  func testTheSameInputsGiveTheSameMessages() throws {
    func run() throws -> [CoachingUpdate] {
      var random = SplitMix64(seed: 42)
      var timeline = try CoachingTimeline(
        goal: .horizontalPlane, catalog: CoachingCatalog(language: .japanese, objectName: "椅子"))
      let states: [Camera.TrackingState] = [
        .normal, .limited(.initializing), .limited(.excessiveMotion), .limited(.relocalizing),
      ]
      var end = 0.0
      while end < 60 {
        end += Double(random.next() % 4000) / 1000
        let state = states[Int(random.next() % UInt64(states.count))]
        let surfaces = random.next() % 2 == 0 ? [CoachingInput.Surface(alignment: .horizontal)] : []
        let placements: [CoachingInput.Placement] =
          random.next() % 3 == 0 ? [.rejected(.noSurface)] : []
        timeline.step(
          CoachingInput(
            time: timeline.nextTime, trackingState: state, surfaces: surfaces,
            placements: placements))
        timeline.run(until: end, state, surfaces: surfaces)
      }
      return timeline.outputs
    }
    let first = try run()
    let second = try run()
    XCTAssertEqual(first, second)
    XCTAssertGreaterThan(first.filter(\.changed).count, 5)
  }
}
