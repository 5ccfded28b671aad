import Foundation
import TestSupport
import XCTest

/// `arscene dataset synth`'s options: scenarios and motions by name, clear
/// errors for names and sizes it does not know.
final class DatasetSynthCommandTests: XCTestCase {
  private var directory: URL!

  override func setUpWithError() throws {
    directory = try TemporaryFolder.make("arscene-synth-tests", removedAfter: self)
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

  /// A device held sideways without an IMU: no imu.txt, no `imu` in the
  /// annotations, ground truth turned about the viewing axis, and the
  /// command that reproduces it in the provenance.
  func testCameraRollAndNoIMUAreWrittenAndRecorded() throws {
    let (level, levelOut) = try synth(["--no-noise"])
    let (rolled, rolledOut) = try synth(["--no-noise", "--camera-roll", "90", "--no-imu"])
    XCTAssertEqual(level.status, 0, level.stderr)
    XCTAssertEqual(rolled.status, 0, rolled.stderr)
    let folder = URL(fileURLWithPath: rolledOut)
    XCTAssertFalse(
      FileManager.default.fileExists(atPath: folder.appendingPathComponent("imu.txt").path))
    XCTAssertTrue(
      FileManager.default.fileExists(
        atPath: URL(fileURLWithPath: levelOut).appendingPathComponent("imu.txt").path))
    let annotations = try XCTUnwrap(
      JSONSerialization.jsonObject(
        with: Data(contentsOf: folder.appendingPathComponent("annotations.json")))
        as? [String: Any])
    XCTAssertNil(annotations["imu"], "no IMU, no IMU model")
    let description = try String(
      contentsOf: folder.appendingPathComponent("sequence.json"), encoding: .utf8)
    XCTAssertTrue(description.contains("--camera-roll 90 --no-imu"), description)
    XCTAssertFalse(description.contains("\"imu\""), "the IMU is not a sensor: \(description)")

    // The first pose: same position, turned 90 degrees about the camera's
    // viewing axis, so the rolled camera's x axis is the level one's y.
    func firstPose(_ out: String) throws -> [Double] {
      let text = try String(
        contentsOf: URL(fileURLWithPath: out).appendingPathComponent("groundtruth.txt"),
        encoding: .utf8)
      let line = try XCTUnwrap(text.split(separator: "\n").first { !$0.hasPrefix("#") })
      return line.split(separator: " ").compactMap { Double($0) }
    }
    let a = try firstPose(levelOut)
    let b = try firstPose(rolledOut)
    XCTAssertEqual(Array(a[1...3]), Array(b[1...3]), "same position")
    func axes(_ p: [Double]) -> (x: SIMD3<Double>, y: SIMD3<Double>) {
      let (x, y, z, w) = (p[4], p[5], p[6], p[7])
      return (
        SIMD3(1 - 2 * (y * y + z * z), 2 * (x * y + w * z), 2 * (x * z - w * y)),
        SIMD3(2 * (x * y - w * z), 1 - 2 * (x * x + z * z), 2 * (y * z + w * x))
      )
    }
    // OpenCV camera axes (y down): a counter-clockwise roll takes the
    // image's x axis to where its -y (up) was.
    let difference = axes(b).x + axes(a).y
    XCTAssertLessThan((difference * difference).sum().squareRoot(), 1e-4, "\(axes(a)) \(axes(b))")
  }

  func testUnknownNamesAndBadSizesAreUsageErrors() throws {
    let cases: [([String], String)] = [
      (["--scenario", "foggy"], "unknown scenario 'foggy'; known: normal, dark, fast"),
      (["--motion", "fly"], "unknown motion 'fly'; known: walk, orbit, pan"),
      (["--scene", "garden"], "unknown scene 'garden'; known: room, clutter"),
      (["--frames", "0"], "--frames must be at least 1"),
      (["--width", "4"], "image size must be 16...4096"),
      (["--scenario", "no-surface", "--scene", "room"], "--scene clutter"),
      (["--camera-roll", "400"], "--camera-roll must be in [-360, 360] degrees, got 400"),
      (["--camera-roll", "nan"], "--camera-roll must be in [-360, 360] degrees, got nan"),
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
