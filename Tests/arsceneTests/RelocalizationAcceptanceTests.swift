import ARSceneDatasets
import Foundation
import TestSupport
import XCTest

/// Issue 14's targets for a session that comes back, measured as a user
/// would: `dataset synth --scenario relocalize` (frames and IMU stop for 4 s
/// while the camera is carried over a metre away and turned over 60°),
/// `replay --trajectory --events`, then the events and the trajectory read
/// against the annotations and the ground truth. Release build.
final class RelocalizationAcceptanceTests: XCTestCase {
  private var workspace: AcceptanceWorkspace!

  override func setUpWithError() throws {
    workspace = try AcceptanceWorkspace()
  }

  override func tearDownWithError() throws {
    workspace?.remove()
  }

  /// The interruption as annotations.json states it.
  private struct Gap {
    var from: Double
    var to: Double
    var returnsAt: Double?
  }

  private static func gap(of sequence: String) throws -> Gap {
    let url = URL(fileURLWithPath: sequence).appendingPathComponent("annotations.json")
    let annotations = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    let relocalization = try XCTUnwrap(annotations["relocalization"] as? [String: Any])
    let gap = try XCTUnwrap(relocalization["gap"] as? [String: Double])
    return Gap(
      from: try XCTUnwrap(gap["from"]), to: try XCTUnwrap(gap["to"]),
      returnsAt: relocalization["returnsToMappedPlaceAt"] as? Double)
  }

  private static func events(_ path: String, type: String) throws -> [[String: Any]] {
    try AcceptanceWorkspace.events(path).map(\.event).filter { $0["type"] as? String == type }
  }

  private static func position(_ event: [String: Any]) throws -> SIMD3<Double> {
    let object = try XCTUnwrap(event["object"] as? [String: Any])
    let m = try XCTUnwrap(object["transform"] as? [Double])
    return SIMD3(m[12], m[13], m[14])
  }

