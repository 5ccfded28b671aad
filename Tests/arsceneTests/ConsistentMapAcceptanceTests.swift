import Foundation
import XCTest

/// Issue 15's synthetic 60 s orbit that keeps returning to its start,
/// measured as a user would: `arscene dataset synth`, `replay --trajectory
/// --events`, `eval`. The drift of each lap must not stay: the camera,
/// back where it has been, is tracked against the points first seen there.
/// Runs the release build.
final class ConsistentMapAcceptanceTests: XCTestCase {
  private var workspace: AcceptanceWorkspace!

  override func setUpWithError() throws {
    workspace = try AcceptanceWorkspace()
  }

  override func tearDownWithError() throws {
    workspace?.remove()
  }

  /// ATE <= 0.5 cm over 60 s (3.3 laps of 18 s), with and without loop
  /// closure; the return to a mapped
  /// place is seen (>= 10 points unseen for 5 s found again) no later than
  /// 0.5 s after the camera is back at its starting pose; and a virtual
  /// object on the table, as the camera sees it, never steps more than 5 mm
  /// from one frame to the next relative to where it truly is.
  func testSixtySecondOrbitStaysConsistentAcrossLaps() throws {
    let sequence = try workspace.synthesize(
      ["--motion", "orbit", "--frames", "1800", "--seed", "1"], name: "orbit")
    let trajectory = workspace.path("orbit-estimate.txt")
    let events = try workspace.replay(
      sequence, ["--plane-detection", "none", "--trajectory", trajectory])

    let eval = try workspace.run(["eval", sequence, "--trajectory", trajectory, "--json"])
    XCTAssertEqual(eval.status, 0, eval.stderr)
    let report = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(eval.stdout.utf8)) as? [String: Any])
    let ate = try XCTUnwrap((report["ate"] as? [String: Any])?["rmse"] as? Double)
    print("acceptance: 60 s orbit ATE \(ate * 100) cm")
    XCTAssertLessThanOrEqual(ate, 0.005)

    // The orbit (0.35 rad/s) is back at its starting pose after 2 pi / 0.35 s.
    let lap = 2 * Double.pi / 0.35
    var firstReturn: Double?
    for (_, event) in try AcceptanceWorkspace.events(events)
    where event["type"] as? String == "frame" {
      let tracking = event["tracking"] as? [String: Any]
      if let points = tracking?["revisitedPoints"] as? Int, points >= 10 {
        firstReturn = event["t"] as? Double
        break
      }
    }
    let detected = try XCTUnwrap(firstReturn, "no return to a mapped place seen")
    print("acceptance: 60 s orbit back at its start at \(lap) s, return seen at \(detected) s")
    XCTAssertLessThanOrEqual(detected, lap + 0.5)
    // Not before the camera has turned far enough to see its start again
    // (half a lap: the far side of the table).
    XCTAssertGreaterThan(detected, lap / 2)

    let worstStep = try Self.largestStepOfTheTableAsSeen(
      estimate: trajectory, truth: sequence + "/groundtruth.txt")
    print(
      "acceptance: 60 s orbit largest frame-to-frame step of the table as seen \(worstStep * 1000) mm"
    )
    XCTAssertLessThanOrEqual(worstStep, 0.005)

    try checkLoopClosure(on: sequence, lap: lap)
  }

  /// The same orbit with `--loop-closure` and a chair placed on the table:
  /// the loop is closed once the camera is back (no later than 0.5 s after
  /// its starting pose), ATE stays <= 0.5 cm, the camera never jumps, and
  /// the chair follows the corrected table in steps of at most 5 mm a tick.
  private func checkLoopClosure(on sequence: String, lap: Double) throws {
    let trajectory = workspace.path("orbit-loop-closure-estimate.txt")
    let refinedTrajectory = workspace.path("orbit-loop-closure-refined.txt")
    let events = try workspace.replay(
      sequence,
      [
        "--loop-closure", "--trajectory", trajectory, "--refined-trajectory", refinedTrajectory,
        "--tap", "t=2,x=0.5,y=0.6,object=chair,on=table",
      ])
    func ateRMSE(of estimate: String) throws -> Double {
      let eval = try workspace.run(["eval", sequence, "--trajectory", estimate, "--json"])
      XCTAssertEqual(eval.status, 0, eval.stderr)
      let report = try XCTUnwrap(
        JSONSerialization.jsonObject(with: Data(eval.stdout.utf8)) as? [String: Any])
      return try XCTUnwrap((report["ate"] as? [String: Any])?["rmse"] as? Double)
    }
    let ate = try ateRMSE(of: trajectory)
    // The same frames as the corrected map places them: the corrections
    // reach back to frames reported before them.
    let refinedATE = try ateRMSE(of: refinedTrajectory)

    var corrections: [Double] = []
    var correctedAnchors = 0
    var chair: [(t: Double, position: SIMD3<Double>, cause: String?)] = []
    var camera: [SIMD3<Double>] = []
    for (_, event) in try AcceptanceWorkspace.events(events) {
      let type = event["type"] as? String
      let t = event["t"] as? Double ?? -1
      if type == "mapCorrected" { corrections.append(t) }
      if type == "anchorUpdated", event["cause"] as? String == "mapCorrection" {
        correctedAnchors += 1
      }
      if type == "objectPlaced" || type == "objectMoved",
        let object = event["object"] as? [String: Any],
        let m = object["transform"] as? [Double], m.count == 16
      {
        chair.append((t, SIMD3(m[12], m[13], m[14]), event["cause"] as? String))
      }
      if type == "frame", let m = event["worldFromCamera"] as? [Double], m.count == 16 {
        camera.append(SIMD3(m[12], m[13], m[14]))
      }
    }
    func length(_ v: SIMD3<Double>) -> Double { (v * v).sum().squareRoot() }
    let chairSteps = zip(chair, chair.dropFirst()).map { length($1.position - $0.position) }
    let cameraSteps = zip(camera, camera.dropFirst()).map { length($1 - $0) }
    let first = try XCTUnwrap(corrections.first, "no loop closed")
    print(
      "acceptance: 60 s orbit with loop closure: ATE \(ate * 100) cm (refined by the final map"
        + " \(refinedATE * 100) cm); \(corrections.count)"
        + " corrections, first at \(first) s (back at the start at \(lap) s);"
        + " \(correctedAnchors) anchor updates by them; chair's largest step"
        + " \((chairSteps.max() ?? 0) * 1000) mm, camera's \((cameraSteps.max() ?? 0) * 100) cm")
    XCTAssertLessThanOrEqual(ate, 0.005)
    // Not asserted better than live: on this orbit the two are within a
    // millimetre (0.33 cm refined, 0.35 cm live), while on the 7-Scenes
    // kitchen the refined one is clearly better (TrackingAcceptanceTests).
    XCTAssertLessThanOrEqual(refinedATE, 0.005, "the refined trajectory meets the same target")
    XCTAssertGreaterThan(first, lap / 2)
    XCTAssertLessThanOrEqual(first, lap + 0.5)
    XCTAssertGreaterThan(correctedAnchors, 0, "the table and floor move with the map")
    XCTAssertTrue(chair.contains { $0.cause == "mapCorrection" }, "the chair follows its table")
    XCTAssertLessThanOrEqual(chairSteps.max() ?? 0, 0.005)
    XCTAssertLessThanOrEqual(cameraSteps.max() ?? 0, 0.05, "no camera jump over 5 cm")
    // The reported camera eases into each corrected world
    // (session/correction_easing.h), so what is fixed in the world (the
    // table's centre) never moves in view by a whole correction at once:
    // 3.3 mm at most here, as without loop closure (3.2 mm), where taking
    // the correction in one step moved it by 9.0 mm.
    let worstStepAsSeen = try Self.largestStepOfTheTableAsSeen(
      estimate: trajectory, truth: sequence + "/groundtruth.txt")
    print(
      "acceptance: 60 s orbit with loop closure: largest frame-to-frame step of the table as"
        + " seen \(worstStepAsSeen * 1000) mm")
    XCTAssertLessThanOrEqual(worstStepAsSeen, 0.005, "the table as seen, frame to frame")
  }

  /// The table's centre in the camera, the engine's against the truth's:
  /// the largest change of that error from one frame to the next, metres.
  /// Both worlds hold the first camera: the table is placed in the engine's
  /// world from there.
  private static func largestStepOfTheTableAsSeen(estimate path: String, truth truthPath: String)
    throws -> Double
  {
    let estimate = try TUMPoses(contentsOf: path)
    let truth = try TUMPoses(contentsOf: truthPath)
    let first = try XCTUnwrap(estimate.times.first)
    let tableInFirst = seen(SIMD3(0, 0.75, 0), from: try XCTUnwrap(truth[first]))
    let tableInEngine = placed(tableInFirst, at: try XCTUnwrap(estimate[first]))
    var previous: SIMD3<Double>?
    var worstStep = 0.0
    for time in estimate.times {
      guard let engine = estimate[time], let real = truth[time] else { continue }
      let error = seen(tableInEngine, from: engine) - seen(SIMD3(0, 0.75, 0), from: real)
      if let previous {
        worstStep = max(worstStep, ((error - previous) * (error - previous)).sum().squareRoot())
      }
      previous = error
    }
    return worstStep
  }

  /// A world point in the camera's axes.
  private static func seen(_ point: SIMD3<Double>, from pose: TUMPoses.Pose) -> SIMD3<Double> {
    let identity = (SIMD3<Double>(1, 0, 0), SIMD3<Double>(0, 1, 0), SIMD3<Double>(0, 0, 1))
    return pose.relative(TUMPoses.Pose(rotation: identity, position: point)).position
  }

  /// A camera-axes point in the world.
  private static func placed(_ point: SIMD3<Double>, at pose: TUMPoses.Pose) -> SIMD3<Double> {
    let r = pose.rotation
    return SIMD3((r.0 * point).sum(), (r.1 * point).sum(), (r.2 * point).sum()) + pose.position
  }
}
