import Foundation
import TestSupport
import XCTest

/// A camera that moves too far between frames for optical flow (a low frame
/// rate, dropped frames, a quick turn) is found again by relocalization in
/// the keyframes its map made while initialising, where each loss used to
/// start a new map at the held pose because keyframes joined the map only
/// once tracking was normal, which such a camera never reached. Measured on
/// the 7-Scenes kitchen keeping every 10th or 20th frame: the image moves 10
/// or 20 times as far between frames as at 30 Hz.
final class WideBaselineTrackingTests: XCTestCase {
  private var workspace: AcceptanceWorkspace!

  override func setUpWithError() throws {
    workspace = try AcceptanceWorkspace()
  }

  override func tearDownWithError() throws {
    workspace?.remove()
  }

  /// Every `step`th frame of the kitchen as a 7-Scenes folder of links.
  private func kitchen(every step: Int) throws -> String {
    try kitchen(frames: Array(stride(from: 0, to: 600, by: step)), name: "kitchen-every-\(step)")
  }

  /// The kitchen's `frames` as a 7-Scenes folder of links, renumbered from 0
  /// (7-Scenes frames are 1/30 s apart by their number).
  private func kitchen(frames: [Int], name: String) throws -> String {
    let source = try SharedDataset.folder("7scenes-kitchen-dev")
    let folder = workspace.directory.appendingPathComponent(name)
    let files = FileManager.default
    try files.createDirectory(at: folder, withIntermediateDirectories: true)
    for name in ["camera-intrinsics.txt", "gravity-direction.txt"] {
      try files.createSymbolicLink(
        at: folder.appendingPathComponent(name),
        withDestinationURL: source.appendingPathComponent(name))
    }
    for (index, frame) in frames.enumerated() {
      for suffix in ["color.jpg", "depth.png", "pose.txt"] {
        try files.createSymbolicLink(
          at: folder.appendingPathComponent(String(format: "frame-%06d.\(suffix)", index)),
          withDestinationURL: source.appendingPathComponent(
            String(format: "frame-%06d.\(suffix)", frame)))
      }
    }
    return folder.path
  }

  /// Frames with a measured pose, from the replay's summary (on stderr).
  private func framesWithMeasuredPose(_ sequence: String, _ arguments: [String] = []) throws -> Int
  {
    let result = try workspace.run(["replay", sequence, "--no-timings"] + arguments)
    XCTAssertEqual(result.status, 0, result.stderr)
    let line = try XCTUnwrap(
      result.stderr.split(separator: "\n").first { $0.hasPrefix("Tracking:") }, result.stderr)
    let count = try XCTUnwrap(
      line.components(separatedBy: "a measured pose in ").last?.split(separator: ",").first)
    return try XCTUnwrap(Int(count), String(line))
  }