  /// Seeds 1-3: relocalizing within 0.2 s of the gap, relocalized within
  /// 1 s of the camera seeing a mapped place again, then within 2 cm / 1°
  /// of the truth in the world as it was before the gap; a chair placed
  /// before the gap is hidden meanwhile and shown again where it was; the
  /// coaching asks the person to return.
  func testAnInterruptedWalkComesBackInTheSameWorld() throws {
    for seed in 1...3 {
      let sequence = try workspace.synthesize(
        ["--scenario", "relocalize", "--frames", "360", "--seed", "\(seed)"],
        name: "relocalize-\(seed)")
      let gap = try Self.gap(of: sequence)
      let returnsAt = try XCTUnwrap(gap.returnsAt)
      let trajectory = workspace.directory.appendingPathComponent("estimate-\(seed).txt").path
      let events = try workspace.replay(
        sequence,
        ["--trajectory", trajectory, "--tap", "t=2,x=0.5,y=0.7,object=chair,on=floor"])

      let states = try Self.events(events, type: "trackingState")
      let relocalizing = try XCTUnwrap(
        states.first { $0["reason"] as? String == "relocalizing" }, "seed \(seed): \(states)")
      let relocalizingAt = try XCTUnwrap(relocalizing["t"] as? Double)
      XCTAssertGreaterThanOrEqual(relocalizingAt, gap.from - 0.1, "seed \(seed)")
      XCTAssertLessThanOrEqual(relocalizingAt, gap.from + 0.2, "seed \(seed): relocalizing late")

      let relocalized = try XCTUnwrap(
        try Self.events(events, type: "relocalized").first, "seed \(seed): never relocalized")
      let relocalizedAt = try XCTUnwrap(relocalized["t"] as? Double)
      let correction = try XCTUnwrap(relocalized["correction"] as? [String: Double])
      print(
        "acceptance: relocalize seed \(seed): relocalizing at +\(relocalizingAt - gap.from) s,"
          + " relocalized \(relocalizedAt - returnsAt) s after the return,"
          + " correction \(correction["metres"] ?? 0) m \(correction["degrees"] ?? 0)°")
      XCTAssertLessThanOrEqual(relocalizedAt, returnsAt + 1, "seed \(seed)")
      XCTAssertGreaterThanOrEqual(correction["metres"] ?? 0, 1, "the camera was carried away")

      // Poses after the gap against the truth, both seen from the last
      // frame before it: the world as it was.
      let estimate = try TUMPoses(contentsOf: trajectory)
      let truth = try TUMPoses(contentsOf: sequence + "/groundtruth.txt")
      let before = try XCTUnwrap(estimate.times.last { $0 < gap.from })
      let (estimateBefore, truthBefore) = (
        try XCTUnwrap(estimate[before]), try XCTUnwrap(truth[before])
      )
      var worst = (metres: 0.0, degrees: 0.0)
      var after = 0
      for time in estimate.times where time > gap.to {
        let error = estimateBefore.relative(try XCTUnwrap(estimate[time])).error(
          to: truthBefore.relative(try XCTUnwrap(truth[time])))
        worst = (max(worst.metres, error.metres), max(worst.degrees, error.degrees))
        after += 1
      }
      print(
        "acceptance: relocalize seed \(seed): \(after) poses after the gap, worst \(worst.metres * 100) cm \(worst.degrees)°"
      )
      XCTAssertGreaterThan(after, 90, "seed \(seed): poses after the gap")
      XCTAssertLessThanOrEqual(worst.metres, 0.02, "seed \(seed)")
      XCTAssertLessThanOrEqual(worst.degrees, 1, "seed \(seed)")

      let hidden = try XCTUnwrap(
        try Self.events(events, type: "objectHidden").first, "seed \(seed): the chair never hid")
      let shown = try XCTUnwrap(
        try Self.events(events, type: "objectShown").first,
        "seed \(seed): the chair never came back")
      XCTAssertEqual(hidden["t"] as? Double, relocalizingAt)
      XCTAssertEqual(shown["t"] as? Double, relocalizedAt)
      let moved = try Self.position(shown) - Self.position(hidden)
      XCTAssertLessThanOrEqual((moved * moved).sum().squareRoot(), 0.01, "seed \(seed): metres")

      let coaching = try Self.events(events, type: "coaching").compactMap {
        ($0["message"] as? [String: Any])?["key"] as? String
      }
      XCTAssertTrue(coaching.contains("relocalizing"), "seed \(seed): \(coaching)")
    }
  }
}

/// `arscene map build`, `map info`, `relocalize` and `replay --world-map` on
/// short synthetic sequences, and every bad map file refused with exit 1, a
/// message naming the file, and no output left behind.
final class WorldMapCommandTests: XCTestCase {
  private var workspace: AcceptanceWorkspace!

  override func setUpWithError() throws {
    workspace = try AcceptanceWorkspace()
  }

  override func tearDownWithError() throws {
    workspace?.remove()
  }

  private func run(_ arguments: [String]) throws -> CommandResult { try workspace.run(arguments) }

  private func path(_ name: String) -> String { workspace.path(name) }

  /// A map of the room's walk (seed 1, 4 s) and the sequence it was made from.
  private func buildMap() throws -> (sequence: String, map: String) {
    let sequence = try workspace.synthesize(["--frames", "120", "--seed", "1"], name: "walk")
    let map = path("walk.arscenemap")
    let built = try run(["map", "build", sequence, "--out", map, "--quiet"])
    XCTAssertEqual(built.status, 0, built.stderr)
    return (sequence, map)
  }

