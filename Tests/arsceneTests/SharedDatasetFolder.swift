import Foundation
import XCTest

/// `../shared/datasets/<name>` beside the repository, or an XCTSkip saying it
/// is absent (the recordings are licensed for evaluation and never committed).
enum SharedDatasetFolder {
  static func named(_ name: String) throws -> URL {
    var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    while folder.path != "/",
      !FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path)
    {
      folder = folder.deletingLastPathComponent()
    }
    let dataset = folder.appendingPathComponent("../shared/datasets/\(name)").standardizedFileURL
    guard FileManager.default.fileExists(atPath: dataset.path) else {
      throw XCTSkip("shared dataset \(dataset.path) is absent; it is not part of the repository")
    }
    return dataset
  }
}
