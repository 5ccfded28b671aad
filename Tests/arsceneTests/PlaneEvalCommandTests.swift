import Foundation
import TestSupport
import XCTest

/// `arscene eval` without --trajectory replays a synthetic sequence with plane
/// detection on and adds a plane section: checked for shape (every annotated
/// plane, every target), not for the detector's quality, which its own tests
/// and the measurements cover.
final class PlaneEvalCommandTests: XCTestCase {
  private var directory: URL!

  override func setUpWithError() throws {
    directory = try TemporaryFolder.make("plane-eval", removedAfter: self)
  }

  func testEvalReplaysAndScoresPlanes() throws {
    let sequence = directory.appendingPathComponent("room").path
    let synth = try CommandRunner.run([
      "dataset", "synth", "--scene", "room", "--frames", "30", "--seed", "5",
      "--width", "160", "--height", "120", "--out", sequence, "--quiet",
    ])
    XCTAssertEqual(synth.status, 0, synth.stderr)

    let eval = try CommandRunner.run(["eval", sequence, "--json"])
    XCTAssertEqual(eval.status, 0, eval.stderr)
    let report = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(eval.stdout.utf8)) as? [String: Any], eval.stdout)
    XCTAssertNotNil(report["ate"], "the trajectory section stays")
    let planes = try XCTUnwrap(report["planes"] as? [String: Any], eval.stdout)
    let perPlane = try XCTUnwrap(planes["planes"] as? [String: [String: Any]])
    XCTAssertEqual(
      Set(perPlane.keys),
      [
        "floor", "ceiling", "table top", "seat", "wall facing +x", "wall facing -x",
        "wall facing +z", "wall facing -z",
      ])
    XCTAssertEqual(planes["frames"] as? Int, 30)
    let targets = try XCTUnwrap(planes["targets"] as? [String: [String: Any]])
    XCTAssertEqual(
      Set(targets.keys),
      ["detection", "normal", "offset", "extent", "classification", "anchorsPerSurface"])

    let text = try CommandRunner.run(["eval", sequence])
    XCTAssertEqual(text.status, 0, text.stderr)
    XCTAssertTrue(text.stdout.contains("ATE (SE(3)-aligned"), text.stdout)
    XCTAssertTrue(text.stdout.contains("Planes: 8 annotated, 30 frames"), text.stdout)
    XCTAssertTrue(text.stdout.contains("  detection: "), text.stdout)
  }

  func testNoSurfaceScenarioChecksThatNoAnchorAppears() throws {
    let sequence = directory.appendingPathComponent("clutter").path
    let synth = try CommandRunner.run([
      "dataset", "synth", "--scenario", "no-surface", "--frames", "20", "--width", "160",
      "--height", "120", "--out", sequence, "--quiet",
    ])
    XCTAssertEqual(synth.status, 0, synth.stderr)
    let eval = try CommandRunner.run(["eval", sequence])
    XCTAssertEqual(eval.status, 0, eval.stderr)
    XCTAssertTrue(eval.stdout.contains("Planes: 0 annotated, 20 frames"), eval.stdout)
    XCTAssertTrue(eval.stdout.contains("  noSurface: "), eval.stdout)
  }
}