  func testAMapIsBuiltDescribedAndRelocalizedInTheSameWayEveryTime() throws {
    let (sequence, map) = try buildMap()
    let info = try run(["map", "info", map])
    XCTAssertEqual(info.status, 0, info.stderr)
    XCTAssertTrue(info.stdout.contains("format version 2"), info.stdout)
    XCTAssertTrue(info.stdout.contains("Keyframes: "), info.stdout)
    XCTAssertTrue(
      info.stdout.contains("plane"), "plane anchors travel with the map: \(info.stdout)")

    // The same map rebuilt is the same file; relocalizing twice gives the
    // same report, byte for byte, without timings.
    let again = path("again.arscenemap")
    XCTAssertEqual(try run(["map", "build", sequence, "--out", again, "--quiet"]).status, 0)
    XCTAssertEqual(
      try Data(contentsOf: URL(fileURLWithPath: map)),
      try Data(contentsOf: URL(fileURLWithPath: again)))
    var reports: [Data] = []
    for name in ["first", "second"] {
      let report = path("\(name).json")
      let result = try run([
        "relocalize", sequence, "--map", map, "--first-frame", "30", "--max-frames", "20",
        "--json", report, "--trajectory", path("\(name).txt"), "--no-timings", "--quiet",
      ])
      XCTAssertEqual(result.status, 0, result.stderr)
      reports.append(try Data(contentsOf: URL(fileURLWithPath: report)))
    }
    XCTAssertEqual(reports[0], reports[1])
    let report = try XCTUnwrap(
      JSONSerialization.jsonObject(with: reports[0]) as? [String: Any])
    XCTAssertEqual(report["frames"] as? Int, 20)
    XCTAssertGreaterThanOrEqual(report["found_fraction"] as? Double ?? 0, 0.9, "\(report)")
  }

  func testASessionStartedInAMapFindsItselfAndBringsItsObjectsBack() throws {
    let (sequence, _) = try buildMap()
    let map = path("with-chair.arscenemap")
    _ = try workspace.replay(
      sequence,
      ["--tap", "t=1.5,x=0.5,y=0.7,object=chair,on=floor", "--save-world-map", map])
    let events = try workspace.replay(sequence, ["--world-map", map, "--max-frames", "30"])
    let first = try Data(contentsOf: URL(fileURLWithPath: events))
    _ = try workspace.replay(sequence, ["--world-map", map, "--max-frames", "30"])
    XCTAssertEqual(
      try Data(contentsOf: URL(fileURLWithPath: events)), first,
      "byte-identical with a world map, without timings")
    let all = try AcceptanceWorkspace.events(events).map(\.event)
    let relocalized = try XCTUnwrap(
      all.first { $0["type"] as? String == "relocalized" }, "never found in the map")
    XCTAssertEqual(relocalized["frame"] as? Int, 0, "the first frame sees the mapped place")
    let shown = try XCTUnwrap(all.first { $0["type"] as? String == "objectShown" })
    XCTAssertEqual((shown["object"] as? [String: Any])?["name"] as? String, "chair")
  }

  func testBadMapFilesAreRefusedNamingTheFileAndLeaveNoOutput() throws {
    let (sequence, map) = try buildMap()
    let bytes = try Data(contentsOf: URL(fileURLWithPath: map))
    var future = bytes
    future[8] = 9
    var flipped = bytes
    flipped[bytes.count / 2] ^= 0xFF
    let cases: [(name: String, data: Data?, reason: String)] = [
      ("missing.arscenemap", nil, "cannot be read"),
      ("empty.arscenemap", Data(), ""),
      ("truncated.arscenemap", bytes.prefix(bytes.count / 3), ""),
      ("future.arscenemap", future, "update ARScene"),
      ("corrupt.arscenemap", flipped, ""),
    ]
    for (name, data, reason) in cases {
      let file = path(name)
      if let data { try data.write(to: URL(fileURLWithPath: file)) }
      let info = try run(["map", "info", file])
      XCTAssertEqual(info.status, 1, "\(name): \(info.stderr)")
      XCTAssertTrue(info.stderr.contains(file), "\(name): \(info.stderr)")
      if !reason.isEmpty { XCTAssertTrue(info.stderr.contains(reason), "\(name): \(info.stderr)") }

      let trajectory = path("\(name).txt")
      let relocalize = try run(["relocalize", sequence, "--map", file, "--trajectory", trajectory])
      XCTAssertEqual(relocalize.status, 1, "\(name): \(relocalize.stderr)")
      XCTAssertFalse(FileManager.default.fileExists(atPath: trajectory), name)

      let replay = try run(["replay", sequence, "--world-map", file, "--quiet"])
      XCTAssertEqual(replay.status, 1, "\(name): \(replay.stderr)")
    }

    // A map of a 640x480 camera cannot place 320x240 frames.
    let small = try workspace.synthesize(
      ["--frames", "3", "--seed", "1", "--width", "320", "--height", "240"], name: "small")
    let other = try run(["relocalize", small, "--map", map, "--trajectory", path("small.txt")])
    XCTAssertEqual(other.status, 1, other.stderr)
    XCTAssertTrue(
      other.stderr.contains("320x240") && other.stderr.contains("640x480"), other.stderr)
    XCTAssertFalse(FileManager.default.fileExists(atPath: path("small.txt")))
  }
}

