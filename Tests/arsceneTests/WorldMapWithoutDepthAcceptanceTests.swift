import Foundation
import TestSupport
import XCTest

/// Issue 48, world maps without depth, as a user would use them: map the
/// synthetic room's 10 s walk (seed 1), then open the map on another walk
/// through the same room (`--path-seed 2`) from colour alone, and score the
/// replay against its ground truth with `arscene eval --trajectory`.
final class WorldMapWithoutDepthAcceptanceTests: XCTestCase {
  private var workspace: AcceptanceWorkspace!

  override func setUpWithError() throws {
    workspace = try AcceptanceWorkspace()
  }

  override func tearDown() {
    workspace?.remove()
  }

  /// A map tracked from one camera without an IMU keeps its own unit: the
  /// file and `map info` say so, a monocular session finds itself in it
  /// (this build: Sim(3) ATE 0.53 cm, 98% of frames normal), every pose it
  /// reports says its scale is unknown, and a session with depth, or known
  /// poses in metres, are refused rather than mixed with it.
  func testAMonocularMapIsSavedInItsOwnUnitAndOpenedOnlyByMonocularTracking() throws {
    let (mapped, walk) = try walks()
    let map = workspace.path("monocular.arscenemap")
    let built = try workspace.run([
      "map", "build", mapped, "--no-depth", "--tracking", "monocular", "--out", map, "--quiet",
    ])
    XCTAssertEqual(built.status, 0, built.stderr)
    let info = try workspace.run(["map", "info", map])
    XCTAssertEqual(info.status, 0, info.stderr)
    XCTAssertTrue(info.stdout.contains("format version 2"), info.stdout)
    XCTAssertTrue(
      info.stdout.contains("Tracking: monocular; positions in a unit of the map's own"),
      info.stdout)
    XCTAssertTrue(info.stdout.contains(" map units"), info.stdout)

    let (events, trajectory) = try replayMonocular(walk, in: map)
    let frames = events.filter { $0.event["type"] as? String == "frame" }
    let measured = frames.filter { $0.line.contains(#""poseMeasured":true"#) }
    XCTAssertGreaterThan(measured.count, 250)
    for frame in measured {
      XCTAssertTrue(frame.line.contains(#""scaleKnown":false"#), frame.line)
    }
    try hold(trajectory, of: walk, align: "sim3", toATE: 0.01, "monocular map, monocular walk")

    let withDepth = try workspace.run(["replay", walk, "--world-map", map, "--quiet"])
    XCTAssertNotEqual(withDepth.status, 0)
    XCTAssertTrue(withDepth.stderr.contains("unit of its own"), withDepth.stderr)
    XCTAssertTrue(withDepth.stderr.contains("this frame has depth"), withDepth.stderr)
    let visualInertial = try workspace.run([
      "replay", walk, "--no-depth", "--tracking", "visual-inertial", "--world-map", map, "--quiet",
    ])
    XCTAssertNotEqual(visualInertial.status, 0)
    XCTAssertTrue(visualInertial.stderr.contains("unit of its own"), visualInertial.stderr)
    let placed = try workspace.run([
      "map", "build", mapped, "--no-depth", "--tracking", "monocular", "--poses", "groundtruth",
      "--out", workspace.path("placed.arscenemap"), "--quiet",
    ])
    XCTAssertNotEqual(placed.status, 0)
    XCTAssertTrue(placed.stderr.contains("unit of its own"), placed.stderr)
  }

  /// A map made with depth is in metres, and so is a monocular camera that
  /// finds itself in it: SE(3) alignment, no scale fitted. This build:
  /// 3.4 cm with a scale 4.8% short by the end (seeds 2 and 3: 0.5 and
  /// 1.3 cm), as the monocular map that grows past the old one's points
  /// drifts in scale.
  func testAMonocularCameraInAMapMadeWithDepthTracksInMetres() throws {
    let (mapped, walk) = try walks()
    let map = workspace.path("depth.arscenemap")
    let built = try workspace.run(["map", "build", mapped, "--out", map, "--quiet"])
    XCTAssertEqual(built.status, 0, built.stderr)
    let (events, trajectory) = try replayMonocular(walk, in: map)
    XCTAssertFalse(events.contains { $0.line.contains(#""scaleKnown":false"#) })
    try hold(trajectory, of: walk, align: "se3", toATE: 0.05, "depth map, monocular walk")
  }

  /// Visual-inertial tracking keeps keyframes once the IMU has given
  /// metres, rescaled with its map as the IMU refines them: the map is in
  /// metres. Its keyframes, read by the format document's own reader, are
  /// within 1 cm of ground truth with no scale fitted and within 2% in
  /// scale (this build: 0.69 cm, 0.9%). Sessions with an IMU and with depth
  /// find themselves in it; the visual-inertial one is normal from its
  /// first frames on, as the map's scale is known (0.38 cm, 98% normal,
  /// where the same walk without the map is 0.37 cm with 69% normal).
  func testAVisualInertialMapIsInMetresAndOpenedWithAnIMUOrWithDepth() throws {
    let (mapped, walk) = try walks()
    let map = workspace.path("visual-inertial.arscenemap")
    let built = try workspace.run(["map", "build", mapped, "--no-depth", "--out", map, "--quiet"])
    XCTAssertEqual(built.status, 0, built.stderr)
    let info = try workspace.run(["map", "info", map])
    XCTAssertTrue(
      info.stdout.contains("Tracking: visual-inertial; positions in metres."), info.stdout)

    let keyframes = workspace.path("keyframes.txt")
    let reader = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("WorldMapFormat/read_world_map.py").path
    let read = try CommandRunner.python([reader, map, keyframes])
    XCTAssertEqual(read.status, 0, read.stderr)
    let scored = try workspace.evaluateInMetres(mapped, ["--trajectory", keyframes])
    print(
      "acceptance: visual-inertial map's keyframes: SE(3) ATE \(scored.ate * 100) cm,"
        + " scale error \(scored.scaleErrorPercent)%")
    XCTAssertLessThanOrEqual(scored.ate, 0.01)
    XCTAssertLessThanOrEqual(abs(scored.scaleErrorPercent), 2)

    let trajectory = workspace.path("visual-inertial-in-map.txt")
    let events = try AcceptanceWorkspace.events(
      try workspace.replay(walk, ["--no-depth", "--world-map", map, "--trajectory", trajectory]))
    XCTAssertTrue(events.contains { $0.event["type"] as? String == "relocalized" })
    try hold(trajectory, of: walk, align: "se3", toATE: 0.01, "visual-inertial map, with an IMU")
    let withDepth = try AcceptanceWorkspace.events(
      try workspace.replay(walk, ["--world-map", map]))
    XCTAssertTrue(withDepth.contains { $0.event["type"] as? String == "relocalized" })
  }

  /// Scores a replay's trajectory with `eval` and holds it to an ATE bound
  /// (metres) with at least 90% of the frames normal.
  private func hold(
    _ trajectory: String, of walk: String, align: String, toATE bound: Double, _ label: String
  ) throws {
    let report = try workspace.evaluate(walk, ["--trajectory", trajectory, "--align", align])
    let ate = try AcceptanceWorkspace.ate(report)
    let tracked = try AcceptanceWorkspace.trackedFraction(report)
    print("acceptance: \(label): \(align) ATE \(ate * 100) cm, tracked \(tracked)")
    XCTAssertLessThanOrEqual(ate, bound)
    XCTAssertGreaterThanOrEqual(tracked, 0.9)
  }

  /// The walk that is mapped, and another one through the same room.
  private func walks() throws -> (mapped: String, walk: String) {
    let mapped = try workspace.synthesize(["--motion", "walk", "--frames", "300"], name: "walk")
    let walk = try workspace.synthesize(
      ["--motion", "walk", "--frames", "300", "--path-seed", "2"], name: "other-walk")
    return (mapped, walk)
  }

  /// `replay WALK --no-depth --tracking monocular --world-map MAP`: its
  /// events, and the trajectory it wrote.
  private func replayMonocular(_ walk: String, in map: String) throws -> (
    events: [(line: String, event: [String: Any])], trajectory: String
  ) {
    let trajectory = map + "-trajectory.txt"
    let events = try workspace.replay(
      walk,
      ["--no-depth", "--tracking", "monocular", "--world-map", map, "--trajectory", trajectory])
    return (try AcceptanceWorkspace.events(events), trajectory)
  }
}
