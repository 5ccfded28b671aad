import Foundation
import TestSupport
import XCTest

/// Issue 18's output rows, each reproducing the failure it was filed for:
/// outputs are written whole or not at all, a symlink is followed, a FIFO is
/// written through (never replaced by a regular file), an output that would
/// replace one of the command's inputs is refused before any work, and a
/// conversion that fails leaves no half sequence behind.
final class OutputDisciplineCommandTests: XCTestCase {
  private var directory: URL!

  override func setUpWithError() throws {
    directory = try TemporaryFolder.make("arsceneOutputs", removedAfter: self)
  }

  private func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

  private func synthesize(_ name: String = "seq", frames: Int = 6) throws -> String {
    let out = path(name)
    let result = try CommandRunner.run([
      "dataset", "synth", "--scene", "room", "--frames", "\(frames)", "--seed", "3",
      "--width", "96", "--height", "72", "--out", out, "--quiet",
    ])
    XCTAssertEqual(result.status, 0, result.stderr)
    return out
  }

  private func corruptFrame(_ index: Int, of sequence: String) throws -> String {
    let name = try XCTUnwrap(
      FileManager.default.contentsOfDirectory(atPath: sequence + "/rgb").sorted().dropFirst(index)
        .first)
    try Data("not a png".utf8).write(to: URL(fileURLWithPath: sequence + "/rgb/" + name))
    return name
  }

  /// What `path` itself is (S_IFREG, S_IFIFO, S_IFLNK, ...), links not
  /// followed.
  private func kind(_ path: String) -> mode_t {
    var status = stat()
    XCTAssertEqual(lstat(path, &status), 0, path)
    return status.st_mode & S_IFMT
  }

