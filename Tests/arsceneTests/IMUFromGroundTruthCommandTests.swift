import Foundation
import TestSupport
import XCTest

/// `arscene dataset imu-from-groundtruth` writes a native copy whose IMU is
/// synthesised from the ground truth, and refuses what it cannot do.
final class IMUFromGroundTruthCommandTests: XCTestCase {
  private var directory: URL!

  override func setUpWithError() throws {
    directory = try TemporaryFolder.make("imu-from-groundtruth", removedAfter: self)
  }

  private func synth(_ name: String, _ extra: [String] = []) throws -> String {
    try TinySequence.synthesize(name, in: directory, extra)
  }

  func testAColourOnlyRecordingGainsAnIMU() throws {
    let source = try synth("colour-only", ["--no-imu"])
    let out = directory.appendingPathComponent("with-imu").path
    let result = try CommandRunner.run([
      "dataset", "imu-from-groundtruth", source, "--world-up", "0,1,0", "--seed", "3", "--out",
      out,
    ])
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertTrue(result.stderr.contains("synthesised IMU samples (200 Hz)"), result.stderr)
    let imu = try String(contentsOfFile: out + "/imu.txt", encoding: .utf8)
      .split(separator: "\n").filter { !$0.hasPrefix("#") }
    // 20 frames at 30 Hz span 0.63 s: 127 samples at 200 Hz.
    XCTAssertEqual(Double(imu.count), 127, accuracy: 2)
    // At rest or walking, the specific force is about gravity's 9.81 m/s^2.
    let magnitudes = imu.map { line -> Double in
      let v = line.split(separator: " ").dropFirst().prefix(3).compactMap { Double($0) }
      return (v.map { $0 * $0 }.reduce(0, +)).squareRoot()
    }
    XCTAssertEqual(magnitudes.reduce(0, +) / Double(magnitudes.count), 9.81, accuracy: 0.5)
    let description = try String(contentsOfFile: out + "/sequence.json", encoding: .utf8)
    XCTAssertTrue(description.contains("imu-from-groundtruth"), description)
    XCTAssertTrue(description.contains("\"imu\""), description)
  }

  func testWithoutAStatedUpOrWithBadOptionsItIsRefused() throws {
    let source = try synth("walk")
    let noUp = try CommandRunner.run([
      "dataset", "imu-from-groundtruth", source, "--out",
      directory.appendingPathComponent("a").path,
    ])
    XCTAssertEqual(noUp.status, 1, noUp.stderr)
    XCTAssertTrue(noUp.stderr.contains("states no gravity"), noUp.stderr)
    XCTAssertTrue(noUp.stderr.contains("--world-up"), noUp.stderr)
    for bad in [["--rate", "10"], ["--knot-spacing", "0"], ["--world-up", "0,0,0"]] {
      let result = try CommandRunner.run(
        [
          "dataset", "imu-from-groundtruth", source, "--out",
          directory.appendingPathComponent("b").path,
        ]
          + bad)
      XCTAssertEqual(result.status, 2, "\(bad): \(result.stderr)")
    }
  }
}
