import ARScene
import ARSceneDatasets
import ArgumentParser
import Foundation

/// `--references DIR`: the pictures a session looks for, shared by replay,
/// bench and eval. Without it a sequence's own `references/` folder is used
/// when it has one.
struct ReferenceImagesOption: ParsableArguments {
  @Option(
    name: .customLong("references"),
    help: ArgumentHelp(
      "Reference images to recognise: a folder with references.json (default: the sequence's"
        + " references/ folder, if any).", valueName: "DIR"))
  var references: String?

  /// The folder to read, if any: the option's, else the sequence's.
  func folder(for sequence: any DatasetSequence) -> URL? {
    if let references { return URL(fileURLWithPath: references) }
    let own = sequence.url.appendingPathComponent("references")
    let list = own.appendingPathComponent(ReferenceImageList.fileName)
    return FileManager.default.fileExists(atPath: list.path) ? own : nil
  }

  /// The pictures, read and checked; empty without a folder.
  func load(
    for sequence: any DatasetSequence, allowingOutsidePaths: Bool = false
  ) throws -> [ReferenceImage] {
    guard let folder = folder(for: sequence) else { return [] }
    return try ReferenceImageList(directory: folder, allowingOutsidePaths: allowingOutsidePaths)
      .referenceImages()
  }
}
