import Foundation
import TestSupport
import XCTest

/// The progress line of long commands: drawn on a terminal (here a
/// pseudo-terminal made by util-linux `script`) with frames done, frames per
/// second and time left, erased before the summary; absent in a pipe or a
/// file, and with --quiet.
final class ProgressLineTests: XCTestCase {
  private func scriptExecutable() throws -> String {
    for path in ["/usr/bin/script", "/bin/script"]
    where FileManager.default.isExecutableFile(atPath: path) {
      return path
    }
    throw XCTSkip(
      "util-linux `script` is not installed: no pseudo-terminal to test the progress line on")
  }

  private func shellQuoted(_ word: String) -> String {
    "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }

  /// Runs arscene with `arguments` on a pseudo-terminal; what the terminal
  /// showed (stdout and stderr together).
  private func runOnTerminal(_ arguments: [String]) throws -> String {
    let executable = CommandRunner.productsDirectory.appendingPathComponent("arscene").path
    let command = ([executable] + arguments).map(shellQuoted).joined(separator: " ")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try scriptExecutable())
    process.arguments = ["-q", "-e", "-c", command, "/dev/null"]
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("pty-\(UUID())")
    XCTAssertTrue(FileManager.default.createFile(atPath: output.path, contents: nil))
    defer { try? FileManager.default.removeItem(at: output) }
    process.standardOutput = try FileHandle(forWritingTo: output)
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    XCTAssertEqual(process.terminationStatus, 0, "arscene \(arguments) on a terminal")
    return String(decoding: try Data(contentsOf: output), as: UTF8.self)
  }

  func testLongCommandsShowProgressOnATerminalOnly() throws {
    let folder = try TemporaryFolder.make("arscene-progress", removedAfter: self)
    let sequence = folder.appendingPathComponent("room").path
    let synth = try runOnTerminal([
      "dataset", "synth", "--frames", "60", "--width", "320", "--height", "240", "--out", sequence,
    ])
    XCTAssertTrue(synth.contains("synth ["), synth)

    let replay = try runOnTerminal(["replay", sequence, "--events", "/dev/null"])
    XCTAssertTrue(replay.contains("replay ["), replay)
    XCTAssertTrue(replay.contains("/60 frames"), replay)
    XCTAssertTrue(replay.contains("frames/s, "), "no rate: \(replay)")
    XCTAssertTrue(replay.contains(" s left"), "no time left: \(replay)")
    // Erased before the summary, which reads as it does without a terminal.
    let afterLastErase = try XCTUnwrap(replay.components(separatedBy: "\u{1B}[K").last)
    XCTAssertTrue(afterLastErase.contains("Replayed"), afterLastErase)
    XCTAssertFalse(afterLastErase.contains("replay ["), afterLastErase)

    let quiet = try runOnTerminal(["replay", sequence, "--events", "/dev/null", "--quiet"])
    XCTAssertFalse(quiet.contains("frames/s"), quiet)
    XCTAssertFalse(quiet.contains("replay ["), quiet)

    let bench = try runOnTerminal(["bench", sequence, "--repeat", "1"])
    XCTAssertTrue(bench.contains("bench ["), bench)
    XCTAssertTrue(bench.contains("/120 frames"), "one measured pass and the replay pass: \(bench)")

    // In a file (as in a pipe) there is no progress line at all.
    let plain = try CommandRunner.run(["replay", sequence, "--events", "/dev/null"])
    XCTAssertEqual(plain.status, 0, plain.stderr)
    XCTAssertFalse(plain.stderr.contains("\r"), plain.stderr)
    XCTAssertFalse(plain.stderr.contains("replay ["), plain.stderr)
    XCTAssertTrue(plain.stderr.contains("Replayed"), plain.stderr)
  }
}
