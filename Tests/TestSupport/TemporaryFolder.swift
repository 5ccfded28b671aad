import Foundation
import XCTest

/// A fresh folder under the system's temporary directory for one test,
/// removed when the test ends (pass or fail).
public enum TemporaryFolder {
  /// `<tmp>/<prefix>-<UUID>`, created now and removed after `test`.
  public static func make(_ prefix: String, removedAfter test: XCTestCase) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "\(prefix)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    test.addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
    return folder
  }
}
