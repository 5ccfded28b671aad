import Foundation
import TestSupport
import XCTest

/// Tools/rerun/arscene-rerun: a replay's events and the sequence's images as
/// a Rerun recording, read back with the Rerun SDK's own reader.
final class RerunToolTests: XCTestCase {
  private let tools = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Tools")

  func testAReplayBecomesARecordingWithItsCameraImagesPlanesAndObjects() throws {
    guard try CommandRunner.python(["-c", "import rerun, PIL"]).status == 0 else {
      throw XCTSkip(
        "the rerun-sdk and Pillow packages are not installed (python3 -m pip install rerun-sdk)")
    }
    let folder = try TemporaryFolder.make("arscene-rerun", removedAfter: self)
    let sequence = try CommandRunner.synthesizedRoom(frames: 60, in: folder)
    let events = folder.appendingPathComponent("events.jsonl").path
    let recording = folder.appendingPathComponent("replay.rrd").path
    let mesh = folder.appendingPathComponent("mesh.ply").path
    let replay = try CommandRunner.run([
      "replay", sequence, "--events", events, "--no-timings", "--quiet", "--tap",
      "t=1,x=0.5,y=0.8,object=chair", "--feature-points", "--mesh", mesh,
    ])
    XCTAssertEqual(replay.status, 0, replay.stderr)
    let tool = tools.appendingPathComponent("rerun/arscene-rerun").path
    let written = try CommandRunner.python([
      tool, sequence, events, "--out", recording, "--mesh", mesh,
    ])
    XCTAssertEqual(written.status, 0, written.stderr)
    XCTAssertTrue(written.stdout.contains("60 frames, 12 images"), written.stdout)
    XCTAssertTrue(written.stdout.contains("a mesh of "), written.stdout)
    let framesWithPoints = try String(contentsOfFile: events, encoding: .utf8)
      .split(separator: "\n").filter { $0.contains(#""featurePoints":{"count":"#) }.count
    XCTAssertGreaterThan(framesWithPoints, 50, "a pose was measured in most frames")
    XCTAssertTrue(
      written.stdout.contains("feature points in \(framesWithPoints) frames"), written.stdout)

    // Read back with the SDK: rows per entity.
    let read = try CommandRunner.python([
      "-c",
      """
      import json, sys, collections
      import rerun.chunk as chunk
      rows = collections.Counter()
      for piece in chunk.RrdReader(sys.argv[1]).stream():
          rows[piece.entity_path] += piece.num_rows
      print(json.dumps(rows))
      """, recording,
    ])
    XCTAssertEqual(read.status, 0, read.stderr)
    let rows = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(read.stdout.utf8)) as? [String: Int], read.stdout)
    XCTAssertEqual(rows["/world/camera"], 60, "one camera pose per frame")
    XCTAssertEqual(rows["/world/camera/image/color"], 12, "every fifth frame's colour image")
    XCTAssertEqual(rows["/world/camera/image/depth"], 12, "and its depth")
    XCTAssertEqual(rows["/world/path"], 1)
    XCTAssertEqual(rows["/world/feature_points"], framesWithPoints, "each frame's feature points")
    XCTAssertFalse(rows.keys.filter { $0.hasPrefix("/world/anchors/planes/") }.isEmpty, "\(rows)")
    XCTAssertEqual(rows.keys.filter { $0.hasPrefix("/world/objects/") }.count, 1, "\(rows)")
    XCTAssertEqual(rows["/world/mesh"], 1, "the mesh, once")
    XCTAssertTrue(
      rows.keys.filter { $0.hasPrefix("/world/anchors/meshs/") }.isEmpty,
      "mesh chunks have no outline to draw: \(rows)")

    // Events that are not a replay's are refused, naming the file.
    let notEvents = folder.appendingPathComponent("not-events.jsonl").path
    try Data("{\"type\":\"frame\"}\n".utf8).write(to: URL(fileURLWithPath: notEvents))
    let refused = try CommandRunner.python([tool, sequence, notEvents, "--out", recording])
    XCTAssertEqual(refused.status, 1)
    XCTAssertTrue(refused.stderr.contains("not-events.jsonl"), refused.stderr)

    // Feature points that are not [x, y, z] rows are refused, naming the line.
    let lines = try String(contentsOfFile: events, encoding: .utf8).split(separator: "\n")
    let broken = lines.map { line in
      line.contains(#""featurePoints""#)
        ? line.replacingOccurrences(of: #""positions":[["#, with: #""positions":[[1,"#)
        : String(line)
    }
    let brokenEvents = folder.appendingPathComponent("broken-points.jsonl").path
    try Data((broken.joined(separator: "\n") + "\n").utf8).write(
      to: URL(fileURLWithPath: brokenEvents))
    let badPoints = try CommandRunner.python([tool, sequence, brokenEvents, "--out", recording])
    XCTAssertEqual(badPoints.status, 1, badPoints.stdout)
    XCTAssertTrue(
      badPoints.stderr.contains("broken-points.jsonl:")
        && badPoints.stderr.contains("featurePoints"),
      badPoints.stderr)
  }
}
