import XCTest

@testable import ARScene

/// The controller's conditions and timers, driven at 60 Hz on a virtual
/// clock: what shows, when, and in which words.
final class CoachingControllerTests: XCTestCase {
  private let floor = CoachingInput.Surface(alignment: .horizontal, classification: .floor)
  private let wall = CoachingInput.Surface(alignment: .vertical, classification: .wall)

  func testGettingStartedWhileInitializingThenNothingOnceTracking() throws {
    var timeline = try CoachingTimeline()
    timeline.run(until: 0.4, .notAvailable)
    timeline.run(until: 3, .limited(.initializing))
    timeline.run(until: 6, .normal)
    XCTAssertEqual(timeline.keys, ["gettingStarted", nil])
    XCTAssertEqual(timeline.changes[0].time, 0.5, accuracy: 1e-9)
    XCTAssertEqual(timeline.changes[1].time, 3.25, accuracy: 1e-9)
    let message = try XCTUnwrap(timeline.changes[0].message)
    XCTAssertEqual(message.text, "Move your phone slowly to get started.")
    XCTAssertEqual(message.urgency, .passive)
    XCTAssertEqual(message.action, .moveAround)
    XCTAssertTrue(message.hideAppUI)
  }

  /// Without depth, a camera that only turns never gives metres: once the
  /// session says so (tooLittleAcceleration), the message asks for sideways
  /// motion instead of "move slowly", and is cleared once tracking starts.
  func testACameraThatOnlyTurnsIsAskedToMoveSideways() throws {
    var timeline = try CoachingTimeline()
    func initializing(_ reason: UnknownScaleReason?) -> (Double) -> CoachingInput {
      {
        CoachingInput(time: $0, trackingState: .limited(.initializing), unknownScaleReason: reason)
      }
    }
    timeline.run(until: 1, initializing(nil))
    timeline.run(until: 2.5, initializing(.collectingMotion))
    timeline.run(until: 5, initializing(.tooLittleAcceleration))
    timeline.run(until: 8, .normal)
    XCTAssertEqual(timeline.keys, ["gettingStarted", "moveSideways", nil])
    // The first tick after 2.5 s says so; the message follows the onset delay.
    XCTAssertEqual(timeline.changes[1].time, 2.5 + 1.0 / 60 + 0.5, accuracy: 1e-9)
    let message = try XCTUnwrap(timeline.changes[1].message)
    XCTAssertEqual(
      message.text,
      "Try moving your phone from side to side. Turning it in place isn't enough to start.")
    XCTAssertEqual(message.urgency, .active)
    XCTAssertEqual(message.action, .moveAround)

    // Without depth and without a measured pose (a camera that only turns
    // or stands still): after the delay (2 s) and the onset delay.
    var standing = try CoachingTimeline()
    standing.run(until: 4) {
      CoachingInput(
        time: $0, trackingState: .limited(.initializing), unknownScaleReason: .collectingMotion,
        isWithoutDepth: true, isPoseMeasured: false)
    }
    XCTAssertEqual(standing.keys, ["gettingStarted", "moveSideways"])
    XCTAssertEqual(standing.changes[1].time, 2.5, accuracy: 1e-9)

    // Still collecting motion, however long: the usual message stays.
    var collecting = try CoachingTimeline()
    collecting.run(until: 10) {
      CoachingInput(
        time: $0, trackingState: .limited(.initializing), unknownScaleReason: .collectingMotion,
        isWithoutDepth: true)
    }
    XCTAssertEqual(collecting.keys, ["gettingStarted"])
  }

  func testEachTrackingProblemHasItsMessageAndFix() throws {
    let expected: [(Camera.TrackingState.Reason, String, CoachingMessage.Action, String)] = [
      (.excessiveMotion, "excessiveMotion", .moveSlower, "Try moving your phone more slowly."),
      (
        .insufficientLight, "insufficientLight", .addLight,
        "Try turning on more lights and moving around."
      ),
      (
        .insufficientFeatures, "insufficientFeatures", .pointAtTexturedSurface,
        "Point your phone at something with more detail or pattern, like a rug or a bookshelf."
      ),
      (
        .relocalizing, "relocalizing", .returnToPreviousArea,
        "Return to the previous area to resume."
      ),
    ]
    for (reason, key, action, text) in expected {
      var timeline = try CoachingTimeline()
      timeline.run(until: 1 - 1e-6, .normal)
      timeline.run(until: 3, .limited(reason))
      let message = try XCTUnwrap(timeline.changes.first?.message, "\(reason)")
      // After the onset delay (0.5 s); relocalizing after its own (1 s).
      let delay = reason == .relocalizing ? 1.0 : 0.5
      XCTAssertEqual(timeline.changes[0].time, 1 + delay, accuracy: 1e-9, "\(reason)")
      XCTAssertEqual(message.key, key)
      XCTAssertEqual(message.action, action)
      XCTAssertEqual(message.text, text)
      XCTAssertTrue(message.hideAppUI)
    }
  }

