import Foundation

/// Outputs being written that are not whole yet: the temporary file of an
/// ``OutputFile/Stream`` and the hidden folder a sequence is written into.
/// Their owners remove them on failure; a command stopped by a signal
/// (Ctrl-C, `kill`) removes them here (``removeAll()``), so what it leaves is
/// nothing or the previous contents, never half an output.
package enum PartialOutputs {
  private static let lock = NSLock()
  nonisolated(unsafe) private static var paths: [Int: String] = [:]
  nonisolated(unsafe) private static var nextToken = 0

  /// Registers `path` (a file or a folder) until ``unregister(_:)``.
  package static func register(_ path: String) -> Int {
    lock.withLock {
      nextToken += 1
      paths[nextToken] = path
      return nextToken
    }
  }

  package static func unregister(_ token: Int) {
    lock.withLock { _ = paths.removeValue(forKey: token) }
  }

  /// Removes every registered path. The writer may still be adding files
  /// to a folder while this runs, and a file it creates between the
  /// listing and the removal of its folder would leave that folder behind.
  /// So each path is first renamed out of the writer's way (atomically:
  /// from then on the writer's paths name nothing and its next file fails
  /// to open), then removed.
  package static func removeAll() {
    let pending = lock.withLock { Array(paths.values) }
    for path in pending {
      let doomed = path + ".removing"
      let target = rename(path, doomed) == 0 ? doomed : path
      for _ in 0..<3 {
        try? FileManager.default.removeItem(atPath: target)
        if !FileManager.default.fileExists(atPath: target) { break }
      }
    }
  }
}
