import ARScene
import Foundation

/// A hidden folder beside an output folder, where the output is written
/// until it is whole: `.NAME.partial-PID-RANDOM`. It is created new (never
/// an existing folder taken over), so a user's folder that happens to have
/// a similar name is never touched, and only the process that made it
/// removes it.
package struct StagingFolder {
  /// The folder the output will be once whole.
  package let target: URL
  /// The staging folder itself.
  package let url: URL

  /// Creates the staging folder beside `target`. Throws naming `target`
  /// when its parent cannot hold one.
  package init(beside target: URL) throws(DatasetError) {
    self.target = target.standardizedFileURL
    let parent = self.target.deletingLastPathComponent()
    // A missing parent is made, as `mkdir -p` would, so the output may name
    // a new folder of new folders.
    try? FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
    let pid = ProcessInfo.processInfo.processIdentifier
    for _ in 0..<8 {
      let suffix = String(UInt64.random(in: 0...UInt64.max), radix: 36)
      let candidate = parent.appendingPathComponent(
        ".\(self.target.lastPathComponent).partial-\(pid)-\(suffix)")
      // mkdir fails with EEXIST rather than adopt a folder that is there.
      if mkdir(candidate.path, 0o777) == 0 {
        url = candidate
        return
      }
      guard errno == EEXIST else { break }
    }
    throw DatasetError(
      file: self.target.path, code: .ioError,
      "cannot create a folder beside it to write into: \(String(cString: strerror(errno)))")
  }

  /// Removes the staging folder and what was written into it.
  package func remove() { try? FileManager.default.removeItem(at: url) }
}