  func testSurfaceSearchHintAtEightSecondsThenAdviceAtFifteen() throws {
    var timeline = try CoachingTimeline(goal: .horizontalPlane)
    timeline.run(until: 20, .normal)
    XCTAssertEqual(timeline.keys, ["findSurface", "surfaceSearchHint", "surfaceSearchAdvice"])
    assertTimesEqual(timeline.changes.map(\.time), [0.5, 8, 15], accuracy: 1e-9)
    XCTAssertEqual(
      timeline.changes[0].message?.text, "Move your phone slowly to find the floor or a table.")
    XCTAssertEqual(
      timeline.changes[1].message?.text,
      "Unable to find a surface. Try moving to the side or repositioning your phone.")
    let advice = try XCTUnwrap(timeline.changes[2].message)
    XCTAssertEqual(
      advice.text,
      "Try moving around, turning on more lights, and making sure your phone is pointed at a surface with some texture or pattern."
    )
    XCTAssertEqual(advice.urgency, .active)
    XCTAssertEqual(advice.action, .moveAround)
  }

  /// Time with a camera problem is not search time: the problem's message
  /// explains the wait.
  func testSearchTimeCountsOnlyWhileTheCameraIsSteady() throws {
    var timeline = try CoachingTimeline(goal: .anyPlane)
    timeline.run(until: 5, .normal)
    timeline.run(until: 15, .limited(.insufficientLight))
    timeline.run(until: 30, .normal)
    let hint = try XCTUnwrap(timeline.changes.first { $0.key == "surfaceSearchHint" })
    XCTAssertEqual(hint.time, 18, accuracy: 1e-9)
    let advice = try XCTUnwrap(timeline.changes.first { $0.key == "surfaceSearchAdvice" })
    XCTAssertEqual(advice.time, 25, accuracy: 1e-9)
  }

  func testOnlyASurfaceOfTheGoalsKindEndsTheSearch() throws {
    var timeline = try CoachingTimeline(
      goal: .verticalPlane, catalog: CoachingCatalog(objectName: "painting"))
    timeline.run(until: 4 - 1e-6, .normal, surfaces: [floor])
    timeline.run(until: 8, .normal, surfaces: [floor, wall])
    XCTAssertEqual(timeline.keys, ["findSurface", "surfaceFound"])
    XCTAssertEqual(timeline.changes[0].message?.text, "Move your phone slowly to find a wall.")
    // Guidance follows as soon as the search message's condition is over
    // (the release delay, 0.25 s after the last update without a wall), with
    // no onset delay of its own.
    XCTAssertEqual(timeline.changes[1].time, 4 + 0.25, accuracy: 1.0 / 30)
    let found = try XCTUnwrap(timeline.changes[1].message)
    XCTAssertEqual(found.text, "Tap a location to place the painting.")
    XCTAssertEqual(found.action, .tapToPlace)
    XCTAssertFalse(found.hideAppUI)
  }

  func testPlacingTheObjectEndsTheTapHint() throws {
    var timeline = try CoachingTimeline(goal: .horizontalPlane)
    timeline.run(until: 5, .normal, surfaces: [floor])
    timeline.step(
      CoachingInput(
        time: timeline.nextTime, trackingState: .normal,
        surfaces: [floor], placements: [.placed]))
    timeline.run(until: 20, .normal, surfaces: [floor])
    XCTAssertEqual(timeline.keys, ["surfaceFound", nil])
    XCTAssertEqual(timeline.changes[1].time, 5 + 1 / 60, accuracy: 1e-9)
  }

