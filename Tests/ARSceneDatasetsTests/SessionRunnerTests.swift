import ARScene
import ARSceneDatasets
import Foundation
import XCTest

/// ``SessionRunner`` driven through a recorded sequence: the same frames,
/// anchors, ticks and coaching as `arscene replay`; placement heard by the
/// coaching; ARKit's pause, run options and reset; bad input named.
final class SessionRunnerTests: XCTestCase {
  /// Two seconds of orbit around the synthetic room's table: floor and
  /// table top in view from the first frame. Written once for the class.
  private static let roomFolder = FileManager.default.temporaryDirectory
    .appendingPathComponent("arscene-session-runner-\(UUID().uuidString)")

  override class func tearDown() {
    try? FileManager.default.removeItem(at: roomFolder)
    super.tearDown()
  }

  private func roomSequence() throws -> any DatasetSequence {
    try SequenceFixtures.orbitRoom(frames: 60, in: Self.roomFolder)
  }

  private static var planeConfiguration: WorldTrackingConfiguration {
    var configuration = WorldTrackingConfiguration()
    configuration.planeDetection = [.horizontal, .vertical]
    return configuration
  }

  private func updates(_ runner: SessionRunner, _ sequence: any DatasetSequence) async throws
    -> [RunnerUpdate]
  {
    var collected: [RunnerUpdate] = []
    for try await update in try runner.updates(replaying: sequence) { collected.append(update) }
    return collected
  }

  /// What a replay and a runner are compared on, frame by frame.
  private struct FrameRecordSummary: Equatable {
    var index: Int
    var trackingState: String
    var transform: [Float]
    var anchors: [UUID]
  }

  private func summary(_ update: FrameUpdate) -> FrameRecordSummary {
    FrameRecordSummary(
      index: update.frame.index, trackingState: update.frame.camera.trackingState.description,
      transform: update.frame.camera.transform.columnMajor,
      anchors: update.anchors.map(\.identifier))
  }

