import Foundation
import XCTest

/// `arscene replay --loop N`: the sequence played N times over in one
/// session, timestamps continuing from pass to pass (what Tools/soak runs
/// for half an hour).
final class ReplayLoopCommandTests: XCTestCase {
  private var workspace: AcceptanceWorkspace!

  override func setUpWithError() throws {
    workspace = try AcceptanceWorkspace(releaseBuild: false)
  }

  override func tearDownWithError() throws { workspace?.remove() }

  private func sequence() throws -> String {
    try workspace.synthesize(
      ["--motion", "orbit", "--frames", "6", "--width", "96", "--height", "72"], name: "orbit")
  }

  func testTwoPassesPlayEveryFrameTwiceInOneSession() throws {
    let sequence = try sequence()
    let once = try AcceptanceWorkspace.events(workspace.replay(sequence)).map(\.event)
    let twice = try AcceptanceWorkspace.events(workspace.replay(sequence, ["--loop", "2"])).map(
      \.event)

    let session = try XCTUnwrap(twice.first)
    XCTAssertEqual(session["type"] as? String, "session")
    XCTAssertEqual(session["frames"] as? Int, 12)
    XCTAssertEqual(session["passes"] as? Int, 2)
    XCTAssertNil(once.first?["passes"], "one pass writes no \"passes\"")

    let frames = twice.filter { $0["type"] as? String == "frame" }
    XCTAssertEqual(frames.count, 12, "6 frames, twice")
    // The session's own frame count goes on: one session, not two.
    XCTAssertEqual(frames.compactMap { $0["frame"] as? Int }, Array(0..<12))
    let timestamps = try frames.map { try XCTUnwrap($0["timestamp"] as? Double) }
    let times = try frames.map { try XCTUnwrap($0["t"] as? Double) }
    for index in 1..<12 {
      XCTAssertGreaterThan(timestamps[index], timestamps[index - 1], "timestamp of frame \(index)")
      XCTAssertGreaterThan(times[index], times[index - 1], "t of frame \(index)")
    }
    // The second pass starts one frame period (1/30 s) after the first's
    // last frame and keeps the first's spacing.
    for index in 0..<6 {
      XCTAssertEqual(timestamps[index + 6], timestamps[index] + 6.0 / 30, accuracy: 1e-6)
    }
    let firstPass = try frames.prefix(6).map { try XCTUnwrap($0["timestamp"] as? Double) }
    let single = once.filter { $0["type"] as? String == "frame" }
    XCTAssertEqual(firstPass, try single.map { try XCTUnwrap($0["timestamp"] as? Double) })

    let summary = try XCTUnwrap(twice.last)
    XCTAssertEqual(summary["type"] as? String, "summary")
    XCTAssertEqual(summary["framesProcessed"] as? Int, 12)
    XCTAssertEqual(summary["t"] as? Double ?? 0, 11.0 / 30, accuracy: 1e-6)
    let initializing = twice.filter {
      $0["type"] as? String == "trackingState" && $0["reason"] as? String == "initializing"
    }
    XCTAssertEqual(initializing.count, 1, "the second pass does not start a new session")
  }

  func testOnePassIsTheReplayAsBefore() throws {
    let sequence = try sequence()
    let plain = try Data(contentsOf: URL(fileURLWithPath: workspace.replay(sequence)))
    let events = try workspace.replay(sequence, ["--loop", "1"])
    XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: events)), plain)
  }

  func testALoopBelowOneIsAUsageMistake() throws {
    for value in ["0", "-3", "two"] {
      let result = try workspace.run(["replay", "anywhere", "--loop", value])
      XCTAssertEqual(result.status, 2, "--loop \(value): \(result.stderr)")
      XCTAssertTrue(result.stderr.contains("--loop"), result.stderr)
    }
    let help = try workspace.run(["replay", "--help"])
    XCTAssertTrue(help.stdout.contains("--loop <N>"), help.stdout)
  }
}