  func testAFailedReplayKeepsTheOldEventsFile() throws {
    let sequence = try synthesize()
    let events = path("events.jsonl")
    let old = Data("the events of an earlier run\n".utf8)
    try old.write(to: URL(fileURLWithPath: events))
    _ = try corruptFrame(4, of: sequence)
    let result = try CommandRunner.run(["replay", sequence, "--events", events, "--quiet"])
    XCTAssertEqual(result.status, 1, result.stderr)
    XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: events)), old)
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path)
      .filter { $0.contains("partial") }
    XCTAssertEqual(leftovers, [], "no temporary file left beside the events")
  }

  func testASymlinkedOutputIsFollowedAndStaysALink() throws {
    let sequence = try synthesize()
    let target = path("real-events.jsonl")
    let link = path("link.jsonl")
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
    let result = try CommandRunner.run(["replay", sequence, "--events", link, "--quiet"])
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertEqual(kind(link), S_IFLNK)
    let written = try String(contentsOfFile: target, encoding: .utf8)
    XCTAssertTrue(written.hasPrefix("{\"type\":\"session\""), String(written.prefix(80)))
  }

  func testAFIFOIsWrittenThroughLineByLineAndStaysAFIFO() throws {
    let sequence = try synthesize()
    let fifo = path("events.fifo")
    XCTAssertEqual(mkfifo(fifo, 0o600), 0)
    // A reader on the FIFO, as `arscene replay --events fifo & tail -f fifo`.
    let received = LockedData()
    let reader = Thread {
      guard let handle = FileHandle(forReadingAtPath: fifo) else { return }
      received.set(handle.readDataToEndOfFile())
    }
    reader.start()
    let result = try CommandRunner.run(["replay", sequence, "--events", fifo, "--quiet"])
    XCTAssertEqual(result.status, 0, result.stderr)
    let deadline = Date().addingTimeInterval(30)
    while received.get() == nil && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
    let text = String(decoding: try XCTUnwrap(received.get()), as: UTF8.self)
    XCTAssertTrue(text.hasPrefix("{\"type\":\"session\""), String(text.prefix(80)))
    XCTAssertTrue(text.contains("\"type\":\"summary\""))
    XCTAssertEqual(kind(fifo), S_IFIFO, "still a FIFO, not a regular file")
  }

  func testATrajectoryOverTheSequencesOwnListIsRefusedBeforeAnyWork() throws {
    let sequence = try synthesize()
    let list = sequence + "/rgb.txt"
    let before = try Data(contentsOf: URL(fileURLWithPath: list))
    let result = try CommandRunner.run(["replay", sequence, "--trajectory", list, "--quiet"])
    XCTAssertEqual(result.status, 1, result.stderr)
    XCTAssertTrue(result.stderr.contains("--trajectory"), result.stderr)
    XCTAssertTrue(result.stderr.contains("sequence being read"), result.stderr)
    XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: list)), before)
    let refined = try CommandRunner.run([
      "replay", sequence, "--refined-trajectory", list, "--quiet",
    ])
    XCTAssertEqual(refined.status, 1, refined.stderr)
    XCTAssertTrue(refined.stderr.contains("--refined-trajectory"), refined.stderr)
    XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: list)), before)
    // Through a symlink from outside, the same.
    let link = path("list-link.txt")
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: list)
    let linked = try CommandRunner.run(["replay", sequence, "--events", link, "--quiet"])
    XCTAssertEqual(linked.status, 1, linked.stderr)
    XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: list)), before)
    // A new file inside the sequence's folder replaces nothing: allowed.
    let inside = try CommandRunner.run([
      "replay", sequence, "--trajectory", sequence + "/estimate.txt", "--quiet",
    ])
    XCTAssertEqual(inside.status, 0, inside.stderr)
  }

  func testARelocalizationReportOverItsOwnMapIsRefused() throws {
    let sequence = try synthesize(frames: 30)
    let map = path("walk.map")
    let built = try CommandRunner.run(["map", "build", sequence, "--out", map, "--quiet"])
    XCTAssertEqual(built.status, 0, built.stderr)
    let before = try Data(contentsOf: URL(fileURLWithPath: map))
    let result = try CommandRunner.run([
      "relocalize", sequence, "--map", map, "--json", map, "--quiet",
    ])
    XCTAssertEqual(result.status, 1, result.stderr)
    XCTAssertTrue(result.stderr.contains("--json would replace an input"), result.stderr)
    XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: map)), before)
  }

  func testAFolderIsRefusedAsAnOutputFile() throws {
    let sequence = try synthesize()
    let folder = path("a-folder")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    let result = try CommandRunner.run(["replay", sequence, "--events", folder, "--quiet"])
    XCTAssertEqual(result.status, 1, result.stderr)
    XCTAssertTrue(result.stderr.contains("is a folder"), result.stderr)
  }

  func testAFailedConversionLeavesNoFolderAndAllowsARerun() throws {
    let sequence = try synthesize(frames: 8)
    let bad = try corruptFrame(5, of: sequence)
    let out = path("converted")
    let result = try CommandRunner.run(["dataset", "convert", sequence, "--out", out, "--quiet"])
    XCTAssertEqual(result.status, 1, result.stderr)
    XCTAssertTrue(result.stderr.contains(bad), result.stderr)
    XCTAssertFalse(FileManager.default.fileExists(atPath: out), "no half-written sequence")
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path)
      .filter { $0.contains("partial") }
    XCTAssertEqual(leftovers, [])
    // Fixed, the same command succeeds where it failed.
    try FileManager.default.removeItem(atPath: sequence)
    let good = try synthesize(frames: 8)
    let rerun = try CommandRunner.run(["dataset", "convert", good, "--out", out, "--quiet"])
    XCTAssertEqual(rerun.status, 0, rerun.stderr)
    XCTAssertTrue(FileManager.default.fileExists(atPath: out + "/sequence.json"))
  }

  func testASynthStoppedBySIGTERMLeavesNothingAndDiesOfTheSignal() throws {
    let out = path("stopped")
    let process = Process()
    process.executableURL = CommandRunner.productsDirectory.appendingPathComponent("arscene")
    process.arguments = [
      "dataset", "synth", "--scene", "room", "--frames", "3000", "--width", "96", "--height",
      "72", "--out", out, "--quiet",
    ]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    // Stopped once it is writing frames into its hidden folder.
    let deadline = Date().addingTimeInterval(60)
    var writing = false
    while !writing && process.isRunning && Date() < deadline {
      let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
      if let partial = names.first(where: { $0.hasPrefix(".stopped.partial") }) {
        let rgb = directory.appendingPathComponent(partial).appendingPathComponent("rgb").path
        writing = ((try? FileManager.default.contentsOfDirectory(atPath: rgb)) ?? []).count > 2
      }
      Thread.sleep(forTimeInterval: 0.02)
    }
    XCTAssertTrue(writing, "synth did not start writing frames")
    process.terminate()
    process.waitUntilExit()
    XCTAssertEqual(process.terminationReason, .uncaughtSignal)
    XCTAssertEqual(process.terminationStatus, SIGTERM)
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), [])
  }
}

