import Foundation
import TestSupport
import XCTest

/// `arscene mesh` and `replay --mesh`: the scene reconstruction targets on
/// the synthetic room (Tools/mesh/mesh_eval.py against the renderer's
/// surfaces), the three file formats, byte-identical exports with one
/// thread or two, and every bad input named.
final class MeshCommandTests: XCTestCase {
  private let evaluator = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Tools/mesh/mesh_eval.py").path

  /// The synthetic room's 300-frame walk at 2 cm: vertices within 1 cm of
  /// the true surfaces at the median and 3 cm at the 95th percentile, 90%
  /// of the surface the camera saw within 3 cm of the mesh, and 90% of the
  /// floor, wall and table area with the right class.
  func testSyntheticRoomMeshMeetsTheAccuracyCompletenessAndClassTargets() throws {
    guard try CommandRunner.python(["-c", "import numpy, scipy, PIL"]).status == 0 else {
      throw XCTSkip("mesh_eval.py needs numpy, scipy and pillow (python3 -m pip install ...)")
    }
    let workspace = try AcceptanceWorkspace()
    defer { workspace.remove() }
    let sequence = try workspace.synthesize(
      ["--scene", "room", "--frames", "300", "--seed", "1"], name: "room-1")
    let mesh = workspace.path("room.ply")
    let trajectory = workspace.path("trajectory.txt")
    let replay = try workspace.run([
      "replay", sequence, "--mesh", mesh, "--trajectory", trajectory, "--events", "/dev/null",
      "--no-timings",
    ])
    XCTAssertEqual(replay.status, 0, replay.stderr)
    XCTAssertTrue(replay.stderr.contains("Mesh: "), replay.stderr)
    let json = workspace.path("mesh.json")
    let scored = try CommandRunner.python([evaluator, sequence, mesh, trajectory, "--json", json])
    XCTAssertEqual(scored.status, 0, scored.stderr)
    print("acceptance: mesh of room seed 1: \(scored.stdout)")
    let result = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json)))
        as? [String: Any])
    XCTAssertLessThanOrEqual(try XCTUnwrap(result["accuracyMedianCm"] as? Double), 1.0)
    XCTAssertLessThanOrEqual(try XCTUnwrap(result["accuracyP95Cm"] as? Double), 3.0)
    XCTAssertGreaterThanOrEqual(try XCTUnwrap(result["completeness"] as? Double), 0.9)
    XCTAssertGreaterThanOrEqual(try XCTUnwrap(result["classificationArea"] as? Double), 0.9)
  }

  /// The 7-Scenes kitchen's 600 Kinect frames at 2 cm: the finished mesh,
  /// rendered from the camera of every 10th frame (Session.sceneDepth(for:))
  /// as the final map places it, agrees with that frame's depth to 1.5 cm
  /// at the median over the readings it covers, and covers at least 90% of
  /// them.
  func testKitchenMeshAgreesWithTheKinectDepth() throws {
    try checkKitchenMeshAgreesWithItsDepth(label: "kitchen", options: [])
  }

  /// The same with loop closure, which corrects the kitchen's map three
  /// times: each time the kept views are fused anew at the corrected poses.
  /// Clearing the volume instead left a mesh of the frames after the last
  /// correction, covering 53% of the readings at 1.45 cm.
  func testKitchenMeshWithLoopClosureIsFusedAnewAndAgreesWithTheDepth() throws {
    let stderr = try checkKitchenMeshAgreesWithItsDepth(
      label: "kitchen with loop closure", options: ["--loop-closure"])
    XCTAssertTrue(stderr.contains("Loop closure: the map was corrected"), stderr)
  }

  @discardableResult
  private func checkKitchenMeshAgreesWithItsDepth(label: String, options: [String]) throws
    -> String
  {
    let kitchen = try SharedDataset.folder("7scenes-kitchen-dev")
    let workspace = try AcceptanceWorkspace()
    defer { workspace.remove() }
    let result = try workspace.run(
      ["mesh", kitchen.path, "--out", workspace.path("kitchen.glb"), "--compare-depth", "10"]
        + options)
    XCTAssertEqual(result.status, 0, result.stderr)
    let line = try XCTUnwrap(
      result.stderr.split(separator: "\n").first { $0.hasPrefix("Mesh against the depth") },
      result.stderr)
    print("acceptance: \(label) \(line)")
    func number(after label: String) throws -> Double {
      let rest = try XCTUnwrap(line.range(of: label)).upperBound
      let text = line[rest...].prefix { "0123456789.".contains($0) }
      return try XCTUnwrap(Double(text), "\(label) in \(line)")
    }
    XCTAssertLessThanOrEqual(try number(after: "|difference| median "), 1.5)
    XCTAssertGreaterThanOrEqual(try number(after: "over the "), 90)
    return result.stderr
  }

  func testExportsAreTheSameWithOneThreadOrTwoInEveryFormat() throws {
    let folder = try TemporaryFolder.make("arscene-mesh-formats", removedAfter: self)
    let sequence = try CommandRunner.synthesizedRoom(frames: 20, in: folder)
    for format in ["ply", "obj", "glb"] {
      var files: [Data] = []
      for threads in ["1", "2"] {
        let out = folder.appendingPathComponent("mesh-\(threads).\(format)").path
        let made = try CommandRunner.run(
          ["mesh", sequence, "--out", out, "--threads", threads, "--quiet"])
        XCTAssertEqual(made.status, 0, made.stderr)
        files.append(try Data(contentsOf: URL(fileURLWithPath: out)))
      }
      XCTAssertEqual(files[0], files[1], "\(format): one thread and two differ")
      XCTAssertGreaterThan(files[0].count, 1000, format)
    }
    try checkFormatsAgree(in: folder)
  }

  /// A replay with --mesh reports the chunks as anchors (kind mesh, with
  /// their counts and revisions, never their geometry), each added once,
  /// updated with a growing revision.
  func testReplayReportsMeshChunksAsAnchors() throws {
    let folder = try TemporaryFolder.make("arscene-mesh-events", removedAfter: self)
    let sequence = try CommandRunner.synthesizedRoom(frames: 40, in: folder)
    let mesh = folder.appendingPathComponent("m.ply").path
    let replay = try CommandRunner.run(
      ["replay", sequence, "--mesh", mesh, "--events", "-", "--no-timings", "--quiet"])
    XCTAssertEqual(replay.status, 0, replay.stderr)
    var revisions: [String: Int] = [:]
    for line in replay.stdout.split(separator: "\n") {
      let event = try XCTUnwrap(
        JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      guard let anchor = event["anchor"] as? [String: Any], anchor["kind"] as? String == "mesh"
      else { continue }
      let id = try XCTUnwrap(anchor["id"] as? String)
      let revision = try XCTUnwrap(anchor["revision"] as? Int)
      XCTAssertGreaterThan(try XCTUnwrap(anchor["faceCount"] as? Int), 0)
      XCTAssertNil(anchor["vertices"], "no geometry in events")
      switch event["type"] as? String {
      case "anchorAdded":
        XCTAssertNil(revisions[id], "added twice: \(id)")
        XCTAssertEqual(revision, 1)
      case "anchorUpdated":
        XCTAssertGreaterThan(revision, try XCTUnwrap(revisions[id], "updated before added"))
      default: break
      }
      revisions[id] = revision
    }
    XCTAssertGreaterThan(revisions.count, 2, "mesh chunks were reported")
  }

  /// `map mesh` writes the mesh a world map carries: the saving replay's
  /// chunks and faces; a map without a mesh, or the map as the output, is
  /// refused by name.
  func testMapMeshWritesTheMeshTheMapCarries() throws {
    let folder = try TemporaryFolder.make("arscene-map-mesh", removedAfter: self)
    let sequence = try CommandRunner.synthesizedRoom(frames: 20, in: folder)
    let path = { folder.appendingPathComponent($0).path }
    let replay = try CommandRunner.run([
      "replay", sequence, "--mesh", path("replay.ply"), "--save-world-map", path("room.map"),
      "--events", "/dev/null",
    ])
    XCTAssertEqual(replay.status, 0, replay.stderr)
    let exported = try CommandRunner.run([
      "map", "mesh", path("room.map"), "--out", path("map.ply"),
    ])
    XCTAssertEqual(exported.status, 0, exported.stderr)
    func faces(_ file: String) throws -> Int {
      let header = String(
        decoding: try Data(contentsOf: URL(fileURLWithPath: file)).prefix(1000), as: UTF8.self)
      let line = try XCTUnwrap(
        header.split(separator: "\n").first { $0.hasPrefix("element face ") })
      return try XCTUnwrap(Int(line.split(separator: " ")[2]))
    }
    XCTAssertGreaterThan(try faces(path("replay.ply")), 1000)
    XCTAssertEqual(try faces(path("map.ply")), try faces(path("replay.ply")))

    let plain = try CommandRunner.run([
      "replay", sequence, "--save-world-map", path("plain.map"), "--events", "/dev/null",
      "--quiet",
    ])
    XCTAssertEqual(plain.status, 0, plain.stderr)
    let none = try CommandRunner.run(["map", "mesh", path("plain.map"), "--out", path("none.ply")])
    XCTAssertEqual(none.status, 1)
    XCTAssertTrue(none.stderr.contains("carries no scene mesh"), none.stderr)
    // A map named like a mesh, given as its own output.
    try FileManager.default.copyItem(atPath: path("room.map"), toPath: path("map.glb"))
    let onto = try CommandRunner.run([
      "map", "mesh", path("map.glb"), "--out", path("map.glb"), "--force",
    ])
    XCTAssertEqual(onto.status, 1)
    XCTAssertTrue(onto.stderr.contains("would replace the world map"), onto.stderr)
  }

  /// The PLY's header counts, the OBJ's lines and the GLB's accessors
  /// describe the same mesh; the GLB is glTF 2.0 with its two chunks.
  private func checkFormatsAgree(in folder: URL) throws {
    let ply = try Data(contentsOf: folder.appendingPathComponent("mesh-1.ply"))
    let header = String(decoding: ply.prefix(1000), as: UTF8.self)
    func count(_ element: String) throws -> Int {
      let line = try XCTUnwrap(
        header.split(separator: "\n").first { $0.hasPrefix("element \(element) ") })
      return try XCTUnwrap(Int(line.split(separator: " ")[2]))
    }
    let vertices = try count("vertex")
    let faces = try count("face")
    let end = try XCTUnwrap(ply.range(of: Data("end_header\n".utf8)))
    XCTAssertEqual(ply.count - end.upperBound, vertices * 27 + faces * 14, "binary body size")

    let obj = try String(
      contentsOf: folder.appendingPathComponent("mesh-1.obj"), encoding: .utf8)
    let lines = obj.split(separator: "\n")
    XCTAssertEqual(lines.filter { $0.hasPrefix("v ") }.count, vertices)
    XCTAssertEqual(lines.filter { $0.hasPrefix("vn ") }.count, vertices)
    XCTAssertEqual(lines.filter { $0.hasPrefix("f ") }.count, faces)

    let glb = try Data(contentsOf: folder.appendingPathComponent("mesh-1.glb"))
    func word(_ offset: Int) -> UInt32 {
      glb.subdata(in: offset..<offset + 4).withUnsafeBytes { $0.load(as: UInt32.self) }
    }
    XCTAssertEqual(word(0), 0x4654_6C67, "magic glTF")
    XCTAssertEqual(word(4), 2, "version")
    XCTAssertEqual(Int(word(8)), glb.count, "length")
    let jsonLength = Int(word(12))
    XCTAssertEqual(word(16), 0x4E4F_534A, "JSON chunk")
    let document = try XCTUnwrap(
      JSONSerialization.jsonObject(with: glb.subdata(in: 20..<20 + jsonLength)) as? [String: Any])
    let accessors = try XCTUnwrap(document["accessors"] as? [[String: Any]])
    XCTAssertEqual(accessors[0]["count"] as? Int, vertices)
    XCTAssertEqual(accessors[3]["count"] as? Int, faces * 3)
    XCTAssertEqual(word(20 + jsonLength + 4), 0x004E_4942, "BIN chunk")
  }

  func testBadInputsAreNamed() throws {
    let folder = try TemporaryFolder.make("arscene-mesh-bad", removedAfter: self)
    let sequence = try CommandRunner.synthesizedRoom(frames: 5, in: folder)
    func refused(_ arguments: [String], _ expected: String) throws {
      let result = try CommandRunner.run(arguments + ["--quiet"])
      XCTAssertNotEqual(result.status, 0, "\(arguments)")
      XCTAssertTrue(result.stderr.contains(expected), "\(arguments): \(result.stderr)")
    }
    let out = folder.appendingPathComponent("mesh.ply").path
    try refused(["mesh", sequence, "--out", folder.appendingPathComponent("m.stl").path], ".stl")
    try refused(
      ["mesh", sequence, "--out", folder.appendingPathComponent("m").path], "no extension")
    try refused(["mesh", sequence, "--out", out, "--voxel-size", "0"], "meshVoxelSize")
    try refused(["mesh", sequence, "--out", out, "--voxel-size=-0.02"], "meshVoxelSize")
    try refused(["mesh", sequence, "--out", out, "--voxel-size", "1"], "meshVoxelSize")
    try refused(["mesh", sequence, "--out", out, "--memory-limit", "0"], "meshMemoryLimit")
    // A file of the sequence being read is never replaced, even with --force.
    let inside = "\(sequence)/notes.ply"
    try Data("the sequence's own".utf8).write(to: URL(fileURLWithPath: inside))
    try refused(["mesh", sequence, "--out", inside, "--force"], "--out")
    XCTAssertEqual(try String(contentsOfFile: inside, encoding: .utf8), "the sequence's own")
    try refused(
      ["replay", sequence, "--mesh", folder.appendingPathComponent("m.fbx").path], ".fbx")
    try refused(
      ["replay", sequence, "--mesh", out, "--tracking", "monocular"], "--tracking monocular")
    XCTAssertFalse(FileManager.default.fileExists(atPath: out), "nothing written by a refusal")

    // An existing file is kept unless --force.
    try Data("keep me".utf8).write(to: URL(fileURLWithPath: out))
    try refused(["mesh", sequence, "--out", out], "--force")
    XCTAssertEqual(try String(contentsOfFile: out, encoding: .utf8), "keep me")
    let forced = try CommandRunner.run(["mesh", sequence, "--out", out, "--force", "--quiet"])
    XCTAssertEqual(forced.status, 0, forced.stderr)

    // Without depth there is nothing to fuse.
    let noDepth = folder.appendingPathComponent("no-depth").path
    let synth = try CommandRunner.run([
      "dataset", "synth", "--frames", "5", "--width", "160", "--height", "120", "--no-depth",
      "--out", noDepth, "--quiet",
    ])
    XCTAssertEqual(synth.status, 0, synth.stderr)
    try refused(["mesh", noDepth, "--out", folder.appendingPathComponent("n.ply").path], "depth")
  }
}
