import Foundation
import TestSupport
import XCTest

/// Issue 4's targets, measured the way a user would: synthesise or open a
/// sequence, `arscene replay --trajectory --events`, `arscene eval`. These
/// replays are long, so they run the release build (ARSCENE_RELEASE_BIN, set
/// by Tools/test) and print what they measured.
final class TrackingAcceptanceTests: XCTestCase {
  private var workspace: AcceptanceWorkspace!
  private var directory: URL { workspace.directory }
  private var arscene: URL { workspace.arscene }

  override func setUpWithError() throws {
    workspace = try AcceptanceWorkspace()
  }

  override func tearDownWithError() throws {
    workspace?.remove()
  }

  /// Synthetic handheld walk, 30 s: ATE <= 0.5 cm, and every frame after
  /// initialisation is `normal`.
  func testThirtySecondWalkIsTrackedWithinHalfACentimetre() throws {
    let sequence = try synthesize(
      ["--scene", "room", "--frames", "900", "--seed", "1"], name: "walk")
    let replay = try replay(sequence)
    let report = try evaluate(sequence, trajectory: replay.trajectory)
    print("acceptance: 30 s walk ATE \(report.ateRMSE * 100) cm, tracked \(report.trackedFraction)")
    XCTAssertLessThanOrEqual(report.ateRMSE, 0.005)
    // The trajectory starts once tracking is normal (0.3 s of settling
    // gravity with the IMU), then has every frame.
    XCTAssertGreaterThanOrEqual(report.trackedFraction, 0.98)

    // World +Y is up: the engine's up and the truth's, seen from the camera,
    // agree to the accelerometer's bias (a first-frame reading alone was
    // 4.7 degrees off on this walk).
    let estimate = try Self.orientations(replay.trajectory)
    let truth = try Self.orientations(sequence + "/groundtruth.txt")
    var angles: [Double] = []
    for (time, rotation) in estimate {
      guard let reference = truth[time] else { continue }
      let up = Self.upInCamera(rotation)
      let trueUp = Self.upInCamera(reference)
      angles.append(acos(min(1, (up * trueUp).sum())) * 180 / .pi)
    }
    XCTAssertGreaterThan(angles.count, 800)
    let worst = angles.max() ?? .infinity
    print("acceptance: 30 s walk world-up error max \(worst) degrees")
    XCTAssertLessThanOrEqual(worst, 1.0)

    let states = replay.states
    let firstNormal = try XCTUnwrap(states.firstIndex { $0.state == "normal" })
    XCTAssertEqual(states.first?.reason, "initializing")
    XCTAssertEqual(
      states.count, firstNormal + 1,
      "no state change after tracking became normal: \(states.dropFirst(firstNormal))")
    XCTAssertLessThan(
      states[firstNormal].t, 0.7, "initialised once gravity settled (0.3 s) and the state confirmed"
    )
  }

  /// Synthetic dark, fast and textureless: the right limited reason within
  /// 0.5 s of the annotated onset, `normal` again within 1 s of its end, and
  /// no pose jump over 5 cm from frame to frame anywhere but where a
  /// `relocalized` event announces the correction (the camera moved while
  /// it could not be tracked; it is found again in the same world).
  func testScenarioConditionsGiveTheRightReasonInTimeWithoutJumps() throws {
    for (scenario, condition, reason) in [
      ("dark", "tooDark", "insufficientLight"), ("fast", "excessiveMotion", "excessiveMotion"),
      ("textureless", "insufficientFeatures", "insufficientFeatures"),
    ] {
      let sequence = try synthesize(
        ["--scenario", scenario, "--frames", "300", "--seed", "3"], name: scenario)
      let range = try annotatedRange(of: condition, in: sequence)
      let replay = try replay(sequence)
      let states = replay.states

      let onset = try XCTUnwrap(
        states.first { $0.reason == reason && $0.t >= range.from - 0.5 },
        "\(scenario): never \(reason); states \(states)")
      let recovered = try XCTUnwrap(
        states.first { $0.state == "normal" && $0.t > onset.t },
        "\(scenario): never normal again after \(reason); states \(states)")
      let jump = replay.largestPoseStep
      print(
        "acceptance: \(scenario) annotated \(range.from)...\(range.to) s; \(reason) from \(onset.t) s,"
          + " normal again at \(recovered.t) s; largest step \(jump * 100) cm;"
          + " \(states.count) state changes")
      XCTAssertLessThanOrEqual(abs(onset.t - range.from), 0.5, "\(scenario): \(reason) in time")
      XCTAssertLessThanOrEqual(
        recovered.t, range.to + 1.0, "\(scenario): normal within 1 s of the end")
      XCTAssertGreaterThanOrEqual(
        recovered.t, range.to - 0.5, "\(scenario): not normal while it lasts")
      XCTAssertLessThanOrEqual(jump, 0.05, "\(scenario): no pose jump over 5 cm")
    }
  }

