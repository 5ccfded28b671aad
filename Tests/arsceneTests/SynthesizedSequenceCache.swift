import Foundation
import XCTest

#if canImport(Glibc)
  import Glibc
#endif

/// Synthetic sequences rendered once per test run, each test getting its own
/// copy. Rendering is most of an acceptance test's time (300 frames of the
/// room at 640x480: 22.7 s to render, 4.5 s to replay, release build, on
/// the 2-core machine CI runs on), and several tests render the same
/// sequence: the coaching and the tracking acceptance tests replay the same
/// 300-frame scenarios.
///
/// Tools/test names a folder in ARSCENE_TEST_SEQUENCE_CACHE and removes it
/// when the run ends; without it, every test renders its own sequence, as a
/// test run on its own does. A render is reused only for the same
/// `arscene` file (path, size and modification time) and the same
/// arguments. Each test gets a full copy, never a link, so a test that edits
/// its sequence (the lens test rewrites sequence.json) edits only its own.
enum SynthesizedSequenceCache {
  /// `arscene dataset synth ARGUMENTS --out DESTINATION --quiet` with
  /// `executable`, or a copy of the same render made earlier in this run.
  static func synthesize(_ arguments: [String], with executable: URL, into destination: String)
    throws -> CommandResult
  {
    // Stored PNGs: a deflate buys nothing in a folder removed after the
    // test, and costs about 15% of each render and 40% of each replay of it
    // (measured on 90 frames of the room, SyntheticSequenceGenerator).
    func render(_ out: String) throws -> CommandResult {
      try CommandRunner.run(
        ["dataset", "synth"] + arguments + ["--png-compression", "0", "--out", out, "--quiet"],
        executable: executable)
    }
    guard let folder = ProcessInfo.processInfo.environment["ARSCENE_TEST_SEQUENCE_CACHE"],
      !folder.isEmpty
    else { return try render(destination) }

    let cached = URL(fileURLWithPath: folder).appendingPathComponent(
      try key(arguments, executable)
    ).path
    // Tests run in parallel processes: the first to ask renders, a second
    // asking for the same sequence waits for it instead of rendering it too.
    let lock = open(cached + ".lock", O_CREAT | O_RDWR, 0o644)
    guard lock >= 0 else {
      throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: cached + ".lock"])
    }
    defer { close(lock) }
    guard flock(lock, LOCK_EX) == 0 else {
      throw CocoaError(.fileLocking, userInfo: [NSFilePathErrorKey: cached + ".lock"])
    }
    defer { flock(lock, LOCK_UN) }
    if !FileManager.default.fileExists(atPath: cached) {
      // synth leaves no folder when it fails, so a failed render is not
      // kept: the next test asking renders again and sees the failure too.
      let result = try render(cached)
      guard result.status == 0 else { return result }
    }
    try FileManager.default.copyItem(atPath: cached, toPath: destination)
    return CommandResult(status: 0, stdout: "", stderr: "")
  }

  /// A file name for (executable file, arguments): FNV-1a over both.
  private static func key(_ arguments: [String], _ executable: URL) throws -> String {
    let attributes = try FileManager.default.attributesOfItem(atPath: executable.path)
    let size = (attributes[.size] as? NSNumber)?.int64Value ?? -1
    let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? -1
    let identity = ([executable.path, "\(size)", "\(modified)"] + arguments).joined(
      separator: "\u{1F}")
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in identity.utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }
    return "synth-" + String(hash, radix: 16)
  }
}