extension OutputDisciplineCommandTests {
  /// Ctrl-C during a replay ends it after the frame it is on: the events
  /// (here streamed to a pipe) end with the summary of the frames
  /// processed, the trajectory is written whole for them, and the process
  /// still dies of SIGINT (status 130 in a shell).
  func testAReplayStoppedByCtrlCLeavesCompleteOutputsAndDiesOfTheSignal() throws {
    let sequence = try synthesize(frames: 30)
    let trajectory = path("stopped.txt")
    let process = Process()
    process.executableURL = CommandRunner.productsDirectory.appendingPathComponent("arscene")
    process.arguments = [
      "replay", sequence, "--loop", "1000", "--events", "-", "--trajectory", trajectory,
      "--no-timings", "--quiet",
    ]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    let received = LockedData()
    let reader = Thread {
      while case let data = output.fileHandleForReading.availableData, !data.isEmpty {
        received.append(data)
      }
    }
    try process.run()
    reader.start()
    let frameLines = { () -> Int in
      String(decoding: received.get() ?? Data(), as: UTF8.self)
        .components(separatedBy: "\"type\":\"frame\"").count - 1
    }
    let deadline = Date().addingTimeInterval(60)
    // Past the first frames, whose poses are provisional (not in a trajectory).
    while frameLines() < 25 && process.isRunning && Date() < deadline {
      Thread.sleep(forTimeInterval: 0.02)
    }
    XCTAssertGreaterThanOrEqual(frameLines(), 25, "the replay did not start")
    kill(process.processIdentifier, SIGINT)
    process.waitUntilExit()
    XCTAssertEqual(process.terminationReason, .uncaughtSignal)
    XCTAssertEqual(process.terminationStatus, SIGINT)
    let readDeadline = Date().addingTimeInterval(10)
    var text = ""
    repeat {
      Thread.sleep(forTimeInterval: 0.05)
      text = String(decoding: received.get() ?? Data(), as: UTF8.self)
    } while !text.hasSuffix("\n") && Date() < readDeadline

    let lines = text.split(separator: "\n")
    let events = try lines.map {
      try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    let summary = try XCTUnwrap(events.last)
    XCTAssertEqual(summary["type"] as? String, "summary")
    XCTAssertEqual(summary["stopped"] as? Bool, true)
    let processed = try XCTUnwrap(summary["framesProcessed"] as? Int)
    XCTAssertEqual(processed, events.filter { $0["type"] as? String == "frame" }.count)
    XCTAssertLessThan(processed, 30 * 1000, "stopped early")
    let measured = try XCTUnwrap(summary["framesWithMeasuredPose"] as? Int)
    let poses = try String(contentsOfFile: trajectory, encoding: .utf8)
      .split(separator: "\n").filter { !$0.hasPrefix("#") }
    XCTAssertGreaterThan(poses.count, 0)
    XCTAssertLessThanOrEqual(poses.count, measured)
    for pose in poses {
      let fields = pose.split(separator: " ").compactMap { Double($0) }
      XCTAssertEqual(fields.count, 8, String(pose))
    }
  }
}

/// Data handed from the reader thread to the test.
private final class LockedData: @unchecked Sendable {
  private let lock = NSLock()
  private var data: Data?
  func set(_ value: Data) { lock.withLock { data = value } }
  func append(_ value: Data) { lock.withLock { data = (data ?? Data()) + value } }
  func get() -> Data? { lock.withLock { data } }
}