  /// `arscene eval SEQUENCE --json`: ATE RMSE in metres and the poses scored.
  private func evaluate(_ sequence: String) throws -> (ate: Double, poses: Int) {
    let result = try workspace.run(["eval", sequence, "--json", "--quiet"])
    XCTAssertEqual(result.status, 0, result.stderr)
    let report = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], result.stdout)
    let ate = try XCTUnwrap((report["ate"] as? [String: Any])?["rmse"] as? Double, result.stdout)
    return (ate, try XCTUnwrap(report["associatedPoses"] as? Int, result.stdout))
  }

  /// The kitchen at every `step`th frame: at least `measured` frames with a
  /// measured pose, and ATE within 5 cm over at least `poses` of them.
  private func assertKitchen(
    every step: Int, measuredAtLeast measured: Int, posesAtLeast poses: Int,
    file: StaticString = #filePath, line: UInt = #line
  ) throws {
    let sequence = try kitchen(every: step)
    let found = try framesWithMeasuredPose(sequence)
    let (ate, scored) = try evaluate(sequence)
    print(
      "acceptance: kitchen every \(step)th frame: \(found) of \(600 / step) measured,"
        + " ATE \(ate * 100) cm over \(scored) poses")
    XCTAssertGreaterThanOrEqual(found, measured, file: file, line: line)
    XCTAssertGreaterThanOrEqual(scored, poses, file: file, line: line)
    XCTAssertLessThanOrEqual(ate, 0.05, file: file, line: line)
  }

  /// Every 10th frame (60 frames): this build measures a pose in all 60
  /// (7 before) and 3.78 cm ATE over the 55 from the first normal frame;
  /// before, eval had too few poses to score.
  func testTheKitchenAtEveryTenthFrameKeepsItsPose() throws {
    try assertKitchen(every: 10, measuredAtLeast: 57, posesAtLeast: 50)
  }

  /// Every 20th frame (30 frames, 0.67 s of real motion apart): 26 of 30
  /// measured here (3 before), 2.74 cm ATE over 19 poses.
  func testTheKitchenAtEveryTwentiethFrameIsMostlyFound() throws {
    try assertKitchen(every: 20, measuredAtLeast: 24, posesAtLeast: 15)
  }

  /// A map of one keyframe (the first frame's, made while initialising) is
  /// saved and found again: place recognition's idf gives a word in every
  /// keyframe no weight, so a single keyframe used to be no candidate at all.
  func testAMapOfTheFirstFrameAloneFindsTheNextFrames() throws {
    let kitchen = try SharedDataset.folder("7scenes-kitchen-dev").path
    let map = workspace.path("first-frame.arscenemap")
    let built = try workspace.run(["map", "build", kitchen, "--max-frames", "1", "--out", map])
    XCTAssertEqual(built.status, 0, built.stderr)
    let info = try workspace.run(["map", "info", map])
    XCTAssertTrue(info.stdout.contains("Keyframes: 1;"), info.stdout)
    let report = workspace.path("first-frame.json")
    let found = try workspace.run([
      "relocalize", kitchen, "--map", map, "--max-frames", "10", "--json", report, "--no-timings",
      "--quiet",
    ])
    XCTAssertEqual(found.status, 0, found.stderr)
    let json = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: report)))
        as? [String: Any])
    XCTAssertEqual(json["found"] as? Int, 10, "\(json["per_frame"] ?? "")")
  }

  /// Lost before world up is known (so with no keyframe to be found in), a
  /// camera that now faces a less detailed view starts a new map once the
  /// view holds still: the kitchen's frames 0-3, then 400-599 at once, with
  /// its stated gravity ignored. Sharpness falls from about 300 to 50, and
  /// the blur reference used to stay the lost scene's, so every later frame
  /// read as blurred and tracking never resumed (a measured pose in 4 of 204
  /// frames); this build measures 124.
  func testALostCameraFacingALessDetailedViewTracksAgain() throws {
    let sequence = try kitchen(frames: Array(0...3) + Array(400...599), name: "kitchen-jump")
    let measured = try framesWithMeasuredPose(sequence, ["--ignore-stated-gravity"])
    print("acceptance: kitchen jump 3 -> 400 without gravity: \(measured) of 204 measured")
    XCTAssertGreaterThanOrEqual(measured, 100)
  }

  /// A synthetic walk without an IMU keeping every 20th frame (0.67 s
  /// apart): world up is judged from the planes of frames with a measured
  /// pose, which such a camera gets only by relocalization, so keyframes
  /// join while up is undecided and turn with the world once it is decided.
  /// Before, up stayed undecided and no frame after the first was tracked;
  /// this build measures all 15, up judged at 3.33 s, ATE 0.17 cm.
  func testUpWithoutAnIMUIsJudgedOnFramesFoundByRelocalization() throws {
    let walk = try workspace.synthesize(["--frames", "300", "--no-imu"], name: "walk")
    for list in ["rgb.txt", "depth.txt"] {
      let path = walk + "/" + list
      let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
      let frames = lines.filter { !$0.hasPrefix("#") }
      let kept =
        lines.filter { $0.hasPrefix("#") }
        + stride(from: 0, to: frames.count, by: 20).map { frames[$0] }
      try (kept.joined(separator: "\n") + "\n").write(
        toFile: path, atomically: true, encoding: .utf8)
    }
    let result = try workspace.run(["replay", walk, "--no-timings"])
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertTrue(result.stderr.contains("a measured pose in 15,"), result.stderr)
    XCTAssertTrue(result.stderr.contains("World up: judged from the planes in view"), result.stderr)
    let (ate, poses) = try evaluate(walk)
    print(
      "acceptance: synthetic walk every 20th frame without IMU: ATE \(ate * 100) cm, \(poses) poses"
    )
    XCTAssertGreaterThanOrEqual(poses, 8)
    XCTAssertLessThanOrEqual(ate, 0.005)
  }

  /// A camera lost in a world never tracked normally starts over at the
  /// held pose rather than wait for a view of its first frames: the kitchen's
  /// frames 0-3, then 100-197, which the first frame's keyframe cannot find
  /// (no plane or anchor is published before normal tracking, so nothing is
  /// lost by starting over). Once keyframes joined while initialising, it
  /// waited for good (a measured pose in 4 of 102 frames); this build
  /// measures 28, normal from frame 82.
  func testALostCameraInAWorldNeverTrackedNormallyStartsOver() throws {
    let sequence = try kitchen(frames: Array(0...3) + Array(100...197), name: "kitchen-early-loss")
    let measured = try framesWithMeasuredPose(sequence)
    print("acceptance: kitchen lost after frame 3: \(measured) of 102 measured")
    XCTAssertGreaterThanOrEqual(measured, 20)
  }
}
