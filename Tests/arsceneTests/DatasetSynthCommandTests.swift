import Foundation
import XCTest

/// `arscene dataset synth`'s options: scenarios and motions by name, clear
/// errors for names and sizes it does not know.
final class DatasetSynthCommandTests: XCTestCase {
  private var directory: URL!

  override func setUpWithError() throws {
    directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "arscene-synth-tests-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: directory)
  }

  private func synth(_ extra: [String]) throws -> (CommandResult, String) {
    let out = directory.appendingPathComponent(UUID().uuidString).path
    let result = try CommandRunner.run(
      ["dataset", "synth", "--frames", "3", "--width", "32", "--height", "24", "--out", out]
        + extra)
    return (result, out)
  }

  func testScenarioAndMotionAreRecordedInTheSequence() throws {
    let (result, out) = try synth(["--scenario", "dark", "--motion", "orbit", "--no-noise"])
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertTrue(result.stderr.contains("(dark, orbit)"), result.stderr)
    let annotations = try XCTUnwrap(
      JSONSerialization.jsonObject(
        with: Data(contentsOf: URL(fileURLWithPath: out).appendingPathComponent("annotations.json"))
      )
        as? [String: Any])
    XCTAssertEqual(annotations["scenario"] as? String, "dark")
    XCTAssertEqual(annotations["motion"] as? String, "orbit")
    XCTAssertEqual(annotations["sensorNoise"] as? String, "off")
    let description = try String(
      contentsOf: URL(fileURLWithPath: out).appendingPathComponent("sequence.json"), encoding: .utf8
    )
    XCTAssertTrue(
      description.contains("--scenario dark --motion orbit --frames 3 --seed 1"), description)
    XCTAssertTrue(description.contains("\"imu\""), "the IMU is a sensor")
  }

  func testUnknownNamesAndBadSizesAreUsageErrors() throws {
    let cases: [([String], String)] = [
      (["--scenario", "foggy"], "unknown scenario 'foggy'; known: normal, dark, fast"),
      (["--motion", "fly"], "unknown motion 'fly'; known: walk, orbit, pan"),
      (["--scene", "garden"], "unknown scene 'garden'; known: room, clutter"),
      (["--frames", "0"], "--frames must be at least 1"),
      (["--width", "4"], "image size must be 16...4096"),
      (["--scenario", "no-surface", "--scene", "room"], "--scene clutter"),
    ]
    for (arguments, message) in cases {
      let (result, out) = try synth(arguments)
      XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
      XCTAssertTrue(result.stderr.contains(message), "\(arguments): \(result.stderr)")
      XCTAssertFalse(FileManager.default.fileExists(atPath: out), "\(arguments) wrote nothing")
    }
  }

  func testHelpListsScenariosAndMotions() throws {
    let result = try CommandRunner.run(["dataset", "synth", "--help"])
    XCTAssertEqual(result.status, 0)
    for word in ["--scenario", "no-surface", "textureless", "--motion", "orbit", "--no-noise"] {
      XCTAssertTrue(result.stdout.contains(word), "help lacks \(word):\n\(result.stdout)")
    }
  }
}
