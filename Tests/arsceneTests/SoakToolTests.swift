import Foundation
import XCTest

/// A smoke of Tools/soak, the half-hour memory and frame-time benchmark: a
/// few seconds of it on a small orbit, to show that it runs, loops the
/// sequence in one session and writes its samples. The half hour itself is
/// run by hand (it is a benchmark, not a test).
final class SoakToolTests: XCTestCase {
  func testASoakSmokeRunsAndWritesSamples() throws {
    let arscene = try CommandRunner.releaseExecutable()
    var root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    while root.path != "/",
      !FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path)
    {
      root = root.deletingLastPathComponent()
    }
    let tool = root.appendingPathComponent("Tools/soak")
    guard FileManager.default.isExecutableFile(atPath: tool.path) else {
      throw XCTSkip("\(tool.path) is not an executable")
    }
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") else {
      throw XCTSkip("Tools/soak needs python3")
    }
    let out = FileManager.default.temporaryDirectory.appendingPathComponent("soak-\(UUID()).json")
    defer { try? FileManager.default.removeItem(at: out) }

    // 15 s of camera time: 15 passes of a 1 s orbit at 160x120.
    let result = try CommandRunner.run(
      [
        tool.path, "--minutes", "0.25", "--synth-frames", "30", "--synth-size", "160x120",
        "--binary", arscene.path, "--out", out.path,
      ], executable: URL(fileURLWithPath: "/usr/bin/python3"))
    XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
    XCTAssertTrue(result.stdout.contains("RSS"), result.stdout)
    XCTAssertTrue(result.stdout.contains("short run: first/last 20%"), result.stdout)

    let report = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(contentsOf: out)) as? [String: Any])
    XCTAssertEqual(report["passes"] as? Int, 15)
    XCTAssertEqual(report["frames"] as? Int, 450, "15 passes of 30 frames")
    XCTAssertEqual(report["cameraSeconds"] as? Double ?? 0, 449.0 / 30, accuracy: 1e-3)
    let samples = try XCTUnwrap(report["samples"] as? [[String: Any]])
    XCTAssertFalse(samples.isEmpty, "at least the sample taken after the last frame")
    XCTAssertEqual(samples.last?["end"] as? Bool, true)
    XCTAssertEqual(samples.last?["frames"] as? Int, 450)
    for sample in samples {
      XCTAssertGreaterThan(sample["rssKiB"] as? Int ?? 0, 0, "\(sample)")
    }
    XCTAssertEqual((report["frameMilliseconds"] as? [Double])?.count, 450)
    let targets = try XCTUnwrap(report["targets"] as? [String: [String: Any]])
    XCTAssertNotNil(targets["rss"]?["pass"] as? Bool)
    XCTAssertNotNil(targets["frameTime"]?["pass"] as? Bool)
  }
}