  func testARefusedTapSaysWhereTheObjectGoes() throws {
    var timeline = try CoachingTimeline(
      goal: .horizontalPlane, catalog: CoachingCatalog(objectName: "chair"))
    let table = CoachingInput.Surface(alignment: .horizontal, classification: .table)
    timeline.run(until: 5, .normal, surfaces: [table])
    let tapTime = timeline.nextTime
    timeline.step(
      CoachingInput(
        time: tapTime, trackingState: .normal, surfaces: [table],
        placements: [.rejected(.wrongSurface(expected: .classification(.floor)))]))
    timeline.run(until: 12, .normal, surfaces: [table])
    XCTAssertEqual(timeline.keys, ["surfaceFound", "placementWrongSurface", "surfaceFound"])
    // The answer to a tap comes at once, and stays its feedback duration.
    XCTAssertEqual(timeline.changes[1].time, tapTime, accuracy: 1e-9)
    XCTAssertEqual(timeline.changes[2].time, tapTime + 3, accuracy: 1e-9)
    let refusal = try XCTUnwrap(timeline.changes[1].message)
    XCTAssertEqual(refusal.text, "The chair goes on the floor. Tap a spot on the floor.")
    XCTAssertEqual(refusal.action, .tapToPlace)
    XCTAssertEqual(refusal.urgency, .active)
  }

  /// A second refused tap is answered at once even though the first answer
  /// has been up for less than the minimum display duration.
  func testEveryTapIsAnsweredAtOnce() throws {
    var timeline = try CoachingTimeline(
      goal: .anyPlane, catalog: CoachingCatalog(language: .japanese, objectName: "ランプ"))
    timeline.run(until: 5, .normal, surfaces: [floor])
    timeline.step(
      CoachingInput(
        time: 5.5, trackingState: .normal, surfaces: [floor], placements: [.rejected(.noSurface)]))
    timeline.run(until: 6, .normal, surfaces: [floor])
    timeline.step(
      CoachingInput(
        time: timeline.nextTime, trackingState: .normal, surfaces: [floor],
        placements: [.rejected(.outsideSurface)]))
    timeline.run(until: 7, .normal, surfaces: [floor])
    XCTAssertEqual(
      timeline.keys, ["surfaceFound", "placementNoSurface", "placementOutsideSurface"])
    XCTAssertEqual(
      timeline.changes[2].message?.text,
      "ランプを置くには場所が足りません。表面の中央に近いところをタップしてください。")
  }

  /// The answer to a tap outranks the getting-started hint: the person is
  /// waiting for it.
  func testATapWhileStartingIsAnswered() throws {
    var timeline = try CoachingTimeline(goal: .anyPlane)
    timeline.run(until: 2, .limited(.initializing))
    timeline.step(
      CoachingInput(
        time: timeline.nextTime, trackingState: .limited(.initializing),
        placements: [.rejected(.noSurface)]))
    timeline.run(until: 8, .limited(.initializing))
    XCTAssertEqual(timeline.keys, ["gettingStarted", "placementNoSurface", "gettingStarted"])
    XCTAssertEqual(
      timeline.changes[1].message?.text,
      "There's no surface there for the object yet. Move your phone slowly over that spot, then tap it again."
    )
  }

  func testTheControllerSpeaksTheCatalogsLanguage() throws {
    var timeline = try CoachingTimeline(
      goal: .horizontalPlane,
      catalog: CoachingCatalog(language: .japanese, device: .iPad, objectName: "椅子"))
    timeline.run(until: 2 - 1e-6, .limited(.initializing))
    timeline.run(until: 12, .normal)
    timeline.run(until: 15, .normal, surfaces: [floor])
    XCTAssertEqual(
      timeline.changes.map { $0.message?.text },
      [
        "始めるには、iPadをゆっくり動かしてください。",
        "iPadをゆっくり動かして、床やテーブルを探してください。",
        "表面を見つけられない。横に移動するか、iPadの位置を変えてみてください。",
        "場所をタップして、椅子を配置します。",
      ])
    // Changing the catalog rewords the message at the next update.
    timeline.controller.catalog.language = .english
    timeline.run(until: 15.1, .normal, surfaces: [floor])
    XCTAssertEqual(timeline.changes.last?.message?.text, "Tap a location to place the 椅子.")
  }

