import Foundation
import XCTest

/// `--plane-detection` on replay and bench: every accepted spelling, the
/// default, and a usage error (exit 2) for anything else.
final class PlaneDetectionCommandTests: XCTestCase {
  private var workspace: AcceptanceWorkspace!

  override func setUpWithError() throws {
    workspace = try AcceptanceWorkspace(releaseBuild: false)
  }

  override func tearDownWithError() throws {
    workspace.remove()
  }

  private func synthesize() throws -> String {
    try workspace.synthesize(
      [
        "--scene", "room", "--frames", "3", "--seed", "3",
        "--width", "96", "--height", "72",
      ], name: "seq")
  }

  /// The session event's "planeDetection" for a replay run with `arguments`.
  private func detection(_ sequence: String, _ arguments: [String]) throws -> [String]? {
    let result = try CommandRunner.run(
      ["replay", sequence, "--events", "-", "--no-timings", "--quiet"] + arguments)
    XCTAssertEqual(result.status, 0, "\(arguments): \(result.stderr)")
    let first = try XCTUnwrap(result.stdout.split(separator: "\n").first)
    let session = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any])
    return (session["configuration"] as? [String: Any])?["planeDetection"] as? [String]
  }

  func testReplayParsesEveryAcceptedSpelling() throws {
    let sequence = try synthesize()
    XCTAssertEqual(try detection(sequence, []), ["horizontal", "vertical"], "both by default")
    XCTAssertEqual(
      try detection(sequence, ["--plane-detection", "horizontal,vertical"]),
      ["horizontal", "vertical"])
    XCTAssertEqual(
      try detection(sequence, ["--plane-detection", "vertical,horizontal"]),
      ["horizontal", "vertical"])
    XCTAssertEqual(try detection(sequence, ["--plane-detection", "horizontal"]), ["horizontal"])
    XCTAssertEqual(try detection(sequence, ["--plane-detection", "vertical"]), ["vertical"])
    XCTAssertEqual(try detection(sequence, ["--plane-detection", "none"]), [])
  }

  func testBadValuesAreUsageErrors() throws {
    for value in ["diagonal", "", "horizontal,", "none,vertical", "horizontal;vertical"] {
      for command in ["replay", "bench"] {
        let result = try CommandRunner.run([command, "x", "--plane-detection", value])
        XCTAssertEqual(
          result.status, 2, "\(command) --plane-detection '\(value)': \(result.stderr)")
        XCTAssertTrue(
          result.stderr.contains("--plane-detection must be horizontal,vertical"), result.stderr)
      }
    }
  }

  func testHelpNamesTheOption() throws {
    for command in ["replay", "bench"] {
      let help = try CommandRunner.run([command, "--help"])
      XCTAssertEqual(help.status, 0)
      XCTAssertTrue(help.stdout.contains("--plane-detection <kinds>"), help.stdout)
    }
  }

  /// Bench times the planes stage when planes are detected, and only then.
  func testBenchTimesThePlanesStage() throws {
    let sequence = try synthesize()
    for (value, timed) in [("horizontal,vertical", true), ("vertical", true), ("none", false)] {
      let result = try CommandRunner.run([
        "bench", sequence, "--repeat", "1", "--warmup", "0", "--plane-detection", value,
        "--json", "-",
      ])
      XCTAssertEqual(result.status, 0, result.stderr)
      let report = try XCTUnwrap(
        JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
      let stages = try XCTUnwrap(report["stages"] as? [String: Any])
      XCTAssertEqual(stages["planes"] != nil, timed, "\(value): \(stages.keys.sorted())")
    }
  }

  func testTheReplaySummarySaysWhatPlanesWereFound() throws {
    let sequence = try synthesize()
    let result = try CommandRunner.run(["replay", sequence])
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertTrue(result.stderr.contains("Planes (horizontal, vertical): "), result.stderr)
    let off = try CommandRunner.run(["replay", sequence, "--plane-detection", "none"])
    XCTAssertFalse(off.stderr.contains("Planes"), off.stderr)
  }
}