/// Issue 14's targets for a camera that never comes back, for saved maps
/// relocalized frame by frame (another path through the same synthetic
/// room: exact ground truth), and on the 7-Scenes kitchen.
final class RelocalizationTargetTests: XCTestCase {
  private var workspace: AcceptanceWorkspace!

  override func setUpWithError() throws {
    workspace = try AcceptanceWorkspace()
  }

  override func tearDownWithError() throws {
    workspace?.remove()
  }

  private func path(_ name: String) -> String { workspace.path(name) }

  /// `arscene ARGUMENTS`, which must succeed.
  private func run(_ arguments: [String]) throws -> CommandResult {
    let result = try workspace.run(arguments)
    XCTAssertEqual(result.status, 0, "\(arguments): \(result.stderr)")
    return result
  }

  private static func events(_ path: String) throws -> [[String: Any]] {
    try AcceptanceWorkspace.events(path).map(\.event)
  }

  private static func coachingKeys(_ events: [[String: Any]]) -> [(t: Double, key: String)] {
    events.compactMap { event in
      guard event["type"] as? String == "coaching",
        let key = (event["message"] as? [String: Any])?["key"] as? String,
        let t = event["t"] as? Double
      else { return nil }
      return (t, key)
    }
  }

  /// `relocalize-elsewhere` resumes looking at walls no frame before the
  /// gap saw: the session keeps relocalizing (no wrong pose), the chair
  /// stays hidden, the coaching asks the person to return and offers to
  /// start over after the configured time; with a timeout the session
  /// starts over by itself and tracks a new world.
  func testACameraThatNeverReturnsIsOfferedToStartOverAndTimesOut() throws {
    let sequence = try workspace.synthesize(
      ["--scenario", "relocalize-elsewhere", "--frames", "360", "--seed", "1"], name: "elsewhere")
    let tap = "t=2,x=0.5,y=0.7,object=chair,on=floor"
    let events = try Self.events(
      try workspace.replay(sequence, ["--tap", tap, "--start-over-after", "2"]))
    XCTAssertFalse(events.contains { $0["type"] as? String == "relocalized" }, "a wrong place")
    let states = events.filter { $0["type"] as? String == "trackingState" }
    let relocalizing = try XCTUnwrap(states.first { $0["reason"] as? String == "relocalizing" })
    let relocalizingAt = try XCTUnwrap(relocalizing["t"] as? Double)
    XCTAssertEqual(states.last?["reason"] as? String, "relocalizing", "\(states)")
    XCTAssertTrue(events.contains { $0["type"] as? String == "objectHidden" })
    XCTAssertFalse(events.contains { $0["type"] as? String == "objectShown" })
    let coaching = Self.coachingKeys(events)
    let ask = try XCTUnwrap(coaching.first { $0.key == "relocalizing" }, "\(coaching)")
    let startOver = try XCTUnwrap(coaching.first { $0.key == "startOver" }, "\(coaching)")
    print(
      "acceptance: elsewhere: relocalizing at \(relocalizingAt) s, asked to return at \(ask.t) s,"
        + " offered to start over at \(startOver.t) s")
    XCTAssertGreaterThanOrEqual(startOver.t, relocalizingAt + 2)
    XCTAssertLessThanOrEqual(startOver.t, relocalizingAt + 3)

    let timedOut = try Self.events(
      try workspace.replay(sequence, ["--tap", tap, "--relocalization-timeout", "5"]))
    let reset = try XCTUnwrap(timedOut.first { $0["type"] as? String == "sessionReset" })
    XCTAssertEqual(reset["reason"] as? String, "relocalizationTimeout")
    let resetAt = try XCTUnwrap(reset["t"] as? Double)
    XCTAssertGreaterThanOrEqual(resetAt, relocalizingAt + 4.9)
    XCTAssertLessThanOrEqual(resetAt, relocalizingAt + 5.2)
    let after = timedOut.filter {
      $0["type"] as? String == "trackingState" && ($0["t"] as? Double ?? 0) > resetAt
    }
    XCTAssertEqual(after.last?["state"] as? String, "normal", "a new world: \(after)")
  }

