import Foundation
import TestSupport
import XCTest

/// Issue 46's rules for every output, each reproducing a case that lost a
/// user's files: `--force` replaces only the command's own files, never a
/// folder holding an input; no two outputs share a path; counts that
/// multiply are bounded; a negative count is named as such.
final class NothingLostCommandTests: XCTestCase {
  private var directory: URL!

  override func setUpWithError() throws {
    directory = try TemporaryFolder.make("arsceneNothingLost", removedAfter: self)
  }

  private func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

  private func synthesize(_ name: String = "seq") throws -> String {
    let out = path(name)
    let result = try CommandRunner.run([
      "dataset", "synth", "--scene", "room", "--frames", "6", "--seed", "3", "--width", "96",
      "--height", "72", "--out", out, "--quiet",
    ])
    XCTAssertEqual(result.status, 0, result.stderr)
    return out
  }

  /// Every file below `folder` with its bytes.
  private func snapshot(_ folder: String) throws -> [String: Data] {
    var files: [String: Data] = [:]
    let enumerator = FileManager.default.enumerator(atPath: folder)
    while let name = enumerator?.nextObject() as? String {
      var isDirectory: ObjCBool = false
      let full = folder + "/" + name
      if FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory),
        !isDirectory.boolValue
      {
        files[name] = try Data(contentsOf: URL(fileURLWithPath: full))
      }
    }
    return files
  }

  func testForceWritesTheReportBesideOtherFilesAndNeverOverAnInput() throws {
    let sequence = try synthesize()
    let out = path("report")
    try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
    try Data("mine".utf8).write(to: URL(fileURLWithPath: out + "/notes.txt"))
    let forced = try CommandRunner.run(["report", sequence, "--out", out, "--force", "--quiet"])
    XCTAssertEqual(forced.status, 0, forced.stderr)
    let written = try snapshot(out)
    XCTAssertEqual(written["notes.txt"], Data("mine".utf8), "--force removed a file of the user's")
    XCTAssertNotNil(written["index.html"])

    // The folder that holds the sequence (and a world map beside it).
    let before = try snapshot(directory.path)
    let parent = try CommandRunner.run([
      "report", sequence, "--out", directory.path, "--force", "--quiet",
    ])
    XCTAssertEqual(parent.status, 1, parent.stderr)
    XCTAssertTrue(parent.stderr.contains("holds the sequence being read"), parent.stderr)
    XCTAssertEqual(try snapshot(directory.path), before, "a refused report changed the folder")
  }

  func testTwoOutputsMayNotShareAPath() throws {
    let sequence = try synthesize()
    let shared = path("shared.txt")
    try Data("before".utf8).write(to: URL(fileURLWithPath: shared))
    for command in [
      ["map", "build", sequence, "--out", shared, "--trajectory", shared],
      ["replay", sequence, "--events", shared, "--trajectory", shared],
      ["replay", sequence, "--save-world-map", shared, "--events", shared],
    ] {
      let run = try CommandRunner.run(command + ["--quiet"])
      XCTAssertEqual(run.status, 1, "\(command): \(run.stderr)")
      XCTAssertTrue(run.stderr.contains("name the same file"), "\(command): \(run.stderr)")
      XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: shared)), Data("before".utf8))
    }
    // Devices are written through: sharing /dev/null loses nothing.
    let discarded = try CommandRunner.run([
      "replay", sequence, "--events", "/dev/null", "--trajectory", "/dev/null", "--quiet",
    ])
    XCTAssertEqual(discarded.status, 0, discarded.stderr)
  }

  /// Issue 46, bounded cost: with --max-frames, the lists are read no
  /// further than the frames used. Lines past them, here naming images
  /// that do not exist, are never looked at; without the limit they fail.
  func testMaxFramesReadsTheListsNoFurther() throws {
    let sequence = try synthesize()
    for list in ["rgb.txt", "depth.txt"] {
      let url = URL(fileURLWithPath: sequence + "/" + list)
      var text = try String(contentsOf: url, encoding: .utf8)
      for k in 0..<20_000 {
        text += String(format: "%.6f", 100.0 + Double(k) / 30) + " missing/\(k).png\n"
      }
      try Data(text.utf8).write(to: url)
    }
    let limited = try CommandRunner.run(
      ["replay", sequence, "--max-frames", "5", "--events", "/dev/null", "--quiet"], timeout: 120)
    XCTAssertEqual(limited.status, 0, limited.stderr)
    let whole = try CommandRunner.run(
      ["replay", sequence, "--events", "/dev/null", "--quiet"], timeout: 120)
    XCTAssertEqual(whole.status, 1, whole.stderr)
    XCTAssertTrue(whole.stderr.contains("missing/0.png"), whole.stderr)
  }

  /// Issue 46, bounded cost: the argument parser's time grows with the
  /// square of repeated options, so scripted touches are bounded.
  func testScriptedTouchesAreBounded() throws {
    let sequence = try synthesize()
    func taps(_ count: Int) -> [String] {
      (0..<count).map { "--tap=t=0.05,x=0.5,y=0.7,object=o\($0)" }
    }
    let refused = try CommandRunner.run(
      ["replay", sequence, "--events", "/dev/null", "--quiet"] + taps(1001), timeout: 60)
    XCTAssertEqual(refused.status, 2, refused.stderr)
    XCTAssertTrue(refused.stderr.contains("at most 1000 --tap"), refused.stderr)
    let allowed = try CommandRunner.run(
      ["replay", sequence, "--events", "/dev/null", "--quiet"] + taps(1000), timeout: 60)
    XCTAssertEqual(allowed.status, 0, allowed.stderr)
  }

  func testAMapThatIsNoFileIsRefusedForWhatItIs() throws {
    let fifo = path("map.fifo")
    XCTAssertEqual(mkfifo(fifo, 0o644), 0)
    for (map, says) in [
      (directory.path, "is a folder"), ("/dev/zero", "is a device"), (fifo, "is a FIFO"),
      (path("absent.map"), "does not exist"),
    ] {
      let run = try CommandRunner.run(["map", "info", map], timeout: 60)
      XCTAssertEqual(run.status, 1, "\(map): \(run.stderr)")
      XCTAssertTrue(run.stderr.contains(says), "\(map): \(run.stderr)")
      XCTAssertFalse(run.stderr.contains("NSCocoaErrorDomain"), run.stderr)
    }
  }

  func testCountsThatMultiplyAreBoundedAndNegativeOnesNamed() throws {
    let sequence = try synthesize()
    let huge = "9223372036854775807"
    let bench = try CommandRunner.run(["bench", sequence, "--repeat", huge, "--quiet"])
    XCTAssertEqual(bench.status, 2, bench.stderr)
    XCTAssertTrue(bench.stderr.contains("--repeat must be at most"), bench.stderr)
    let loop = try CommandRunner.run([
      "replay", sequence, "--loop", huge, "--report", path("loop-report"), "--quiet",
    ])
    XCTAssertEqual(loop.status, 2, loop.stderr)
    XCTAssertTrue(loop.stderr.contains("--loop must be at most"), loop.stderr)
    XCTAssertFalse(FileManager.default.fileExists(atPath: path("loop-report")))
    for (command, option) in [
      (["replay", sequence, "--max-frames", "-1"], "--max-frames"),
      (["replay", sequence, "--loop", "-1"], "--loop"),
      (["bench", sequence, "--repeat", "-1"], "--repeat"),
      (["bench", sequence, "--warmup", "-3"], "--warmup"),
    ] {
      let run = try CommandRunner.run(command)
      XCTAssertEqual(run.status, 2, run.stderr)
      XCTAssertTrue(run.stderr.contains(option), "\(command): \(run.stderr)")
      XCTAssertFalse(run.stderr.contains("Missing value"), "\(command): \(run.stderr)")
    }
  }
}