  func testRelocalizingThenAnOfferToStartOverAfterTenSeconds() throws {
    var timeline = try CoachingTimeline()
    timeline.run(until: 2 - 1e-6, .normal)
    timeline.run(until: 20, .limited(.relocalizing))
    XCTAssertEqual(timeline.keys, ["relocalizing", "startOver"])
    // Asking to go back waits relocalizingDelay (1 s); the offer counts
    // from the start of relocalizing.
    assertTimesEqual(timeline.changes.map(\.time), [3, 12], accuracy: 1e-9)
    let offer = try XCTUnwrap(timeline.changes[1].message)
    XCTAssertEqual(offer.action, .startOver)
    XCTAssertEqual(
      offer.text, "Can't find where you left off? Go back to the previous area, or start over.")
    // Starting over clears the offer at once; the new start is coached as such.
    timeline.step(
      CoachingInput(
        time: timeline.nextTime, trackingState: .limited(.initializing), isSessionReset: true))
    XCTAssertNil(timeline.controller.message)
    XCTAssertEqual(timeline.changes.last?.key, nil)
    timeline.run(until: 22, .limited(.initializing))
    XCTAssertEqual(timeline.keys.last, "gettingStarted")
  }

  /// A camera found again within a second (after a bare wall or the dark)
  /// is never asked to go back.
  func testABriefRelocalizationSaysNothing() throws {
    var timeline = try CoachingTimeline(goal: .tracking)
    timeline.run(until: 2 - 1e-6, .normal)
    timeline.run(until: 2.9, .limited(.relocalizing))
    timeline.run(until: 6, .normal)
    XCTAssertFalse(timeline.keys.contains("relocalizing"), "\(timeline.keys)")
  }

  func testABreakIsSuggestedAfterTenMinutesOfUse() throws {
    var timeline = try CoachingTimeline()
    timeline.run(until: 1300, .normal)
    XCTAssertEqual(timeline.keys, ["takeBreak", nil, "takeBreak", nil])
    assertTimesEqual(timeline.changes.map(\.time), [600, 610, 1210, 1220], accuracy: 1e-6)
    let message = try XCTUnwrap(timeline.changes[0].message)
    XCTAssertEqual(message.action, .takeBreak)
    XCTAssertEqual(message.urgency, .passive)
    XCTAssertFalse(message.hideAppUI)
  }

  func testALongPauseCountsAsABreak() throws {
    var timeline = try CoachingTimeline()
    timeline.run(until: 500, .normal)
    _ = timeline.controller.update(CoachingInput(time: 700, trackingState: .normal))
    var changes = 0
    for tick in 1...(500 * 60) {
      let update = timeline.controller.update(
        CoachingInput(time: 700 + Double(tick) / 60, trackingState: .normal))
      if update.changed { changes += 1 }
      if tick == 599 * 60 - 1 { XCTAssertNil(update.message) }
    }
    XCTAssertEqual(changes, 0, "the use clock restarted at 700 s")
    XCTAssertTrue(timeline.changes.isEmpty)
  }

  func testTheImageGoalAsksForTheImageByName() throws {
    var timeline = try CoachingTimeline(goal: .image("poster"))
    timeline.run(until: 10, .normal, images: ["menu"])
    timeline.run(until: 14, .normal, images: ["menu", "poster"])
    XCTAssertEqual(timeline.keys, ["findImage", "imageSearchHint", nil])
    XCTAssertEqual(timeline.changes[0].message?.text, "Point your phone at the poster.")
    XCTAssertEqual(timeline.changes[1].time, 8, accuracy: 1e-9)
    // The hint comes from a timer, so it ends exactly when the image is found.
    XCTAssertEqual(timeline.changes[2].time, 10 + 1 / 60, accuracy: 1e-9)
  }

  func testCameraProblemsOutrankTheSearch() throws {
    var timeline = try CoachingTimeline(goal: .horizontalPlane)
    timeline.run(until: 10, .normal)
    timeline.run(until: 12, .limited(.excessiveMotion))
    XCTAssertEqual(timeline.keys, ["findSurface", "surfaceSearchHint", "excessiveMotion"])
    XCTAssertEqual(timeline.changes[2].time, 10 + 1 / 60 + 0.5, accuracy: 1e-9)
  }

  func testChangingTheGoalRestartsTheSearch() throws {
    var timeline = try CoachingTimeline(goal: .horizontalPlane)
    timeline.run(until: 10, .normal, surfaces: [floor])
    timeline.controller.goal = .verticalPlane
    timeline.run(until: 20, .normal, surfaces: [floor])
    XCTAssertEqual(timeline.keys, ["surfaceFound", "findSurface", "surfaceSearchHint"])
    XCTAssertEqual(timeline.changes[2].time, 18, accuracy: 1e-9)
  }

