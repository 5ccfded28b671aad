import ARSceneDatasets
import Foundation

/// Where a report goes: a folder that must not exist or be empty (`--force`
/// lets it replace one that is not). The report is written into a hidden
/// folder beside it and moved into place when complete, so a failed run
/// leaves what was there.
struct ReportFolder {
  let path: String

  init(path: String, force: Bool) throws(DatasetError) {
    self.path = path
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return }
    guard isDirectory.boolValue else {
      throw DatasetError(file: path, "exists and is not a folder: give a folder for the report")
    }
    let contents = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
    if !contents.isEmpty, !force {
      throw DatasetError(
        file: path, "is not empty (\(contents.count) entries): give --force to replace it")
    }
  }

  /// Runs `body` on a new hidden folder beside the target, then puts it in
  /// the target's place.
  func write<T>(_ body: (URL) throws(DatasetError) -> T) throws(DatasetError) -> T {
    let target = URL(fileURLWithPath: path)
    let staging = target.deletingLastPathComponent().appendingPathComponent(
      ".\(target.lastPathComponent).partial-\(ProcessInfo.processInfo.processIdentifier)")
    try? FileManager.default.removeItem(at: staging)
    let result: T
    do {
      result = try body(staging)
    } catch {
      try? FileManager.default.removeItem(at: staging)
      throw error
    }
    do {
      if FileManager.default.fileExists(atPath: target.path) {
        try FileManager.default.removeItem(at: target)
      }
      try FileManager.default.moveItem(at: staging, to: target)
    } catch {
      try? FileManager.default.removeItem(at: staging)
      throw DatasetError(
        file: path, code: .ioError, "cannot put the report in place: \(error.localizedDescription)")
    }
    return result
  }

  /// `word` as a shell would need it quoted.
  static func shellQuoted(_ word: String) -> String {
    let plain = word.allSatisfy { $0.isLetter || $0.isNumber || "-_./=:,@".contains($0) }
    return plain && !word.isEmpty
      ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}