  /// 7scenes-kitchen-dev, 600 real Kinect frames: >= 99% of frames with a
  /// pose (issue 15's target, met) and no jump. ATE is only guarded: issue 4
  /// asks for <= 3 cm and issue 15 for <= 2.0 cm; with the keyframe window's
  /// bundle adjustment this build measures 3.06 cm (3.06-3.45 over six
  /// RANSAC seeds; 3.94 before it), so the guard holds 3.5 cm.
  func testSevenScenesKitchenRegressionGuardWhileTheATETargetsAreNotMet() throws {
    let (replay, report) = try replayShared("7scenes-kitchen-dev")
    XCTAssertGreaterThanOrEqual(report.trackedFraction, 0.99)
    XCTAssertLessThanOrEqual(report.ateRMSE, 0.035, "regression guard; the target is 0.020")
    XCTAssertLessThanOrEqual(replay.largestPoseStep, 0.05, "no pose jump over 5 cm")
  }

  /// ARKitScenes 40777060, first 330 frames: an iPad Pro's 256x192 colour
  /// and LiDAR depth at 10 Hz, scored against ARKit's own trajectory (issue
  /// 47: <= 5 cm). The synthetic sequences never caught the 3x regression
  /// the keyframe window's bundle adjustment made here (4.71 -> 8.05 cm):
  /// it weighed the LiDAR's depth as a Kinect's, and the LiDAR's readings
  /// of one point disagree three times as much between views. The reader
  /// now states the sensor's noise and the replay takes it: 4.16 cm.
  func testARKitScenesIPadLiDARIsTrackedWithinFiveCentimetresOfARKit() throws {
    let (_, report) = try replayShared("arkitscenes-40777060-part1")
    XCTAssertLessThanOrEqual(report.ateRMSE, 0.05, "issue 47's target against ARKit's poses")
    XCTAssertGreaterThanOrEqual(report.trackedFraction, 0.97)
  }