  func testTimeThatGoesBackwardsIsHeld() throws {
    var controller = try CoachingController()
    for time in [1.0, 0.5, .nan, 1.2, 1.1, 1.6, 1.55] {
      _ = controller.update(CoachingInput(time: time, trackingState: .limited(.excessiveMotion)))
    }
    XCTAssertEqual(controller.message?.key, "excessiveMotion")
  }

  func testTheInputOfAFrameUpdate() {
    let frame = Frame(
      timestamp: 2.5, index: 75,
      camera: Camera(
        intrinsics: CameraIntrinsics(fx: 500, fy: 500, cx: 320, cy: 240, width: 640, height: 480),
        trackingState: .limited(.insufficientLight)),
      lightEstimate: nil,
      statistics: ImageStatistics(meanLuminance: 0.02, sharpness: 1, validDepthFraction: 1),
      timings: [])
    var anchor = PlaneAnchor(
      identifier: UUID(), transform: .identity, alignment: .vertical, center: .zero,
      planeExtent: PlaneExtent(width: 1, height: 1), boundary: [], area: 1,
      classification: .wall, classificationStatus: .known)
    let known = CoachingInput(update: FrameUpdate(frame: frame, anchors: [anchor]))
    XCTAssertNil(known.unknownScaleReason)
    XCTAssertEqual(known.time, 2.5)
    XCTAssertEqual(known.trackingState, .limited(.insufficientLight))
    XCTAssertEqual(known.surfaces, [wall])
    anchor.classificationStatus = .undetermined
    let undecided = CoachingInput(update: FrameUpdate(frame: frame, anchors: [anchor]))
    XCTAssertEqual(undecided.surfaces, [CoachingInput.Surface(alignment: .vertical)])
    var turning = frame
    turning.trackingStatistics = TrackingStatistics(
      isScaleKnown: false, unknownScaleReason: .tooLittleAcceleration)
    let withoutMetres = CoachingInput(update: FrameUpdate(frame: turning, anchors: []))
    XCTAssertEqual(withoutMetres.unknownScaleReason, .tooLittleAcceleration)
  }
}

/// Feeds a ``CoachingController`` at 60 Hz on a virtual clock and records
/// every change of message.
struct CoachingTimeline {
  struct Change {
    var time: Double
    var message: CoachingMessage?
    var key: String? { message?.key }
  }

  var controller: CoachingController
  private(set) var changes: [Change] = []
  private(set) var outputs: [CoachingUpdate] = []
  private var tick = 0

  init(
    goal: CoachingGoal = .tracking, configuration: CoachingConfiguration = CoachingConfiguration(),
    catalog: CoachingCatalog = CoachingCatalog()
  ) throws {
    controller = try CoachingController(
      goal: goal, configuration: configuration, catalog: catalog)
  }

  /// The keys of the changes, nil for a clear.
  var keys: [String?] { changes.map(\.key) }

  /// The session time of the next 60 Hz tick.
  var nextTime: Double { Double(tick) / 60 }

  /// Feeds one input, advancing to the tick after its time.
  mutating func step(_ input: CoachingInput) {
    let update = controller.update(input)
    outputs.append(update)
    if update.changed { changes.append(Change(time: input.time, message: update.message)) }
    while nextTime <= input.time { tick += 1 }
  }

  /// Feeds every tick up to and including `end` seconds.
  mutating func run(until end: Double, _ input: (Double) -> CoachingInput) {
    while nextTime <= end + 1e-9 { step(input(nextTime)) }
  }

  mutating func run(
    until end: Double, _ state: Camera.TrackingState, surfaces: [CoachingInput.Surface] = [],
    images: Set<String> = []
  ) {
    run(until: end) {
      CoachingInput(time: $0, trackingState: state, surfaces: surfaces, imageNames: images)
    }
  }
}

/// `XCTAssertEqual` with an accuracy, for arrays of times.
func assertTimesEqual(
  _ actual: [Double], _ expected: [Double], accuracy: Double, file: StaticString = #filePath,
  line: UInt = #line
) {
  XCTAssertEqual(actual.count, expected.count, "\(actual) vs \(expected)", file: file, line: line)
  for (a, e) in zip(actual, expected) {
    XCTAssertEqual(a, e, accuracy: accuracy, "\(actual) vs \(expected)", file: file, line: line)
  }
}
