import ARSceneDatasets
import Foundation

/// The Python scripts bundled with the command, for the ROS formats:
/// rosbag-to-native.py (`dataset info` and `dataset convert` of rosbag2
/// SQLite3 and MCAP and ROS 1 bags) and events-to-mcap.py (`replay --mcap`),
/// both on the `rosbags` package from PyPI, since Swift readers and writers
/// of those formats would be written by hand.
enum BundledPythonTool {
  /// Characters of a script's message shown at most.
  static let messageLimit = 400

  /// Whether `path` is a ROS bag: a `.bag`, `.mcap` or `.db3` file, or a
  /// rosbag2 folder (with metadata.yaml).
  static func isBag(_ path: String) -> Bool {
    let url = URL(fileURLWithPath: path)
    if ["bag", "mcap", "db3"].contains(url.pathExtension.lowercased()) { return true }
    return FileManager.default.fileExists(atPath: url.appendingPathComponent("metadata.yaml").path)
  }

  /// Runs the script `name` on `file` with `arguments`; what it prints goes
  /// to standard output, or to standard error as a note
  /// (`reportsOnStandardError`), or nowhere (`quiet`). Throws naming `file`
  /// with the script's message when it fails.
  static func run(
    _ name: String, on file: String, _ arguments: [String], reportsOnStandardError: Bool = false,
    quiet: Bool = false
  ) throws(DatasetError) {
    guard let script = Bundle.module.path(forResource: name, ofType: "py") else {
      throw DatasetError(
        file: file, code: .missingFile, "\(name).py is missing from this installation")
    }
    let bag = file
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", script, bag] + arguments
    let errors = Pipe()
    process.standardError = errors
    let output = Pipe()
    process.standardOutput = output
    process.standardInput = FileHandle.nullDevice
    do { try process.run() } catch {
      throw DatasetError(
        file: bag, code: .missingFile,
        "python3 is needed to read ROS bags: \(error.localizedDescription)")
    }
    // Both pipes are read at once: a script that fills one (a 100 kB
    // encoding name in a traceback, say) while the other is read to its end
    // would block both processes forever. What is kept is bounded: the
    // start of what it printed, the end of its errors (the message is the
    // last line).
    let errorReader = BoundedPipeReader(errors.fileHandleForReading, keeping: .tail)
    let printed = String(
      decoding: BoundedPipeReader.read(output.fileHandleForReading, keeping: .head), as: UTF8.self)
    let message = String(decoding: errorReader.wait(), as: UTF8.self)
    process.waitUntilExit()
    if !quiet, !printed.isEmpty {
      let text = printed.hasSuffix("\n") ? String(printed.dropLast()) : printed
      if reportsOnStandardError { Terminal.printError(text) } else { print(text) }
    }
    guard process.terminationStatus == 0 else {
      let lines = message.split(separator: "\n").map(String.init)
      let prefix = name + ": "
      var last = lines.last { $0.hasPrefix(prefix) } ?? lines.last ?? "failed"
      last = String(last.dropFirst(last.hasPrefix(prefix) ? prefix.count : 0))
      // The error names the bag itself once.
      if last.hasPrefix(bag + ": ") { last = String(last.dropFirst(bag.count + 2)) }
      // A name or an encoding from the bag can be any length.
      if last.count > Self.messageLimit { last = last.prefix(Self.messageLimit) + "…" }
      throw DatasetError(file: bag, last)
    }
  }
}

/// Reads a pipe to its end on a thread of its own, keeping at most
/// ``limit`` bytes: the first or the last.
final class BoundedPipeReader: @unchecked Sendable {
  enum Keep { case head, tail }
  /// Enough for any message or listing the scripts print.
  static let limit = 1 << 20

  private let done = DispatchSemaphore(value: 0)
  private var data = Data()

  init(_ handle: FileHandle, keeping keep: Keep) {
    Thread.detachNewThread { [self] in
      data = Self.read(handle, keeping: keep)
      done.signal()
    }
  }

  /// What was kept, once the pipe has ended.
  func wait() -> Data {
    done.wait()
    return data
  }

  /// Reads `handle` to its end on this thread, keeping at most ``limit``
  /// bytes.
  static func read(_ handle: FileHandle, keeping keep: Keep) -> Data {
    var kept = Data()
    while true {
      let chunk = handle.availableData
      if chunk.isEmpty { return keep == .tail ? Data(kept.suffix(limit)) : kept }
      switch keep {
      case .head:
        if kept.count < limit { kept.append(chunk.prefix(limit - kept.count)) }
      case .tail:
        kept.append(chunk)
        if kept.count > 2 * limit { kept = Data(kept.suffix(limit)) }
      }
    }
  }
}
