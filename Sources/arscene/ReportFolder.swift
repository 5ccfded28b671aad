import ARSceneDatasets
import Foundation

/// Where a report goes: a folder that must not exist or be empty, or with
/// `--force` one that holds other files, which stay: the report's own files
/// (index.html and its thumbnails) replace only files of the same names.
/// The report is written into a hidden folder beside it (``StagingFolder``)
/// and moved into place when complete, so a failed run leaves what was
/// there. A folder that holds the command's inputs is refused before (the
/// outputs' rule, ``OutputPaths``).
struct ReportFolder {
  let path: String
  let force: Bool

  init(path: String, force: Bool) throws(DatasetError) {
    self.path = path
    self.force = force
    if force {
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
        !isDirectory.boolValue
      {
        throw DatasetError(file: path, "exists and is not a folder: give a folder for the report")
      }
      return
    }
    do {
      try OutputPaths.requireEmptyOrAbsentFolder(URL(fileURLWithPath: path), for: "a report")
    } catch {
      throw DatasetError(
        file: path,
        "\(error.message) (--force writes the report beside what is there, replacing only"
          + " files of its own names)")
    }
  }

  /// Runs `body` on a new hidden folder beside the target, then puts its
  /// files in the target.
  func write<T>(_ body: (URL) throws(DatasetError) -> T) throws(DatasetError) -> T {
    let target = URL(fileURLWithPath: path)
    let staging = try StagingFolder(beside: target)
    defer { staging.remove() }
    let result = try body(staging.url)
    do {
      if try Self.isAbsentOrEmpty(target) {
        if FileManager.default.fileExists(atPath: target.path) { rmdir(target.path) }
        try FileManager.default.moveItem(at: staging.url, to: target)
      } else {
        try Self.moveFiles(of: staging.url, into: target)
      }
    } catch let error as DatasetError {
      throw error
    } catch {
      throw DatasetError(
        file: path, code: .ioError, "cannot put the report in place: \(error.localizedDescription)")
    }
    return result
  }

  private static func isAbsentOrEmpty(_ folder: URL) throws -> Bool {
    guard FileManager.default.fileExists(atPath: folder.path) else { return true }
    return try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty
  }

  /// Moves every file of `staging` into `folder`, replacing files of the
  /// same names and nothing else. A name that is a folder (or anything but a
  /// file) in `folder` stops it before anything moves.
  private static func moveFiles(of staging: URL, into folder: URL) throws {
    let names = try FileManager.default.contentsOfDirectory(atPath: staging.path).sorted()
    for name in names {
      var isDirectory: ObjCBool = false
      let destination = folder.appendingPathComponent(name)
      if FileManager.default.fileExists(atPath: destination.path, isDirectory: &isDirectory),
        isDirectory.boolValue
      {
        throw DatasetError(
          file: destination.path,
          "is a folder where the report writes a file of that name; move it, or write the"
            + " report elsewhere")
      }
    }
    for name in names {
      // rename(2) replaces a file of the same name in one step.
      let from = staging.appendingPathComponent(name).path
      let to = folder.appendingPathComponent(name).path
      guard rename(from, to) == 0 else {
        throw DatasetError(
          file: to, code: .ioError, "cannot be replaced: \(String(cString: strerror(errno)))")
      }
    }
  }

  /// `word` as a shell would need it quoted.
  static func shellQuoted(_ word: String) -> String {
    let plain = word.allSatisfy { $0.isLetter || $0.isNumber || "-_./=:,@".contains($0) }
    return plain && !word.isEmpty
      ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}
