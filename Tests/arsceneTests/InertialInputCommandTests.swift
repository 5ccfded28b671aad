import Foundation
import TestSupport
import XCTest

/// A replay that would track with the IMU refuses one that would make the
/// metric scale silently wrong, naming the file and the problem; RGB-D
/// replays of the same recording, which use the accelerometer only for
/// gravity's direction, are not refused.
final class InertialInputCommandTests: XCTestCase {
  private var directory: URL!

  override func setUpWithError() throws {
    directory = try TemporaryFolder.make("inertial-input", removedAfter: self)
  }

  private func synth(_ name: String, _ extra: [String] = []) throws -> String {
    try TinySequence.synthesize(name, in: directory, extra)
  }

  /// Rewrites imu.txt's samples (timestamp, 3 accelerometer, 3 gyroscope).
  private func rewriteIMU(of sequence: String, _ change: ([Double]) -> [Double]) throws {
    let url = URL(fileURLWithPath: sequence).appendingPathComponent("imu.txt")
    let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map {
      line -> String in
      if line.hasPrefix("#") { return String(line) }
      return change(line.split(separator: " ").compactMap { Double($0) })
        .map { String($0) }.joined(separator: " ")
    }
    try (lines.joined(separator: "\n") + "\n").write(to: url, atomically: true, encoding: .utf8)
  }

  func testAnAccelerometerInGIsRefusedWhereTheIMUGivesTheScale() throws {
    let walk = try synth("in-g")
    try rewriteIMU(of: walk) { [$0[0], $0[1] / 9.81, $0[2] / 9.81, $0[3] / 9.81] + $0[4...] }
    let replay = try CommandRunner.run(["replay", walk, "--no-depth"])
    XCTAssertEqual(replay.status, 1, replay.stderr)
    XCTAssertTrue(replay.stderr.contains("\(walk)/imu.txt: "), replay.stderr)
    XCTAssertTrue(replay.stderr.contains("in g rather than m/s^2"), replay.stderr)
    let bench = try CommandRunner.run(["bench", walk, "--no-depth", "--repeat", "1", "--no-unit"])
    XCTAssertEqual(bench.status, 1, bench.stderr)
    XCTAssertTrue(bench.stderr.contains("in g rather than m/s^2"), bench.stderr)
    // With depth the IMU gives gravity's direction only, which g keeps.
    let rgbd = try CommandRunner.run(["replay", walk])
    XCTAssertEqual(rgbd.status, 0, rgbd.stderr)
  }

  func testAGyroscopeInDegreesAndAGapAreRefused() throws {
    let degrees = try synth("degrees", ["--motion", "orbit"])
    try rewriteIMU(of: degrees) { [$0[0]] + $0[1...3] + $0[4...].map { $0 * 180 / .pi } }
    let turned = try CommandRunner.run(["replay", degrees, "--no-depth"])
    XCTAssertEqual(turned.status, 1, turned.stderr)
    XCTAssertTrue(turned.stderr.contains("degrees per second"), turned.stderr)

    let gap = try synth("gap")
    let url = URL(fileURLWithPath: gap).appendingPathComponent("imu.txt")
    let kept = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").filter {
      $0.hasPrefix("#") || !(0.2...0.4).contains(Double($0.split(separator: " ")[0]) ?? 0)
    }
    try (kept.joined(separator: "\n") + "\n").write(to: url, atomically: true, encoding: .utf8)
    let replay = try CommandRunner.run(["replay", gap, "--no-depth"])
    XCTAssertEqual(replay.status, 1, replay.stderr)
    XCTAssertTrue(replay.stderr.contains("no IMU sample from 0.195 s to 0.405 s"), replay.stderr)
  }

  func testVisualInertialTrackingWithoutAnIMUIsRefused() throws {
    let colourOnly = try synth("colour-only", ["--no-imu"])
    let replay = try CommandRunner.run(["replay", colourOnly, "--tracking", "visual-inertial"])
    XCTAssertEqual(replay.status, 1, replay.stderr)
    XCTAssertTrue(replay.stderr.contains("needs an IMU"), replay.stderr)
    XCTAssertTrue(replay.stderr.contains("--tracking monocular"), replay.stderr)
  }
}