  /// A map of one walk through the room relocalizes every frame of another
  /// walk (`--path-seed`): >= 95% within 5 cm / 5°, median <= 1 cm / 0.5°,
  /// nothing over 20 cm.
  func testAnotherPathThroughTheRoomIsFoundFrameByFrame() throws {
    let mapping = try workspace.synthesize(["--frames", "300", "--seed", "1"], name: "mapping")
    let other = try workspace.synthesize(
      ["--frames", "300", "--seed", "1", "--path-seed", "7"], name: "other")
    let map = path("room.arscenemap")
    _ = try run([
      "map", "build", mapping, "--out", map, "--trajectory", path("mapping.txt"), "--quiet",
    ])
    let report = path("report.json")
    _ = try run([
      "relocalize", other, "--map", map, "--map-trajectory", path("mapping.txt"), "--map-sequence",
      mapping, "--json", report, "--trajectory", path("found.txt"), "--quiet",
    ])
    let json = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: report)))
        as? [String: Any])
    let score = try XCTUnwrap(json["score"] as? [String: Double])
    print(
      "acceptance: another path: \(score); mean \(json["mean_ms"] ?? 0) ms, p99 \(json["p99_ms"] ?? 0) ms"
    )
    XCTAssertGreaterThanOrEqual(score["correct_fraction_of_queries"] ?? 0, 0.95)
    XCTAssertLessThanOrEqual(score["median_cm"] ?? .infinity, 1)
    XCTAssertLessThanOrEqual(score["median_degrees"] ?? .infinity, 0.5)
    XCTAssertLessThanOrEqual(score["max_cm"] ?? .infinity, 20)
  }

  /// 7-Scenes kitchen: a map from frames 0-299 relocalizes each of frames
  /// 300-599 on its own; the map's world is tied to ground truth once, from
  /// the mapping run's own trajectory, by views (see `score_by_views`).
  /// Targets met are asserted as targets; the two not met (answered >= 80%:
  /// 76.7% measured, about a sixth of the frames see less than 30% of what
  /// the map saw; median <= 3 cm / 2°: 3.1 cm / 2.5° measured, the mapping
  /// run's own error, 4.8 cm RMS, bounds it) are held by a regression guard
  /// below the level reached. The answered fraction moves with the map's
  /// keyframes: over five principal points within half a pixel it spans
  /// 76.7-79.3% (76.7-78.7% before keyframes joined during initialisation),
  /// so its guard is 75%.
  /// A map built at the sequence's own poses (`map build --poses
  /// groundtruth`) lives in the ground truth's world: the mapping
  /// trajectory it writes is the ground truth at the mapped frames, and
  /// another path through the room is found there without any alignment.
  func testAMapAtKnownPosesLivesInTheirWorld() throws {
    let mapping = try workspace.synthesize(["--frames", "300", "--seed", "1"], name: "mapping")
    let other = try workspace.synthesize(
      ["--frames", "300", "--seed", "1", "--path-seed", "7"], name: "other")
    let map = path("known.arscenemap")
    let built = try run([
      "map", "build", mapping, "--poses", "groundtruth", "--out", map, "--trajectory",
      path("known.txt"), "--quiet",
    ])
    XCTAssertEqual(built.status, 0, built.stderr)
    let written = try TUMTrajectory.read(URL(fileURLWithPath: path("known.txt")))
    let truth = try SequenceLoader.open(URL(fileURLWithPath: mapping)).groundTruth
    XCTAssertGreaterThan(written.count, 250)
    for pose in written {
      let expected = try XCTUnwrap(truth.pose(at: pose.timestamp, maximumGap: 0.1))
      let error = pose.translation - expected.translation
      XCTAssertLessThan((error * error).sum().squareRoot(), 1e-6, "\(pose.timestamp)")
    }
    _ = try run([
      "relocalize", other, "--map", map, "--trajectory", path("found.txt"), "--quiet",
    ])
    let found = try TUMTrajectory.read(URL(fileURLWithPath: path("found.txt")))
    let otherTruth = try SequenceLoader.open(URL(fileURLWithPath: other)).groundTruth
    let errors = try found.map { pose -> Double in
      let expected = try XCTUnwrap(otherTruth.pose(at: pose.timestamp, maximumGap: 0.1))
      let d = pose.translation - expected.translation
      return (d * d).sum().squareRoot()
    }.sorted()
    print(
      "acceptance: known-pose map: \(found.count) of 300 found, median \(errors[errors.count / 2] * 100) cm"
    )
    XCTAssertGreaterThanOrEqual(found.count, 285)
    XCTAssertLessThanOrEqual(
      errors[errors.count / 2], 0.01, "median within 1 cm of the truth, unaligned")
  }

  /// Poses that do not cover a keyframe, a missing file, and ground truth a
  /// sequence lacks are errors naming what is wrong, and leave no map.
  func testKnownPosesThatCannotPlaceTheMapAreRefused() throws {
    let sequence = try workspace.synthesize(["--frames", "60", "--seed", "1"], name: "short")
    let partial = path("partial.txt")
    try "# t tx ty tz qx qy qz qw\n0.0 0 0 0 0 0 0 1\n0.05 0 0 0 0 0 0 1\n".write(
      toFile: partial, atomically: true, encoding: .utf8)
    let cases: [([String], String)] = [
      (["--poses", partial], "has no pose at"),
      (["--poses", path("absent.txt")], "absent.txt"),
    ]
    for (index, (arguments, message)) in cases.enumerated() {
      let map = path("refused-\(index).arscenemap")
      let result = try workspace.run(
        ["map", "build", sequence, "--out", map, "--quiet"] + arguments)
      XCTAssertEqual(result.status, 1, "\(arguments)")
      XCTAssertTrue(result.stderr.contains(message), result.stderr)
      XCTAssertFalse(FileManager.default.fileExists(atPath: map), "no map left for \(arguments)")
    }
  }

  /// Builds a map of the kitchen's frames 0-299 (with `mapping`'s extra
  /// arguments) and relocalizes each of frames 300-599 in it, scored against
  /// the mapping trajectory: the map command's result and the report.
  private func relocalizeKitchenFrames300On(
    _ kitchen: String, name: String, mapping: [String]
  ) throws -> (CommandResult, [String: Any]) {
    let map = path("\(name).arscenemap")
    let trajectory = path("\(name)-mapping.txt")
    let built = try run(
      ["map", "build", kitchen, "--out", map, "--max-frames", "300", "--trajectory", trajectory]
        + mapping)
    let report = path("\(name).json")
    _ = try run([
      "relocalize", kitchen, "--map", map, "--first-frame", "300", "--map-trajectory", trajectory,
      "--json", report, "--quiet",
    ])
    let json = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: report)))
        as? [String: Any])
    return (built, json)
  }

  /// The benchmarks' protocol on the 7-Scenes kitchen: the map placed at the
  /// dataset's poses of frames 0-299, each of frames 300-599 queried on its
  /// own and scored against the dataset's poses with no alignment (issue
  /// 47). Targets met: median <= 2 cm and 1 degree (1.77 cm, 0.65 degrees
  /// measured). Not met: >= 90% of the frames within 5 cm / 5 degrees
  /// (70.0%: 91.3% of the answers are, but only 76.7% of the frames are
  /// answered; 74.3% on a native copy of the folder), held by a regression
  /// guard. Why (Tools/relocalization/map_coverage.py): a quarter of the
  /// queries turn to what frames 0-299 never saw (no map frame sees even
  /// 40% of their depth); of the frames the map covers at 50% or more, all
  /// are answered, and that is asserted.
  func testKitchenMapAtTheDatasetsPosesTargetsWithARegressionGuard() throws {
    let kitchen = try SharedDataset.folder("7scenes-kitchen-dev").path
    let (built, json) = try relocalizeKitchenFrames300On(
      kitchen, name: "kitchen-known", mapping: ["--poses", "groundtruth", "--quiet"])
    XCTAssertEqual(built.status, 0, built.stderr)
    let score = try XCTUnwrap(json["score"] as? [String: Double])
    print("acceptance: kitchen at the dataset's poses \(score); mean \(json["mean_ms"] ?? 0) ms")
    XCTAssertLessThanOrEqual(score["median_cm"] ?? .infinity, 2, "target")
    XCTAssertLessThanOrEqual(score["median_degrees"] ?? .infinity, 1, "target")
    XCTAssertGreaterThanOrEqual(
      score["correct_fraction_of_queries"] ?? 0, 0.68,
      "regression guard: within 5 cm / 5 degrees of all frames (target 0.90 not met)")

    guard try CommandRunner.python(["-c", "import numpy, PIL"]).status == 0 else {
      throw XCTSkip("map_coverage.py needs numpy and pillow (python3 -m pip install ...)")
    }
    let tool = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Tools/relocalization/map_coverage.py").path
    let coverage = path("kitchen-coverage.json")
    let measured = try CommandRunner.python([
      tool, kitchen, "--report", path("kitchen-known.json"), "--json", coverage,
    ])
    XCTAssertEqual(measured.status, 0, measured.stderr)
    print("acceptance: kitchen map coverage: \(measured.stdout)")
    let bins = try XCTUnwrap(
      (JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: coverage)))
        as? [String: Any])?["answered_by_coverage"] as? [String: [String: Double]])
    let covered = try XCTUnwrap(bins["0.5-1.0"])
    XCTAssertGreaterThanOrEqual(covered["frames"] ?? 0, 90, "frames the map covers at 50% or more")
    XCTAssertGreaterThanOrEqual(
      covered["answered"] ?? 0, 0.95, "frames the map covers at 50% or more are answered")
    let uncovered = try XCTUnwrap(bins["0.0-0.3"])
    XCTAssertGreaterThanOrEqual(uncovered["frames"] ?? 0, 20, "frames the map barely sees")
  }

  func testKitchenTargetsWithARegressionGuardForTheTwoNotMet() throws {
    let kitchen = try SharedDataset.folder("7scenes-kitchen-dev").path
    let (built, json) = try relocalizeKitchenFrames300On(kitchen, name: "kitchen", mapping: [])
    print("acceptance: kitchen map: \(built.stderr.split(separator: "\n").suffix(6))")
    let score = try XCTUnwrap(json["score_by_views"] as? [String: Double])
    print(
      "acceptance: kitchen relocalization \(score); by centres \(json["score"] ?? "");"
        + " mean \(json["mean_ms"] ?? 0) ms, p99 \(json["p99_ms"] ?? 0) ms")
    XCTAssertEqual(json["frames"] as? Int, 300)
    // Targets met.
    XCTAssertGreaterThanOrEqual(
      score["correct_fraction"] ?? 0, 0.8, "target: answers within 5 cm/5°")
    XCTAssertLessThanOrEqual(score["gross_fraction"] ?? 1, 0.01, "target: answers over 25 cm")
    // Regression guard, not the targets (80% answered; median 3 cm / 2°).
    XCTAssertGreaterThanOrEqual(
      score["answered_fraction"] ?? 0, 0.75, "regression guard: answered (target 0.80 not met)")
    XCTAssertLessThanOrEqual(
      score["median_cm"] ?? .infinity, 3.5, "regression guard: median cm (target 3 not met)")
    XCTAssertLessThanOrEqual(
      score["median_degrees"] ?? .infinity, 3, "regression guard: median degrees (target 2 not met)"
    )
  }
}
