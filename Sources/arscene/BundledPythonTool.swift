import ARSceneDatasets
import Foundation

/// The Python scripts bundled with the command, for the ROS formats:
/// rosbag-to-native.py (`dataset info` and `dataset convert` of rosbag2
/// SQLite3 and MCAP and ROS 1 bags) and events-to-mcap.py (`replay --mcap`),
/// both on the `rosbags` package from PyPI, since Swift readers and writers
/// of those formats would be written by hand.
enum BundledPythonTool {
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
    // The converter prints little (its summary, or the topics), so reading
    // its two pipes one after the other cannot fill one and block it.
    let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
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
      throw DatasetError(file: bag, last)
    }
  }
}
