import ARScene
import XCTest

/// The 60 Hz loop on 160 x 120 renders of the synthetic room walked at
/// 30 Hz: a tick every 1/60 s, frames on every other tick, the camera
/// predicted in between, and coaching that runs on ticks without frames.
final class SessionLoopTests: XCTestCase {
  private static let intrinsics = CameraIntrinsics(
    fx: 131.25, fy: 131.25, cx: 79.5, cy: 59.5, width: 160, height: 120)

  private static let frames: [CapturedFrame] = (0..<24).map { index in
    let t = 100 + Double(index) / 30
    let pose = SyntheticRoomRenderer.walkPose(at: t - 100, target: SIMD3(0, 0.75, 0))
    let (color, depth) = try! SyntheticRoomRenderer.render(pose, intrinsics: intrinsics)
    return CapturedFrame(timestamp: t, intrinsics: intrinsics, capturedImage: color, depth: depth)
  }

  func testFirstTickNeedsAFrame() throws {
    let loop = try SessionLoop(session: try Session())
    XCTAssertThrowsError(try loop.tick()) { error in
      XCTAssertEqual((error as? ARSceneError)?.code, .invalidArgument)
      XCTAssertTrue("\(error)".contains("first tick needs a frame"), "\(error)")
    }
    XCTAssertEqual(loop.nextTickIndex, 0, "a refused tick does not count")
  }

  func testConfigurationNamesTheBadValue() {
    var configuration = LoopConfiguration()
    configuration.tickRate = 0
    XCTAssertThrowsError(try configuration.validate()) { error in
      XCTAssertTrue("\(error)".contains("loop.tickRate"), "\(error)")
    }
    configuration = LoopConfiguration()
    configuration.maximumPredictionDuration = .nan
    XCTAssertThrowsError(try SessionLoop(session: try Session(), configuration: configuration))
  }

  func testThirtyHertzFramesLandOnEveryOtherTickAndTheCameraIsPredictedBetween() throws {
    let loop = try SessionLoop(session: try Session())
    var ticks: [TickUpdate] = []
    for frame in Self.frames {
      let due = loop.tickIndex(dueAt: loop.sessionTime(ofFrameAt: frame.timestamp))
      while loop.nextTickIndex < due { ticks.append(try loop.tick()) }
      ticks.append(try loop.tick(processing: [frame]))
    }
    XCTAssertEqual(ticks.map(\.tick.index), Array(0..<ticks.count))
    XCTAssertEqual(ticks.count, 2 * Self.frames.count - 1, "frames at 30 Hz are due every 2 ticks")
    for update in ticks {
      XCTAssertEqual(update.tick.time, Double(update.tick.index) / 60, accuracy: 1e-12)
      XCTAssertEqual(update.tick.isCameraPredicted, update.tick.index % 2 == 1)
      XCTAssertEqual(update.frameUpdates.count, update.tick.index % 2 == 0 ? 1 : 0)
    }
    // Between two measured cameras of a smooth walk, the prediction lies
    // close to their midpoint: it moves on at the measured velocity (the
    // tolerance is the tracker's jitter at 160 x 120, a few millimetres).
    var checked = 0
    for index in stride(from: 3, to: ticks.count - 1, by: 2) {
      // The motion is known once two normal cameras in a row were measured.
      let earlier = ticks[index - 3].tick.camera
      let before = ticks[index - 1].tick.camera
      let after = ticks[index + 1].tick.camera
      guard earlier.trackingState == .normal, before.trackingState == .normal,
        after.trackingState == .normal
      else { continue }
      let predicted = ticks[index].tick.camera
      let midpoint = (before.transform.translation + after.transform.translation) / 2
      let offset = predicted.transform.translation - midpoint
      let step = after.transform.translation - before.transform.translation
      XCTAssertLessThan(
        (offset * offset).sum().squareRoot(), max(0.005, 0.5 * (step * step).sum().squareRoot()),
        "tick \(index)")
      XCTAssertNotEqual(predicted.transform, before.transform, "tick \(index) moved on")
      checked += 1
    }
    XCTAssertGreaterThan(checked, 5)
  }

  func testPredictionStopsAfterTheMaximumDuration() throws {
    var configuration = LoopConfiguration()
    configuration.maximumPredictionDuration = 0.05
    let loop = try SessionLoop(session: try Session(), configuration: configuration)
    for frame in Self.frames {
      let due = loop.tickIndex(dueAt: loop.sessionTime(ofFrameAt: frame.timestamp))
      while loop.nextTickIndex < due { _ = try loop.tick() }
      _ = try loop.tick(processing: [frame])
    }
    XCTAssertEqual(loop.lastTick?.camera.trackingState, .normal)
    // The camera stalls: 0.05 s of motion, then it stays put.
    let predicted = try (0..<30).map { _ in try loop.tick().tick.camera.transform }
    XCTAssertNotEqual(predicted[0], loop.session.currentFrame?.camera.transform)
    XCTAssertEqual(predicted[2], predicted[29], "held after 3 ticks (0.05 s)")
  }

  func testCoachingRunsOnTicksWithoutFrames() throws {
    let coaching = try CoachingController(goal: .tracking)
    let loop = try SessionLoop(session: try Session(), coaching: coaching)
    var updates = [try loop.tick(processing: [Self.frames[0]])]
    // No more frames come: the camera never gets going, and after the onset
    // delay (0.5 s = 30 ticks) the person is told how to get started.
    for _ in 0..<40 { updates.append(try loop.tick()) }
    let shown = updates.firstIndex { $0.coaching?.message?.key == "gettingStarted" }
    XCTAssertEqual(shown, 30)
    XCTAssertEqual(updates.filter { $0.coaching?.changed == true }.count, 1)
  }

  func testPlacementsReachTheCoachingAtTheNextTick() throws {
    let coaching = try CoachingController(goal: .tracking)
    let loop = try SessionLoop(session: try Session(), coaching: coaching)
    _ = try loop.tick(processing: [Self.frames[0]])
    loop.notePlacement(.rejected(.noSurface))
    let update = try loop.tick()
    XCTAssertEqual(update.coaching?.message?.key, "placementNoSurface")
  }
}
