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
  /// to a folder while this runs, so a folder is tried a few times.
  package static func removeAll() {
    let pending = lock.withLock { Array(paths.values) }
    for path in pending {
      for _ in 0..<3 {
        try? FileManager.default.removeItem(atPath: path)
        if !FileManager.default.fileExists(atPath: path) { break }
      }
    }
  }
}
