import Foundation
import XCTest

/// The real recordings in ../shared/datasets (beside the repository), which
/// are licensed for evaluation only and never copied into the repository:
/// tests read them in place and skip when they are absent.
enum SharedDatasets {
  /// The folder holding Package.swift, found from this file's path.
  static var repository: URL {
    var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    while folder.path != "/" {
      if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path)
      {
        return folder
      }
      folder = folder.deletingLastPathComponent()
    }
    return folder
  }

  /// `../shared/datasets/<name>`, or an XCTSkip saying it is absent.
  static func folder(_ name: String) throws -> URL {
    let folder = repository.appendingPathComponent("../shared/datasets/\(name)").standardizedFileURL
    guard FileManager.default.fileExists(atPath: folder.path) else {
      throw XCTSkip("shared dataset \(folder.path) is absent; it is not part of the repository")
    }
    return folder
  }

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
