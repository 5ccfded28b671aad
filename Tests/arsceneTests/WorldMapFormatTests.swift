import Foundation
import TestSupport
import XCTest

/// Datasets/WORLD_MAP.md is an open format's only description: a reader
/// written from it alone (WorldMapFormat/read_world_map.py) must parse a map
/// the engine wrote, and find the counts the engine reports.
final class WorldMapFormatTests: XCTestCase {
  func testAReaderWrittenFromTheDocumentParsesAMapTheEngineWrote() throws {
    let (directory, sequence) = try synthesizedRoom()
    let map = directory.appendingPathComponent("room.arscenemap").path
    let built = try CommandRunner.run(["map", "build", sequence, "--out", map, "--quiet"])
    XCTAssertEqual(built.status, 0, built.stderr)

    let parsed = try readWithTheDocumentsReader(map)
    let head = try XCTUnwrap(parsed["head"] as? [String: Any])
    let counted = try XCTUnwrap(parsed["counted"] as? [String: Any])
    // The header agrees with what the sections hold, as the document says.
    XCTAssertEqual(head["keyframe_count"] as? Int, counted["keyframes"] as? Int)
    XCTAssertEqual(head["point_count"] as? Int, counted["points"] as? Int)
    XCTAssertEqual(head["surface_point_count"] as? Int, counted["surface_points"] as? Int)
    XCTAssertEqual(head["anchor_bytes"] as? Int, counted["anchor_bytes"] as? Int)
    XCTAssertEqual(head["version"] as? Int, 2)
    XCTAssertEqual(head["tracking"] as? String, "rgbd")
    XCTAssertEqual(head["metres"] as? Bool, true)
    XCTAssertEqual(head["up_known"] as? Bool, true)
    XCTAssertEqual(head["width"] as? Int, 160)
    XCTAssertEqual(head["height"] as? Int, 120)
    let keyframes = try XCTUnwrap(counted["keyframes"] as? Int)
    let points = try XCTUnwrap(counted["points"] as? Int)
    XCTAssertGreaterThan(keyframes, 0)
    XCTAssertGreaterThan(points, 0)
    // The size the document states for a feature is its field list's.
    let featureBytes = try XCTUnwrap(parsed["feature_bytes"] as? Int)
    let document = try String(
      contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Datasets/WORLD_MAP.md"), encoding: .utf8)
    XCTAssertTrue(
      document.contains("| features | feature_count x \(featureBytes) bytes |"),
      "WORLD_MAP.md does not state \(featureBytes) bytes per feature")
    // And with what the engine's own reader reports.
    let info = try CommandRunner.run(["map", "info", map])
    XCTAssertEqual(info.status, 0, info.stderr)
    XCTAssertTrue(
      info.stdout.contains("Keyframes: \(keyframes); feature points: \(points);"), info.stdout)
  }

  /// A map saved with a scene mesh is version 3, and the document's reader
  /// finds the MESH section's blocks, chunks and faces the engine reports.
  func testTheDocumentsReaderCountsTheSceneMeshTheEngineSaved() throws {
    let (directory, sequence) = try synthesizedRoom()
    let map = directory.appendingPathComponent("room.arscenemap").path
    let replay = try CommandRunner.run([
      "replay", sequence, "--mesh", directory.appendingPathComponent("room.ply").path,
      "--save-world-map", map, "--events", "/dev/null", "--quiet",
    ])
    XCTAssertEqual(replay.status, 0, replay.stderr)
    let parsed = try readWithTheDocumentsReader(map)
    let head = try XCTUnwrap(parsed["head"] as? [String: Any])
    XCTAssertEqual(head["version"] as? Int, 3)
    let counted = try XCTUnwrap(parsed["counted"] as? [String: Any])
    let mesh = try XCTUnwrap(counted["mesh"] as? [String: Any], "no MESH section read")
    let chunks = try XCTUnwrap(mesh["chunks"] as? Int)
    let faces = try XCTUnwrap(mesh["faces"] as? Int)
    let blocks = try XCTUnwrap(mesh["blocks"] as? Int)
    XCTAssertGreaterThan(faces, 1000)
    let info = try CommandRunner.run(["map", "info", map])
    XCTAssertEqual(info.status, 0, info.stderr)
    XCTAssertTrue(info.stdout.contains("format version 3"), info.stdout)
    XCTAssertTrue(
      info.stdout.contains(
        "Scene mesh: \(chunks) chunk(s), \(faces) faces, \(blocks) voxel blocks at 2.0 cm."),
      info.stdout)
  }

  /// A folder for the test and a small synthetic room sequence in it.
  private func synthesizedRoom() throws -> (folder: URL, sequence: String) {
    let directory = try TemporaryFolder.make("worldMapFormat", removedAfter: self)
    let sequence = directory.appendingPathComponent("seq").path
    let synth = try CommandRunner.run([
      "dataset", "synth", "--scene", "room", "--frames", "30", "--seed", "2", "--width", "160",
      "--height", "120", "--out", sequence, "--quiet",
    ])
    XCTAssertEqual(synth.status, 0, synth.stderr)
    return (directory, sequence)
  }

  /// What WorldMapFormat/read_world_map.py prints for the map.
  private func readWithTheDocumentsReader(_ map: String) throws -> [String: Any] {
    let reader = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("WorldMapFormat/read_world_map.py").path
    let read = try CommandRunner.python([reader, map])
    XCTAssertEqual(read.status, 0, "the document's reader failed: \(read.stderr)")
    return try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(read.stdout.utf8)) as? [String: Any])
  }
}