  /// The kitchen with loop closure, scored as reported live and as the
  /// final map places the same frames (eval's "refined", replay
  /// --refined-trajectory). Issue 15's 2.0 cm is met by neither: this build
  /// measures 3.31 cm live (the reported camera eases into each corrected
  /// world over frames; 3.23 cm when it took each correction at once) and
  /// 2.55 cm refined (2.53-2.86 over six jitters of the principal point), so
  /// the guard holds 2.9 cm for the refined trajectory, which must be the
  /// better of the two: the loop closures' corrections reach back to the
  /// frames reported before them.
  func testSevenScenesKitchenRefinedTrajectoryRegressionGuardWhileTheTargetIsNotMet() throws {
    let folder = try SharedDataset.folder("7scenes-kitchen-dev")
    let result = try CommandRunner.run(
      ["eval", folder.path, "--loop-closure", "--json", "--quiet"], executable: arscene)
    XCTAssertEqual(result.status, 0, result.stderr)
    let report = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], result.stdout)
    let live = try XCTUnwrap((report["ate"] as? [String: Any])?["rmse"] as? Double)
    let refined = try XCTUnwrap(
      ((report["refined"] as? [String: Any])?["ate"] as? [String: Any])?["rmse"] as? Double,
      result.stdout)
    print(
      "acceptance: 7scenes-kitchen-dev with loop closure: ATE \(live * 100) cm live,"
        + " \(refined * 100) cm refined by the final map")
    XCTAssertLessThanOrEqual(refined, 0.029, "regression guard; the target is 0.020")
    XCTAssertLessThan(refined, live)
  }

  // MARK: Helpers

  private struct StateChange: CustomStringConvertible {
    var t: Double
    var state: String
    var reason: String?
    var description: String { "\(t): \(state)\(reason.map { "(\($0))" } ?? "")" }
  }

  private struct ReplayOutput {
    var trajectory: String
    var states: [StateChange]
    /// The largest distance the camera moved between consecutive frames.
    var largestPoseStep: Double
  }

  private struct Evaluation {
    var ateRMSE: Double
    var trackedFraction: Double
  }

  /// World-from-camera rotations of a TUM file by timestamp (6 decimals).
  private static func orientations(_ path: String) throws -> [String: SIMD4<Double>] {
    var result: [String: SIMD4<Double>] = [:]
    for line in try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
    where !line.hasPrefix("#") {
      let fields = line.split(separator: " ").compactMap { Double($0) }
      guard fields.count == 8 else { continue }
      result[String(format: "%.4f", fields[0])] = SIMD4(fields[4], fields[5], fields[6], fields[7])
    }
    return result
  }

  /// World +Y in the camera's axes for a world-from-camera quaternion (x, y,
  /// z, w): the second row of its rotation matrix.
  private static func upInCamera(_ q: SIMD4<Double>) -> SIMD3<Double> {
    let (x, y, z, w) = (q.x, q.y, q.z, q.w)
    return SIMD3(2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x))
  }

  private func synthesize(_ arguments: [String], name: String) throws -> String {
    try workspace.synthesize(arguments, name: name)
  }

  private func replay(_ sequence: String) throws -> ReplayOutput {
    let stem = directory.appendingPathComponent(URL(fileURLWithPath: sequence).lastPathComponent)
      .path
    let trajectory = stem + "-estimate.txt"
    let events = stem + "-events.jsonl"
    let result = try CommandRunner.run(
      [
        "replay", sequence, "--trajectory", trajectory, "--events", events, "--no-timings",
        "--quiet",
      ],
      executable: arscene)
    XCTAssertEqual(result.status, 0, result.stderr)

    var states: [StateChange] = []
    var positions: [(position: SIMD3<Double>, relocalized: Bool)] = []
    var relocalized = false
    for line in try String(contentsOfFile: events, encoding: .utf8).split(separator: "\n") {
      guard let event = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
        let type = event["type"] as? String, let t = event["t"] as? Double
      else { continue }
      if type == "trackingState", let state = event["state"] as? String {
        states.append(StateChange(t: t, state: state, reason: event["reason"] as? String))
      }
      // A relocalization moves the camera from where it was held to where
      // it is, in the same world, and says so just before its frame: that
      // step is the correction, not a jump.
      if type == "relocalized" { relocalized = true }
      if type == "frame", let matrix = event["worldFromCamera"] as? [Double], matrix.count == 16 {
        positions.append((SIMD3(matrix[12], matrix[13], matrix[14]), relocalized))
        relocalized = false
      }
    }
    let steps = zip(positions, positions.dropFirst()).filter { !$1.relocalized }.map { a, b in
      ((b.position - a.position) * (b.position - a.position)).sum().squareRoot()
    }
    return ReplayOutput(trajectory: trajectory, states: states, largestPoseStep: steps.max() ?? 0)
  }

  /// Replays a dataset of ../shared/datasets (skipping where it is absent)
  /// and scores it against its ground truth, printing the figures.
  private func replayShared(_ name: String) throws -> (ReplayOutput, Evaluation) {
    let folder = try SharedDataset.folder(name)
    let replay = try replay(folder.path)
    let report = try evaluate(folder.path, trajectory: replay.trajectory)
    print("acceptance: \(name) ATE \(report.ateRMSE * 100) cm, tracked \(report.trackedFraction)")
    return (replay, report)
  }

  private func evaluate(_ sequence: String, trajectory: String) throws -> Evaluation {
    let result = try CommandRunner.run(
      ["eval", sequence, "--trajectory", trajectory, "--json"], executable: arscene)
    XCTAssertEqual(result.status, 0, result.stderr)
    let report = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], result.stdout)
    let ate = try XCTUnwrap((report["ate"] as? [String: Any])?["rmse"] as? Double, result.stdout)
    let tracked = try XCTUnwrap(report["trackedFraction"] as? Double, result.stdout)
    return Evaluation(ateRMSE: ate, trackedFraction: tracked)
  }

  private func annotatedRange(
    of condition: String, in sequence: String
  ) throws -> (from: Double, to: Double) {
    let conditions = try AcceptanceWorkspace.annotatedConditions(in: sequence)
    let entry = try XCTUnwrap(
      conditions.first { $0.condition == condition },
      "\(sequence) annotates no \(condition): \(conditions)")
    return (entry.from, entry.to)
  }
}