  func testARecordingThroughTheRunnerIsWhatTheReplaySees() async throws {
    let sequence = try roomSequence()
    var replayed: [FrameRecordSummary] = []
    var replayCoaching: [String] = []
    let replaySummary = try Replay(
      sequence: sequence, configuration: Self.planeConfiguration,
      options: ReplayOptions(includeTimings: false)
    ).run(
      emit: { line in
        guard line.contains(#""type":"coaching""#) else { return }
        let json = try XCTUnwrap(
          JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let message = json["message"] as? [String: Any]
        replayCoaching.append("\(json["tick"] ?? "") \(message?["key"] ?? "cleared")")
      },
      onFrame: { replayed.append(self.summary($0)) })

    let runner = try SessionRunner(configuration: Self.planeConfiguration)
    let ticks = try await updates(runner, sequence)
    let run = ticks.flatMap(\.frameUpdates).map(summary)
    let runCoaching = ticks.compactMap { update in
      update.changedCoachingMessage.map { "\(update.tick.index) \($0?.key ?? "cleared")" }
    }

    XCTAssertEqual(run.count, 60)
    XCTAssertEqual(run, replayed)
    XCTAssertEqual(ticks.count, replaySummary.ticks)
    XCTAssertEqual(ticks.map(\.tick.index), Array(0..<ticks.count))
    XCTAssertFalse(runCoaching.isEmpty, "the coaching said nothing in two seconds")
    XCTAssertEqual(runCoaching, replayCoaching)
    XCTAssertEqual(run.last?.trackingState, "normal")
    XCTAssertFalse(runner.session.planeAnchors.isEmpty)
    // Each found surface's mesh covers its outline: n - 2 triangles.
    for plane in runner.session.planeAnchors {
      XCTAssertEqual(plane.geometry.triangleCount, plane.boundary.count - 2)
    }
  }

  func testATapThatPlacesIsHeardByTheCoachingAndTheObjectMoves() async throws {
    let sequence = try roomSequence()
    // Messages stay up 0.3 s at least (not 1.5), so that two seconds show
    // the hint go once the chair is placed.
    var coaching = CoachingConfiguration()
    coaching.minimumDisplayDuration = 0.3
    // Without a tap the coaching keeps asking for one.
    let idle = try SessionRunner(
      configuration: Self.planeConfiguration, coachingConfiguration: coaching)
    let idleTicks = try await updates(idle, sequence)
    XCTAssertEqual(idleTicks.last?.coaching?.message?.action, .tapToPlace)

    let runner = try SessionRunner(
      configuration: Self.planeConfiguration, coachingConfiguration: coaching)
    var placed: PlacedObject?
    var askedAgain = false
    var objectEvents = 0
    for try await update in try runner.updates(replaying: sequence) {
      let asking = update.coaching?.message?.action == .tapToPlace
      if placed == nil, asking,
        case .success(let object) = runner.place(
          "chair", on: PlacementConstraint(on: .floor), at: SIMD2(0.5, 0.8))
      {
        placed = object
      } else if placed != nil, asking, update.coaching?.changed == true {
        askedAgain = true
      }
      objectEvents += update.placementEvents.count
    }
    let object = try XCTUnwrap(placed, "the chair was never placed where the coaching asked")
    XCTAssertFalse(askedAgain, "the coaching asked for a tap again after the chair was placed")
    XCTAssertNotEqual(runner.coaching?.message?.action, .tapToPlace)
    XCTAssertEqual(runner.placement.objects.map(\.identifier), [object.identifier])
    XCTAssertNotNil(runner.placement.objects.first?.anchorIdentifier)
    XCTAssertGreaterThan(objectEvents, 0, "the placed object never moved or followed a raycast")
  }

  func testPauseStopsTheTicksAndRunResumesThem() throws {
    let sequence = try roomSequence()
    let runner = try SessionRunner(configuration: Self.planeConfiguration)
    try runner.tick(processing: [try sequence.loadFrame(sequence.frames[0])])
    runner.pause()
    XCTAssertTrue(runner.isPaused)
    XCTAssertThrowsError(try runner.tick(processing: [try sequence.loadFrame(sequence.frames[1])]))
    {
      let error = $0 as? ARSceneError
      XCTAssertEqual(error?.code, .invalidArgument)
      XCTAssertTrue(error?.message.contains("paused") == true, "\(String(describing: error))")
    }
    try runner.run(Self.planeConfiguration)
    XCTAssertFalse(runner.isPaused)
    let update = try runner.tick(processing: [try sequence.loadFrame(sequence.frames[1])])
    XCTAssertEqual(update.frameUpdates.map(\.frame.index), [1])
    XCTAssertEqual(runner.loop.processedFrameCount, 2, "the world was not kept across the pause")
  }

  func testRunWithoutResettingRefusesAChangeItCannotMakeAndNamesIt() throws {
    let runner = try SessionRunner(configuration: Self.planeConfiguration)
    var horizontal = Self.planeConfiguration
    horizontal.planeDetection = [.horizontal]
    XCTAssertThrowsError(try runner.run(horizontal)) {
      let error = $0 as? ARSceneError
      XCTAssertEqual(error?.code, .invalidArgument)
      XCTAssertTrue(
        error?.message.contains("planeDetection") == true, "\(String(describing: error))")
      XCTAssertTrue(error?.message.contains(".resetTracking") == true)
    }
    XCTAssertEqual(runner.configuration.planeDetection, [.horizontal, .vertical])
    // Every changed setting is named, whether the core holds it or only Swift.
    var several = horizontal
    several.tracking.cornerThreshold = 30
    several.images.gracePeriod = 2
    XCTAssertThrowsError(try runner.run(several)) {
      XCTAssertTrue(
        ($0 as? ARSceneError)?.message.hasSuffix(
          "change tracking.cornerThreshold, planeDetection, images.gracePeriod") == true, "\($0)")
    }
    try runner.run(horizontal, options: .resetTracking)
    XCTAssertEqual(runner.configuration.planeDetection, [.horizontal])
    XCTAssertEqual(runner.coaching?.goal, .horizontalPlane)
  }

  /// A runner that has played `sequence`, with a box placed as soon as a
  /// tap could place one.
  private func runnerWithABox(replaying sequence: any DatasetSequence) async throws
    -> SessionRunner
  {
    let runner = try SessionRunner(configuration: Self.planeConfiguration)
    var placed = false
    for try await _ in try runner.updates(replaying: sequence) where !placed {
      if case .success = runner.place("box", at: SIMD2(0.5, 0.8)) { placed = true }
    }
    XCTAssertTrue(placed, "no tap placed the box")
    return runner
  }

  func testResetTrackingStartsANewWorldAndRemovingAnchorsTakesTheObjects() async throws {
    let sequence = try roomSequence()
    let runner = try await runnerWithABox(replaying: sequence)
    XCTAssertFalse(runner.session.planeAnchors.isEmpty)

    try runner.run(Self.planeConfiguration, options: .resetTracking)
    XCTAssertNil(runner.session.currentFrame)
    XCTAssertTrue(runner.session.anchors.isEmpty)
    XCTAssertEqual(runner.loop.processedFrameCount, 0)
    XCTAssertEqual(runner.placement.objects.count, 1, "objects stay without .removeExistingAnchors")
    // The new world's replay starts at its own tick 0.
    let again = try await updates(runner, sequence)
    XCTAssertEqual(again.first?.tick.index, 0)
    XCTAssertEqual(again.flatMap(\.frameUpdates).count, 60)

    try runner.run(Self.planeConfiguration, options: .removeExistingAnchors)
    XCTAssertTrue(runner.placement.objects.isEmpty)
    XCTAssertFalse(runner.session.planeAnchors.isEmpty, "detected anchors go only with a reset")
  }

  func testResetForgetsTheWorldTheObjectsAndTheCoaching() async throws {
    let sequence = try roomSequence()
    let runner = try await runnerWithABox(replaying: sequence)
    try runner.reset()
    XCTAssertNil(runner.session.currentFrame)
    XCTAssertTrue(runner.session.anchors.isEmpty)
    XCTAssertTrue(runner.placement.objects.isEmpty)
    // The coaching starts from the beginning: no surface yet, no tap asked for.
    let next = try runner.tick(processing: [try sequence.loadFrame(sequence.frames.last!)])
    XCTAssertNotEqual(next.coaching?.message?.action, .tapToPlace)
  }

  func testTheDelegateHearsEveryTick() async throws {
    final class Recorder: SessionRunnerDelegate {
      var ticks: [Int] = []
      func runner(_ runner: SessionRunner, didUpdate update: RunnerUpdate) {
        ticks.append(update.tick.index)
      }
    }
    let recorder = Recorder()
    let runner = try SessionRunner(configuration: Self.planeConfiguration)
    runner.delegate = recorder
    var iterated: [Int] = []
    for try await update in try runner.updates(replaying: try roomSequence(), maxFrames: 10) {
      iterated.append(update.tick.index)
    }
    XCTAssertEqual(recorder.ticks, iterated)
    XCTAssertEqual(runner.loop.processedFrameCount, 10)
  }

  func testBadInputIsNamed() async throws {
    let runner = try SessionRunner()
    XCTAssertThrowsError(try runner.updates(replaying: try roomSequence(), maxFrames: 0)) {
      XCTAssertTrue(
        ($0 as? DatasetError)?.message.contains("maxFrames") == true, "\($0)")
    }

    // A frame whose image is cut short: the frames before it are delivered,
    // then the error names its file.
    let folder = try SequenceFixtures.temporaryFolder(self)
    var generator = SyntheticSequenceGenerator()
    generator.frameCount = 4
    generator.width = 160
    generator.height = 120
    try generator.write(to: folder)
    let sequence = try SequenceLoader.open(folder)
    let broken = URL(fileURLWithPath: sequence.frames[2].colorPath, relativeTo: folder)
    try Data([0x89, 0x50, 0x4e, 0x47]).write(to: broken)
    var frames: [Int] = []
    do {
      for try await update in try runner.updates(replaying: sequence) {
        frames += update.frameUpdates.map(\.frame.index)
      }
      XCTFail("a cut-short image was played")
    } catch {
      XCTAssertEqual(frames, [0, 1])
      XCTAssertTrue(
        error.description.contains((sequence.frames[2].colorPath as NSString).lastPathComponent),
        error.description)
    }
  }

  // MARK: - A live source on the wall clock

  /// Frames of the room as a live camera hands them over: one every
  /// `interval`, then the end (or `failure`).
  private func liveCamera(
    frames count: Int, every interval: Duration, failing failure: (any Error)? = nil
  ) throws -> AsyncThrowingStream<CapturedFrame, any Error> {
    let sequence = try roomSequence()
    let frames = try sequence.frames.prefix(count).map { try sequence.loadFrame($0) }
    return AsyncThrowingStream { continuation in
      let task = Task {
        for frame in frames {
          continuation.yield(frame)
          try? await Task.sleep(for: interval)
        }
        continuation.finish(throwing: failure)
      }
      continuation.onTermination = { _ in task.cancel() }
    }
  }

  func testALiveSourceIsTickedOnTheWallClockWithEveryFrameOnce() async throws {
    let runner = try SessionRunner(configuration: Self.planeConfiguration)
    var ticks: [Tick] = []
    var frames: [Int] = []
    // 10 frames a second, as a LiDAR iPad's depth: the 60 Hz loop predicts
    // the camera on the ticks in between.
    for try await update in runner.updates(
      live: try liveCamera(frames: 8, every: .milliseconds(100)))
    {
      ticks.append(update.tick)
      frames += update.frameUpdates.map(\.frame.index)
    }
    XCTAssertEqual(frames, Array(0..<8), "every frame once, in order")
    XCTAssertEqual(ticks.first?.index, 0)
    XCTAssertEqual(ticks.map(\.index), ticks.map(\.index).sorted())
    XCTAssertEqual(Set(ticks.map(\.index)).count, ticks.count, "a tick index came twice")
    // The last frame came at least 0.7 s of wall time after the first: its
    // tick is at least that far into the session.
    XCTAssertGreaterThanOrEqual(try XCTUnwrap(ticks.last).time, 0.68)
    XCTAssertTrue(ticks.contains(where: \.isCameraPredicted), "no tick between frames")
  }

  func testALiveSourcesFailureEndsTheUpdatesAfterItsFrames() async throws {
    struct CameraUnplugged: Error {}
    let runner = try SessionRunner()
    var frames: [Int] = []
    do {
      for try await update in runner.updates(
        live: try liveCamera(frames: 3, every: .milliseconds(20), failing: CameraUnplugged()))
      {
        frames += update.frameUpdates.map(\.frame.index)
      }
      XCTFail("the source's failure was not thrown")
    } catch is CameraUnplugged {
      XCTAssertEqual(frames, [0, 1, 2])
    }
    // Leaving early stops taking frames; nothing hangs.
    var seen = 0
    for try await _ in try SessionRunner().updates(
      live: try liveCamera(frames: 30, every: .milliseconds(20)))
    {
      seen += 1
      if seen == 2 { break }
    }
    XCTAssertEqual(seen, 2)
  }

  // MARK: - The app's own anchors

  func testAppAnchorsAreListedSavedWithTheMapAndRemoved() async throws {
    let sequence = try roomSequence()
    let runner = try SessionRunner(configuration: Self.planeConfiguration)
    let spot = AppAnchor(
      name: "spawn point", transform: Transform(rotation: .identity, translation: SIMD3(1, 0, -2)))
    try runner.add(anchor: spot)
    XCTAssertThrowsError(try runner.add(anchor: spot)) {
      XCTAssertTrue(($0 as? ARSceneError)?.message.contains("already has") == true, "\($0)")
    }
    var broken = spot
    broken.identifier = UUID()
    broken.transform = Transform(rotation: .identity, translation: SIMD3(.nan, 0, 0))
    XCTAssertThrowsError(try runner.add(anchor: broken))

    var placed: PlacedObject?
    for try await _ in try runner.updates(replaying: sequence) where placed == nil {
      if case .success(let object) = runner.place("box", at: SIMD2(0.5, 0.8)) { placed = object }
    }
    let object = try XCTUnwrap(placed)
    XCTAssertEqual(runner.session.anchors.last?.identifier, spot.identifier, "after the planes")
    XCTAssertEqual(runner.anchors.last?.identifier, object.identifier, "placed objects come last")
    XCTAssertTrue(runner.anchors.contains { $0.identifier == spot.identifier })
    let plane = try XCTUnwrap(runner.session.planeAnchors.first)
    XCTAssertFalse(runner.remove(anchor: plane), "a detected plane is the map's")

    // Saved with the map, and back in a session that starts in it.
    let map = try runner.currentWorldMap()
    let saved = try map.anchors.filter { $0.kind == .app }
    XCTAssertEqual(saved.map(\.name), ["spawn point"])
    var later = Self.planeConfiguration
    later.initialWorldMap = map
    let restored = try Session(configuration: later)
    XCTAssertEqual(restored.appAnchors, [spot])

    // A new world keeps the app's anchors; removing the existing ones takes
    // them and the objects; a detected plane is not the app's to remove.
    try runner.run(Self.planeConfiguration, options: .resetTracking)
    XCTAssertEqual(runner.session.appAnchors, [spot])
    try runner.run(Self.planeConfiguration, options: .removeExistingAnchors)
    XCTAssertTrue(runner.anchors.isEmpty)
    try runner.add(anchor: spot)
    XCTAssertTrue(runner.remove(anchor: spot))
    XCTAssertFalse(runner.remove(anchor: spot))
  }

  // MARK: - Feature points

  func testRawFeaturePointsAreTheTrackedPointsInFrontOfTheCamera() async throws {
    let runner = try SessionRunner(configuration: Self.planeConfiguration)
    var measuredFrames = 0
    var previous: [UInt64: SIMD3<Float>] = [:]
    var followed = 0
    for try await update in try runner.updates(replaying: try roomSequence()) {
      for frameUpdate in update.frameUpdates {
        let frame = frameUpdate.frame
        guard frame.trackingStatistics.isPoseMeasured else {
          XCTAssertNil(frame.rawFeaturePoints, "frame \(frame.index): points without a pose")
          continue
        }
        measuredFrames += 1
        let cloud = try XCTUnwrap(frame.rawFeaturePoints, "frame \(frame.index)")
        XCTAssertEqual(cloud.points.count, cloud.identifiers.count)
        XCTAssertGreaterThanOrEqual(cloud.points.count, frame.trackingStatistics.inliers)
        XCTAssertEqual(Set(cloud.identifiers).count, cloud.identifiers.count, "an id came twice")
        // Each point is in view: in front of the camera (ARKit axes: -Z) and
        // inside the image once projected.
        let cameraFromWorld = frame.camera.transform.rigidInverse
        let k = frame.camera.intrinsics
        for point in cloud.points {
          let p = cameraFromWorld.transformPoint(point)
          XCTAssertLessThan(p.z, -0.1, "frame \(frame.index): a point behind the camera")
          let u = Double(k.fx) * Double(p.x / -p.z) + k.cx
          let v = Double(k.fy) * Double(-p.y / -p.z) + k.cy
          XCTAssertTrue(
            (-2...Double(k.width) + 2).contains(u) && (-2...Double(k.height) + 2).contains(v),
            "frame \(frame.index): a point projects to (\(u), \(v)), outside the image")
        }
        // The same identifier is the same place in the next frame.
        for (id, point) in zip(cloud.identifiers, cloud.points) {
          guard let before = previous[id] else { continue }
          followed += 1
          XCTAssertLessThan(
            ((point - before) * (point - before)).sum().squareRoot(), 0.05, "point \(id) jumped")
        }
        previous = Dictionary(uniqueKeysWithValues: zip(cloud.identifiers, cloud.points))
      }
    }
    XCTAssertGreaterThan(measuredFrames, 40)
    XCTAssertGreaterThan(followed, 1000, "points are not followed from frame to frame")
  }
}
