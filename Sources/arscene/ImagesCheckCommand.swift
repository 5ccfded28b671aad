import ARScene
import ARSceneDatasets
import ArgumentParser
import Foundation

struct ImagesCheckCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "check",
    abstract: "Validate a folder of reference images (references.json) and score each 0-100.",
    discussion: """
      Prints one line per reference: its quality score, distinctive points, how much of \
      the picture they cover and how many look alike, and "ok" or why it is rejected \
      (too small, too little texture, repetitive pattern, duplicate name, duplicate \
      content). Exits 1 when any is rejected or the folder cannot be read.
      """
  )

  @Argument(help: "Folder with references.json and the images it names.")
  var directory: String

  @OptionGroup var paths: OutsidePathsOption

  func run() throws {
    let list = try ReferenceImageList(
      directory: URL(fileURLWithPath: directory), allowingOutsidePaths: paths.allowOutsidePaths)
    try list.requireEntries()
    var images: [ReferenceImage] = []
    var unreadable: [Int: DatasetError] = [:]
    for (index, entry) in list.entries.enumerated() {
      do {
        images.append(try list.referenceImage(entry))
      } catch {
        unreadable[index] = error
      }
    }
    var verdicts = try ReferenceImageDetector.examine(images).makeIterator()
    var rejected = 0
    print("quality  points  coverage  repetition  name  verdict")
    for (index, entry) in list.entries.enumerated() {
      if let error = unreadable[index] {
        rejected += 1
        print("      -       -         -           -  \(entry.name)  rejected: \(error.message)")
        continue
      }
      guard let (validation, error) = verdicts.next() else { break }
      if error != nil { rejected += 1 }
      let verdict = error.map { "rejected: \($0.message)" } ?? "ok"
      print(
        String(
          format: "%7d  %6d  %7.0f%%  %9.0f%%  %@  %@", validation.quality, validation.featureCount,
          validation.coverage * 100, validation.repetition * 100, entry.name, verdict))
    }
    if rejected > 0 {
      throw DatasetError(
        file: list.directory.appendingPathComponent(ReferenceImageList.fileName).path,
        "\(rejected) of \(list.entries.count) reference images rejected")
    }
  }
}
