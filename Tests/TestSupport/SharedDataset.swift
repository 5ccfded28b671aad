import Foundation
import XCTest

/// The real recordings in ../shared/datasets (beside the repository), which
/// are licensed for evaluation only and never copied into the repository:
/// tests read them in place and skip, saying so, when they are absent.
public enum SharedDataset {
  /// The folder holding Package.swift, found from this file's path.
  public static var repository: URL {
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
  public static func folder(_ name: String) throws -> URL {
    let folder = repository.appendingPathComponent("../shared/datasets/\(name)").standardizedFileURL
    guard FileManager.default.fileExists(atPath: folder.path) else {
      throw XCTSkip("shared dataset \(folder.path) is absent; it is not part of the repository")
    }
    return folder
  }
}
