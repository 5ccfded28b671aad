import Foundation
import TestSupport
import XCTest

/// Shortcuts over the shared recordings (see TestSupport's SharedDataset).
enum SharedDatasets {
  /// A temporary folder of symbolic links to some of a shared folder's files,
  /// for tests that want a few frames of a long recording without copying it.
  static func linkedSubset(
    of folder: URL, names: [String], test: XCTestCase
  ) throws -> URL {
    let subset = try SequenceFixtures.temporaryFolder(test, name: folder.lastPathComponent)
    for name in names {
      try FileManager.default.createSymbolicLink(
        at: subset.appendingPathComponent(name),
        withDestinationURL: folder.appendingPathComponent(name))
    }
    return subset
  }
}
