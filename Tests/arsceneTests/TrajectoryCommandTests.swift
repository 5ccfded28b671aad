import Foundation
import TestSupport
import XCTest

/// replay --trajectory, then eval: the path a SLAM user takes to score the
/// tracker, checked end to end on a synthetic sequence with exact ground truth.
final class TrajectoryCommandTests: XCTestCase {
  private var directory: URL!

  override func setUpWithError() throws {
    directory = try TemporaryFolder.make("trajectory", removedAfter: self)
  }

  func testReplayedTrajectoryScoresAgainstGroundTruth() throws {
    let sequence = directory.appendingPathComponent("walk").path
    let synth = try CommandRunner.run([
      "dataset", "synth", "--scene", "room", "--frames", "45", "--seed", "5",
      "--width", "160", "--height", "120", "--out", sequence, "--quiet",
    ])
    XCTAssertEqual(synth.status, 0, synth.stderr)

    let trajectory = directory.appendingPathComponent("est.txt").path
    let refined = directory.appendingPathComponent("refined.txt").path
    let events = directory.appendingPathComponent("events.jsonl").path
    let replay = try CommandRunner.run([
      "replay", sequence, "--trajectory", trajectory, "--refined-trajectory", refined,
      "--events", events, "--no-timings", "--quiet",
    ])
    XCTAssertEqual(replay.status, 0, replay.stderr)

    let lines = try String(contentsOfFile: trajectory, encoding: .utf8).split(separator: "\n")
    let poses = lines.filter { !$0.hasPrefix("#") }
    // The first ~0.35 s settle gravity from the IMU and are left out.
    XCTAssertGreaterThanOrEqual(poses.count, 25, "every frame after initialisation has a pose")
    XCTAssertTrue(poses.allSatisfy { $0.split(separator: " ").count == 8 }, "TUM lines")

    let eval = try CommandRunner.run(["eval", sequence, "--trajectory", trajectory, "--json"])
    XCTAssertEqual(eval.status, 0, eval.stderr)
    let report = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(eval.stdout.utf8)) as? [String: Any])
    let ate = try XCTUnwrap((report["ate"] as? [String: Double])?["rmse"])
    XCTAssertLessThan(ate, 0.02, "a 1.5 s synthetic walk is tracked to well under 2 cm")

    // The refined trajectory: the same frames, each within millimetres of
    // where it was reported (this walk closes no loop), scoring as well.
    func times(_ lines: [Substring]) -> [String] { lines.map { String($0.prefix { $0 != " " }) } }
    let refinedPoses = try String(contentsOfFile: refined, encoding: .utf8).split(separator: "\n")
      .filter { !$0.hasPrefix("#") }
    XCTAssertEqual(times(refinedPoses), times(poses), "the same frames at the same times")
    XCTAssertNotEqual(refinedPoses, poses, "bundle adjustment moved some keyframes")
    let refinedEval = try CommandRunner.run(["eval", sequence, "--trajectory", refined, "--json"])
    XCTAssertEqual(refinedEval.status, 0, refinedEval.stderr)
    let refinedReport = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(refinedEval.stdout.utf8)) as? [String: Any])
    let refinedATE = try XCTUnwrap((refinedReport["ate"] as? [String: Double])?["rmse"])
    XCTAssertLessThan(refinedATE, 0.02)
    XCTAssertEqual(refinedATE, ate, accuracy: 0.002)

    // eval, replaying by itself, scores both and says which is which.
    let replayed = try CommandRunner.run(["eval", sequence, "--json", "--quiet"])
    XCTAssertEqual(replayed.status, 0, replayed.stderr)
    let both = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(replayed.stdout.utf8)) as? [String: Any])
    let live = try XCTUnwrap(both["ate"] as? [String: Double])
    let final = try XCTUnwrap((both["refined"] as? [String: Any])?["ate"] as? [String: Double])
    XCTAssertEqual(try XCTUnwrap(live["rmse"]), ate, accuracy: 1e-9, "the live poses, as replayed")
    XCTAssertEqual(try XCTUnwrap(final["rmse"]), refinedATE, accuracy: 1e-9)
    XCTAssertEqual(
      (both["refined"] as? [String: Any])?["associatedPoses"] as? Int,
      both["associatedPoses"] as? Int)
    let text = try CommandRunner.run(["eval", sequence, "--quiet"])
    XCTAssertTrue(text.stdout.contains("Refined by the final map: ATE RMSE"), text.stdout)

    let stateEvents = try String(contentsOfFile: events, encoding: .utf8).split(separator: "\n")
      .filter { $0.contains(#""type":"trackingState""#) }
    XCTAssertTrue(
      stateEvents.first?.contains(#""reason":"initializing""#) ?? false, "\(stateEvents)")
    XCTAssertTrue(stateEvents.contains { $0.contains(#""state":"normal""#) }, "\(stateEvents)")
  }

  /// A trajectory in arbitrary units (as monocular tracking without an IMU
  /// reports one) scores with --align sim3, which says how far off its
  /// scale is; an unknown alignment is a usage error.
  func testEvalAlignsBySim3AndPrintsTheScaleError() throws {
    let sequence = directory.appendingPathComponent("walk").path
    XCTAssertEqual(
      try CommandRunner.run([
        "dataset", "synth", "--frames", "30", "--width", "64", "--height", "48", "--out",
        sequence, "--quiet",
      ]).status, 0)
    // The ground truth itself at twice its size: the estimate is 100% too
    // large, and exact once scaled.
    let truth = try String(
      contentsOfFile: sequence + "/groundtruth.txt", encoding: .utf8
    ).split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.isEmpty }
    let doubled = truth.map { line -> String in
      var fields = line.split(separator: " ").map(String.init)
      for index in 1...3 { fields[index] = String(2 * Double(fields[index])!) }
      return fields.joined(separator: " ")
    }
    let estimate = directory.appendingPathComponent("doubled.txt")
    try (doubled.joined(separator: "\n") + "\n").write(
      to: estimate, atomically: true, encoding: .utf8)

    let eval = try CommandRunner.run([
      "eval", sequence, "--trajectory", estimate.path, "--align", "sim3", "--json",
    ])
    XCTAssertEqual(eval.status, 0, eval.stderr)
    let report = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(eval.stdout.utf8)) as? [String: Any])
    XCTAssertEqual(report["alignment"] as? String, "sim3")
    XCTAssertEqual(try XCTUnwrap(report["scaleErrorPercent"] as? Double), 100, accuracy: 0.01)
    XCTAssertLessThan(try XCTUnwrap((report["ate"] as? [String: Double])?["rmse"]), 1e-5)
    let text = try CommandRunner.run([
      "eval", sequence, "--trajectory", estimate.path, "--align", "sim3",
    ])
    XCTAssertTrue(text.stdout.contains("Scale error: +100.00%"), text.stdout)

    let wrong = try CommandRunner.run([
      "eval", sequence, "--trajectory", estimate.path, "--align", "sim2",
    ])
    XCTAssertEqual(wrong.status, 2, wrong.stderr)
    XCTAssertTrue(wrong.stderr.contains("--align"), wrong.stderr)
  }

  func testEvalWithoutGroundTruthOrWithABadTrajectoryExitsOne() throws {
    let sequence = directory.appendingPathComponent("walk").path
    XCTAssertEqual(
      try CommandRunner.run([
        "dataset", "synth", "--frames", "3", "--width", "64", "--height", "48", "--out", sequence,
        "--quiet",
      ]).status, 0)
    let broken = directory.appendingPathComponent("broken.txt")
    try "0.0 1 2 3 0 0 0 1\n0.1 nan 2 3 0 0 0 1\n".write(
      to: broken, atomically: true, encoding: .utf8)
    let result = try CommandRunner.run(["eval", sequence, "--trajectory", broken.path])
    XCTAssertEqual(result.status, 1, result.stderr)
    XCTAssertTrue(result.stderr.contains("broken.txt:2"), result.stderr)

    let empty = directory.appendingPathComponent("empty.txt")
    try "# timestamp tx ty tz qx qy qz qw\n\n".write(to: empty, atomically: true, encoding: .utf8)
    let none = try CommandRunner.run(["eval", sequence, "--trajectory", empty.path])
    XCTAssertEqual(none.status, 1, none.stderr)
    XCTAssertTrue(none.stderr.contains("empty.txt: holds no pose"), none.stderr)
  }

  /// Tracking is RGB-D: a sequence without depth measures no pose, and both
  /// eval and replay say that this is why, instead of suggesting clocks that
  /// disagree.
  func testSequenceWithoutDepthIsNotTrackedAndSaysWhy() throws {
    let sequence = directory.appendingPathComponent("colour-only")
    XCTAssertEqual(
      try CommandRunner.run([
        "dataset", "synth", "--frames", "3", "--width", "64", "--height", "48", "--out",
        sequence.path, "--quiet",
      ]).status, 0)
    let description = sequence.appendingPathComponent("sequence.json")
    var json = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(contentsOf: description)) as? [String: Any])
    json["depth"] = nil
    json["sensors"] = ["color", "imu", "groundTruth"]
    try JSONSerialization.data(withJSONObject: json).write(to: description)
    try FileManager.default.removeItem(at: sequence.appendingPathComponent("depth.txt"))

    let eval = try CommandRunner.run(["eval", sequence.path, "--quiet"])
    XCTAssertEqual(eval.status, 1, eval.stderr)
    XCTAssertTrue(eval.stderr.contains("measured in none of its 3 frames"), eval.stderr)
    XCTAssertTrue(eval.stderr.contains("the sequence has no depth"), eval.stderr)
    XCTAssertFalse(eval.stderr.contains("same clock"), eval.stderr)

    // The summary (on stderr) says it in its own line.
    let replay = try CommandRunner.run(["replay", sequence.path])
    XCTAssertEqual(replay.status, 0, replay.stderr)
    XCTAssertTrue(
      replay.stderr.contains(
        "Not tracked: none of the 3 frames has a depth map, and tracking without depth never"
          + " started"),
      replay.stderr)
  }

  /// `dataset synth --no-depth` records colour and IMU only, as a phone
  /// without LiDAR does; `--no-depth` replays any sequence so. Three frames
  /// are too few to start tracking without depth, and both say so rather
  /// than report poses.
  func testNoDepthSynthesisAndReplayLeaveDepthOut() throws {
    let colourOnly = directory.appendingPathComponent("colour-only")
    XCTAssertEqual(
      try CommandRunner.run([
        "dataset", "synth", "--frames", "3", "--width", "64", "--height", "48", "--no-depth",
        "--out", colourOnly.path, "--quiet",
      ]).status, 0)
    XCTAssertFalse(
      FileManager.default.fileExists(atPath: colourOnly.appendingPathComponent("depth.txt").path))
    let json = try XCTUnwrap(
      JSONSerialization.jsonObject(
        with: Data(contentsOf: colourOnly.appendingPathComponent("sequence.json")))
        as? [String: Any])
    XCTAssertEqual(
      Set(try XCTUnwrap(json["sensors"] as? [String])), ["color", "imu", "groundTruth"])
    XCTAssertTrue("\(json)".contains("--no-depth"), "the provenance names the option")
    let replay = try CommandRunner.run(["replay", colourOnly.path])
    XCTAssertEqual(replay.status, 0, replay.stderr)
    XCTAssertTrue(replay.stderr.contains("none of the 3 frames has a depth map"), replay.stderr)

    let withDepth = directory.appendingPathComponent("with-depth")
    XCTAssertEqual(
      try CommandRunner.run([
        "dataset", "synth", "--frames", "3", "--width", "64", "--height", "48", "--out",
        withDepth.path, "--quiet",
      ]).status, 0)
    let events = directory.appendingPathComponent("no-depth.jsonl").path
    let hidden = try CommandRunner.run([
      "replay", withDepth.path, "--no-depth", "--events", events, "--no-timings",
    ])
    XCTAssertEqual(hidden.status, 0, hidden.stderr)
    XCTAssertTrue(hidden.stderr.contains("none of the 3 frames has a depth map"), hidden.stderr)
    let summary = try XCTUnwrap(
      try String(contentsOfFile: events, encoding: .utf8).split(separator: "\n").last)
    XCTAssertTrue(summary.contains(#""framesWithDepth":0"#), String(summary))
    XCTAssertTrue(summary.contains(#""framesWithMeasuredPose":0"#), String(summary))
  }

  /// A replay too short for tracking to become normal measures poses, but
  /// they are provisional and the trajectory leaves them out: eval says so,
  /// neither "measured in none" (which is false) nor "same clock".
  func testTrackingThatNeverBecameNormalIsNamedAsTheReason() throws {
    let sequence = directory.appendingPathComponent("four-frames")
    XCTAssertEqual(
      try CommandRunner.run([
        "dataset", "synth", "--frames", "4", "--out", sequence.path, "--quiet",
      ]).status, 0)
    let replay = try CommandRunner.run(["replay", sequence.path])
    XCTAssertTrue(replay.stderr.contains("normal in 0 of 4 frames"), replay.stderr)
    XCTAssertTrue(replay.stderr.contains("a measured pose in 4"), replay.stderr)

    let eval = try CommandRunner.run(["eval", sequence.path, "--quiet"])
    XCTAssertEqual(eval.status, 1, eval.stderr)
    XCTAssertTrue(
      eval.stderr.contains(
        "tracking was normal in none of its 4 frames: the trajectory, which starts at the first"
          + " normal frame, holds no pose"), eval.stderr)
    XCTAssertFalse(eval.stderr.contains("measured in none"), eval.stderr)
    XCTAssertFalse(eval.stderr.contains("same clock"), eval.stderr)
  }
}
