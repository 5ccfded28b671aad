import Foundation
import TestSupport
import XCTest

/// `arscene dataset convert` writes a native copy that `dataset info`
/// describes like the source; `dataset info` reads every format.
final class DatasetConvertCommandTests: XCTestCase {
  private var directory: URL!

  override func setUpWithError() throws {
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("arsceneConvertTests-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  /// `../shared/datasets/<name>` beside the repository, or a skip.
  private func sharedDataset(_ name: String) throws -> URL { try SharedDataset.folder(name) }

  private func info(_ path: String) throws -> String {
    let result = try CommandRunner.run(["dataset", "info", path])
    XCTAssertEqual(result.status, 0, result.stderr)
    return result.stdout
  }

  /// The lines of `dataset info` that must survive conversion.
  private func comparable(_ text: String) -> [String] {
    text.split(separator: "\n").map(String.init).filter {
      $0.hasPrefix("frames:") || $0.hasPrefix("sensors:") || $0.hasPrefix("camera:")
        || $0.hasPrefix("depth:")
    }
  }

  func testSynthesizedSequenceConvertsAndReadsBack() throws {
    let source = directory.appendingPathComponent("synth").path
    let synth = try CommandRunner.run([
      "dataset", "synth", "--scene", "room", "--frames", "4", "--width", "64", "--height", "48",
      "--out", source, "--quiet",
    ])
    XCTAssertEqual(synth.status, 0, synth.stderr)
    let out = directory.appendingPathComponent("copy").path
    let convert = try CommandRunner.run(["dataset", "convert", source, "--out", out])
    XCTAssertEqual(convert.status, 0, convert.stderr)
    XCTAssertTrue(convert.stderr.contains("Wrote 4 frames"), convert.stderr)
    XCTAssertEqual(comparable(try info(out)), comparable(try info(source)))
    XCTAssertTrue(try info(out).contains("4 poses"))
  }

  func testSevenScenesFramesConvertAndReadBack() throws {
    let kitchen = try sharedDataset("7scenes-kitchen-dev")
    // A few frames, linked rather than copied: the data stays where it is.
    let subset = directory.appendingPathComponent("kitchen")
    try FileManager.default.createDirectory(at: subset, withIntermediateDirectories: true)
    for name in ["camera-intrinsics.txt"]
      + (0..<4).flatMap({ n in
        ["color.jpg", "depth.png", "pose.txt"].map { String(format: "frame-%06d.", n) + $0 }
      })
    {
      try FileManager.default.createSymbolicLink(
        at: subset.appendingPathComponent(name),
        withDestinationURL: kitchen.appendingPathComponent(name))
    }
    let source = try info(subset.path)
    XCTAssertTrue(source.contains("(7scenes)"), source)
    let out = directory.appendingPathComponent("kitchen-native").path
    let convert = try CommandRunner.run([
      "dataset", "convert", subset.path, "--out", out, "--quiet",
    ])
    XCTAssertEqual(convert.status, 0, convert.stderr)
    XCTAssertEqual(convert.stderr, "")
    let copy = try info(out)
    XCTAssertTrue(copy.contains("(native)"), copy)
    XCTAssertTrue(copy.contains("4 poses"), copy)
    XCTAssertEqual(comparable(copy), comparable(source))
  }

  func testInfoReadsEuRoCAndTUMKeyframes() throws {
    let euroc = try info(try sharedDataset("euroc-v1-01-micro").path)
    XCTAssertTrue(euroc.contains("(euroc)"), euroc)
    XCTAssertTrue(euroc.contains("95 over"), euroc)
    XCTAssertTrue(euroc.contains("29120 samples"), euroc)
    let tum = try info(try sharedDataset("tum-fr3-cabinet-keyframes").path)
    XCTAssertTrue(tum.contains("(tum)"), tum)
    XCTAssertTrue(tum.contains("58 poses"), tum)
  }

  func testBadOutputOrSourceExitsOne() throws {
    let source = directory.appendingPathComponent("synth").path
    XCTAssertEqual(
      try CommandRunner.run([
        "dataset", "synth", "--frames", "2", "--width", "32", "--height", "24", "--out", source,
        "--quiet",
      ]).status, 0)
    let taken = directory.appendingPathComponent("taken")
    try FileManager.default.createDirectory(at: taken, withIntermediateDirectories: true)
    try Data("x".utf8).write(to: taken.appendingPathComponent("file"))
    var result = try CommandRunner.run(["dataset", "convert", source, "--out", taken.path])
    XCTAssertEqual(result.status, 1, result.stderr)
    XCTAssertTrue(result.stderr.contains("is not empty"), result.stderr)
    let missing = directory.appendingPathComponent("missing").path
    result = try CommandRunner.run(["dataset", "convert", missing, "--out", taken.path + "2"])
    XCTAssertEqual(result.status, 1, result.stderr)
    XCTAssertTrue(result.stderr.contains("does not exist"), result.stderr)
    XCTAssertEqual(
      try CommandRunner.run(["dataset", "convert", source]).status, 2, "--out is required")
  }
}
