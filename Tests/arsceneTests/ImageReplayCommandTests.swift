import Foundation
import TestSupport
import XCTest

/// Replay and eval of the synthetic image scenario (the room's pictures among
/// 100 references): image anchor events and issue 6's scores. Uses the
/// release build (100 references and a few hundred frames).
final class ImageReplayCommandTests: XCTestCase {
  private var directory: URL!

  override func setUpWithError() throws {
    directory = try TemporaryFolder.make("image", removedAfter: self)
  }

  private func synthesize(_ executable: URL) throws -> String {
    let path = directory.appendingPathComponent("image").path
    let result = try CommandRunner.run(
      [
        "dataset", "synth", "--scene", "room", "--scenario", "image", "--frames", "180",
        "--out", path, "--quiet",
      ], executable: executable)
    XCTAssertEqual(result.status, 0, result.stderr)
    return path
  }

  func testReplayEmitsImageAnchorsFromTheSequencesReferences() throws {
    let executable = try CommandRunner.releaseExecutable()
    let sequence = try synthesize(executable)
    let result = try CommandRunner.run(
      ["replay", sequence, "--events", "-", "--no-timings", "--quiet"], executable: executable)
    XCTAssertEqual(result.status, 0, result.stderr)
    var added: [String] = []
    var trackedStates = Set<Bool>()
    for line in result.stdout.split(separator: "\n") {
      let event = try XCTUnwrap(
        JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      guard let anchor = event["anchor"] as? [String: Any], anchor["kind"] as? String == "image"
      else { continue }
      let name = try XCTUnwrap(anchor["name"] as? String)
      XCTAssertEqual((anchor["transform"] as? [Double])?.count, 16)
      trackedStates.insert(try XCTUnwrap(anchor["isTracked"] as? Bool))
      if event["type"] as? String == "anchorAdded" { added.append(name) }
    }
    XCTAssertFalse(added.isEmpty, "the pan shows the room's pictures")
    XCTAssertFalse(added.contains { $0.hasPrefix("distractor-") }, "\(added)")
    XCTAssertEqual(Set(added).count, added.count, "one anchor per picture: \(added)")
    XCTAssertTrue(trackedStates.contains(true))

    // The same replay twice gives the same bytes, and so does one with
    // recognition and decoding on the engine's own thread (issue 17).
    let again = try CommandRunner.run(
      ["replay", sequence, "--events", "-", "--no-timings", "--quiet", "--threads", "2"],
      executable: executable)
    XCTAssertEqual(again.stdout, result.stdout)
    let oneThread = try CommandRunner.run(
      ["replay", sequence, "--events", "-", "--no-timings", "--quiet", "--threads", "1"],
      executable: executable)
    XCTAssertEqual(oneThread.stdout, result.stdout, "--threads 1 and 2 give the same events")
  }

  func testEvalScoresImageAnchorsAgainstTheAnnotations() throws {
    let executable = try CommandRunner.releaseExecutable()
    let sequence = try synthesize(executable)
    let result = try CommandRunner.run(["eval", sequence], executable: executable)
    XCTAssertEqual(result.status, 0, result.stderr)
    let lines = result.stdout.split(separator: "\n").map(String.init)
    // Both posters the pan passes come close enough and are recognised
    // within 3 frames of covering a tenth of the image, and their poses
    // relative to the camera are within 1 cm and 1 degree (median over the
    // frames they are tracked). The landscape poster is
    // first found while partly out of view: a refinement judged by how far
    // it moves the unseen corners was refused, which left it 6 cm off.
    for name in ["poster-landscape", "poster-portrait"] {
      let row = try XCTUnwrap(lines.first { $0.hasPrefix("  \(name) ") }, result.stdout)
      let cells = row.split(separator: " ").map(String.init)
      XCTAssertEqual(cells.count, 8, row)
      XCTAssertNotEqual(cells[1], "-", "\(name) covers 10% of the image: \(row)")
      XCTAssertNotEqual(cells[2], "-", "\(name) is recognised: \(row)")
      XCTAssertLessThanOrEqual(try XCTUnwrap(Int(cells[3])), 3, "delay in frames: \(row)")
      XCTAssertLessThanOrEqual(try XCTUnwrap(Double(cells[4])), 1.0, "cm p50: \(row)")
      XCTAssertLessThanOrEqual(try XCTUnwrap(Double(cells[6])), 1.0, "deg p50: \(row)")
    }
    // No anchor is tracked where no picture is: not a distractor, and not a
    // poster that has left the view (or is followed on a sliver of itself).
    XCTAssertTrue(lines.contains("  false positives: 0 frames"), result.stdout)
    for target in [
      "recognised within 3 frames", "pose error <= 1 cm and 1 degree", "zero false positives",
    ] {
      XCTAssertTrue(
        lines.contains { $0.hasPrefix("  PASS \(target)") }, "\(target): \(result.stdout)")
    }
  }
}
