import ARSceneDatasets
import Foundation
import TestSupport
import XCTest

/// Issue 48: tracking without a depth sensor, measured as a user would:
/// synthesise or open a sequence, `arscene eval --no-depth` (with
/// `--tracking` and `--align sim3` where the issue asks), `arscene replay`.
/// The issue's targets are not all met; each guard below names the target
/// and what this build measured.
final class TrackingWithoutDepthAcceptanceTests: XCTestCase {
  private var workspace: AcceptanceWorkspace!

  override func setUpWithError() throws {
    workspace = try AcceptanceWorkspace()
  }

  override func tearDown() {
    workspace?.remove()
  }

  /// The 10 s synthetic walk (seed 1) without depth, colour and a noisy IMU
  /// (phone-grade biases and white noise): visual-inertial, held to the
  /// issue's bounds (SE(3) ATE <= 1.0 cm, scale error <= 1%). This build
  /// measures 0.56 cm and +0.27%. The issue sets them for the 30 s walk,
  /// where they are not met (see the closing note: scale drifts between the
  /// IMU's rescales; there is no visual-inertial bundle adjustment yet).
  func testSyntheticWalkWithIMUAndNoDepthIsTrackedInMetres() throws {
    let walk = try workspace.synthesize(["--motion", "walk", "--frames", "300"], name: "walk")
    let scored = try workspace.evaluateInMetres(walk, ["--no-depth"])
    print(
      "acceptance: walk, colour + IMU: SE(3) ATE \(scored.ate * 100) cm, scale error"
        + " \(scored.scaleErrorPercent)%, tracked \(scored.tracked)")
    XCTAssertLessThanOrEqual(scored.ate, 0.010)
    XCTAssertLessThanOrEqual(abs(scored.scaleErrorPercent), 1)
    XCTAssertGreaterThanOrEqual(scored.tracked, 0.65, "normal from about 3 s of 10")

    // Normal only once the IMU has given the scale, as ARKit's initialising.
    let events = try AcceptanceWorkspace.events(try workspace.replay(walk, ["--no-depth"]))
    let frames = events.filter { $0.event["type"] as? String == "frame" }
    let normal = frames.filter { $0.event["trackingState"] as? String == "normal" }
    XCTAssertFalse(normal.isEmpty)
    for frame in normal {
      XCTAssertFalse(frame.line.contains(#""scaleKnown":false"#), frame.line)
    }
    XCTAssertTrue(
      frames.contains { $0.line.contains(#""scaleKnown":false"#) },
      "the frames before the scale was known say so")
    for frame in frames where frame.line.contains(#""scaleKnown":false"#) {
      XCTAssertTrue(
        frame.line.contains(#""scaleUnknownBecause":"collectingMotion""#), "and why: \(frame.line)")
    }
  }

  /// The same walk with `--tracking monocular`: the IMU's scale is left out,
  /// so only a similarity can align it. This build measures Sim(3) ATE
  /// 0.38 cm with 90% of frames normal (the first second initialises).
  func testSyntheticWalkColourOnlyIsTrackedUpToScale() throws {
    let walk = try workspace.synthesize(["--motion", "walk", "--frames", "300"], name: "walk")
    let report = try workspace.evaluate(
      walk, ["--no-depth", "--tracking", "monocular", "--align", "sim3"])
    print(
      "acceptance: walk, colour only: Sim(3) ATE \(try AcceptanceWorkspace.ate(report) * 100) cm")
    XCTAssertLessThanOrEqual(try AcceptanceWorkspace.ate(report), 0.01)
    XCTAssertGreaterThanOrEqual(try AcceptanceWorkspace.trackedFraction(report), 0.85)

    let replay = try workspace.run(["replay", walk, "--no-depth", "--tracking", "monocular"])
    XCTAssertEqual(replay.status, 0, replay.stderr)
    XCTAssertTrue(replay.stderr.contains("Scale: unknown in"), replay.stderr)
    XCTAssertTrue(
      replay.stderr.contains("Last, because there is no IMU to give it (monocular)."),
      replay.stderr)
  }

  /// A camera that only turns shows no depth: tracking without depth stays
  /// initialising and reports no pose, never a made-up motion or scale, nor
  /// an anchor; the coaching asks the person to move the camera sideways.
  func testACameraThatOnlyTurnsStaysInitialising() throws {
    let pan = try workspace.synthesize(
      ["--motion", "pan", "--frames", "90", "--no-depth"], name: "pan")
    let events = try AcceptanceWorkspace.events(try workspace.replay(pan))
    let states = Set(
      events.compactMap { $0.event["type"] as? String == "frame" ? $0.line : nil }.map {
        $0.contains(#""trackingState":"limited(initializing)""#)
      })
    XCTAssertEqual(states, [true], "every frame initialising")
    let summary = try XCTUnwrap(events.last?.line)
    XCTAssertTrue(summary.contains(#""framesWithMeasuredPose":0"#), summary)
    // No anchor of any kind: no plane from no points, and no picture placed
    // in a world the camera was never placed in (its pose would be a guess).
    let anchors = events.filter { $0.event["type"] as? String == "anchorAdded" }.map(\.line)
    XCTAssertEqual(anchors, [])
    let coaching = events.filter { $0.event["type"] as? String == "coaching" }.map(\.line)
    XCTAssertTrue(
      coaching.contains { $0.contains(#""key":"moveSideways""#) }, coaching.joined(separator: "\n"))
  }

  /// Fast motion (seed 1), colour only (no IMU): tracking is lost in the
  /// fast part. The keyframes it made hold the points it triangulated, so
  /// relocalization finds the camera again in the old map, in its unit,
  /// and the whole trajectory agrees with one Sim(3) alignment (this build:
  /// 0.76 cm, 78% of frames tracked; before, each loss started a map in a
  /// unit of its own: 17.1 cm, 67%).
  func testColourOnlyAfterALossTheCameraIsFoundAgainInTheOldMap() throws {
    let fast = try workspace.synthesize(
      ["--scenario", "fast", "--frames", "300", "--seed", "1"], name: "fast-1")
    let arguments = ["--no-depth", "--tracking", "monocular"]
    let report = try workspace.evaluate(fast, arguments + ["--align", "sim3"])
    print(
      "acceptance: fast-1, colour only: Sim(3) ATE \(try AcceptanceWorkspace.ate(report) * 100) cm,"
        + " tracked \(try AcceptanceWorkspace.trackedFraction(report))")
    XCTAssertLessThanOrEqual(try AcceptanceWorkspace.ate(report), 0.01)
    XCTAssertGreaterThanOrEqual(try AcceptanceWorkspace.trackedFraction(report), 0.75)

    let replay = try workspace.run(["replay", fast] + arguments)
    XCTAssertEqual(replay.status, 0, replay.stderr)
    XCTAssertTrue(
      replay.stderr.contains("Relocalized 1 time(s) in the same world; started over 0 time(s)."),
      replay.stderr)
  }

  /// 7-Scenes kitchen, colour only (`--no-depth`, no IMU: monocular). The
  /// issue asks Sim(3) ATE <= 4 cm and >= 95% of frames tracked after
  /// initialisation; this build measures 11.6 cm with 90.0% of all frames
  /// tracked (87.8% before relocalization without depth; initialised at
  /// 1.2 s, lost in the last second's fast motion; monocular scale drifts,
  /// and nothing closes the loop). Guards: 13 cm, 85%.
  func testSevenScenesKitchenColourOnlyRegressionGuardWhileTheTargetIsNotMet() throws {
    let kitchen = try SharedDataset.folder("7scenes-kitchen-dev")
    let report = try workspace.evaluate(kitchen.path, ["--no-depth", "--align", "sim3"])
    print(
      "acceptance: 7scenes-kitchen-dev colour only: Sim(3) ATE \(try AcceptanceWorkspace.ate(report) * 100) cm,"
        + " tracked \(try AcceptanceWorkspace.trackedFraction(report))")
    XCTAssertLessThanOrEqual(
      try AcceptanceWorkspace.ate(report), 0.13, "regression guard; the target is 0.04")
    XCTAssertGreaterThanOrEqual(try AcceptanceWorkspace.trackedFraction(report), 0.85)
  }

  /// EuRoC V1_01's 4.7 s piece: the vehicle stands still. Tracking without
  /// depth never starts, so it invents no motion, and the coaching asks for
  /// the motion it needs.
  func testEuRoCAtRestInventsNoMotion() throws {
    let euroc = try SharedDataset.folder("euroc-v1-01-micro")
    let replay = try workspace.run(["replay", euroc.path])
    XCTAssertEqual(replay.status, 0, replay.stderr)
    XCTAssertTrue(replay.stderr.contains("a measured pose in 0"), replay.stderr)
    XCTAssertTrue(
      replay.stderr.contains("moveSideways: Try moving your phone from side to side."),
      replay.stderr)
  }

  /// Fast motion (seed 1) with an IMU and no depth: tracking is lost in
  /// the fast part and a new map is made from two views. That map has a
  /// unit of its own, and must get its own metric scale from its own
  /// keyframes: each stretch of normal tracking, aligned on its own, is
  /// within 1 cm of the truth (this build: 0.11 and 0.19 cm; before, the
  /// new map kept the old one's scale, 2.4 times off, 11.6 cm).
  func testAfterALossTheNewMapGetsItsOwnMetricScale() throws {
    let fast = try workspace.synthesize(
      ["--scenario", "fast", "--frames", "300", "--seed", "1"], name: "fast-1")
    let trajectory = workspace.path("fast-1.tum")
    let events = try AcceptanceWorkspace.events(
      try workspace.replay(fast, ["--no-depth", "--trajectory", trajectory]))
    let normal = Set(
      events.compactMap { entry -> Double? in
        entry.event["type"] as? String == "frame"
          && entry.event["trackingState"] as? String == "normal"
          ? entry.event["timestamp"] as? Double : nil
      }.map { ($0 * 1000).rounded() })
    let estimate = try TUMTrajectory.read(URL(fileURLWithPath: trajectory))
    let truth = try TUMTrajectory.read(URL(fileURLWithPath: fast + "/groundtruth.txt"))
    let stretches = Self.stretches(of: estimate) {
      normal.contains(($0.timestamp * 1000).rounded())
    }
    .filter { $0.count >= 10 }
    XCTAssertGreaterThanOrEqual(stretches.count, 2, "tracked, lost, tracked again in a new map")
    for stretch in stretches {
      let evaluation = try TrajectoryEvaluation(
        estimate: stretch, groundTruth: truth, frameTimestamps: stretch.map(\.timestamp))
      print(
        "acceptance: fast-1 without depth, normal from \(stretch[0].timestamp) s:"
          + " \(stretch.count) poses, SE(3) ATE \(evaluation.ate.rmse * 100) cm")
      XCTAssertLessThanOrEqual(
        evaluation.ate.rmse, 0.01, "the stretch from \(stretch[0].timestamp) s")
    }
  }

  /// ARKitScenes part 1 with an IMU made up from ARKit's smoothed poses
  /// (`dataset imu-from-groundtruth`, 10 Hz poses): the gyroscope's
  /// rotations miss the camera's by 0.2-0.6 degrees per keyframe pair
  /// (0.03-0.05 on synthetic data), and the scale they gave was 24% wrong
  /// (74 times, before the scale was taken about the map's first camera).
  /// Such an IMU gives no scale: never a made-up one, and no frame is
  /// normal without it (nor one whose slice of the IMU is empty).
  func testAnIMUThatDisagreesWithTheCameraGivesNoMadeUpScale() throws {
    let arkit = try SharedDataset.folder("arkitscenes-40777060-part1")
    let withIMU = workspace.path("arkitscenes-imu")
    let made = try workspace.run([
      "dataset", "imu-from-groundtruth", arkit.path, "--world-up", "0,0,1", "--out", withIMU,
    ])
    XCTAssertEqual(made.status, 0, made.stderr)
    // The default tracking (auto): visual-inertial, as the IMU is there.
    let replay = try workspace.run(["replay", withIMU, "--no-depth"])
    XCTAssertEqual(replay.status, 0, replay.stderr)
    XCTAssertTrue(replay.stderr.contains("Tracking: normal in 0 of"), replay.stderr)
    XCTAssertTrue(replay.stderr.contains("Scale: unknown in"), replay.stderr)
    XCTAssertTrue(
      replay.stderr.contains("Last, because the IMU's motion and the camera's disagreed"),
      replay.stderr)
  }

  // MARK: Helpers

  /// The runs of consecutive poses that satisfy belongs.
  private static func stretches(
    of poses: [TimedPose], where belongs: (TimedPose) -> Bool
  ) -> [[TimedPose]] {
    var runs: [[TimedPose]] = [[]]
    for pose in poses {
      if belongs(pose) {
        runs[runs.count - 1].append(pose)
      } else if !runs[runs.count - 1].isEmpty {
        runs.append([])
      }
    }
    return runs.filter { !$0.isEmpty }
  }
}
