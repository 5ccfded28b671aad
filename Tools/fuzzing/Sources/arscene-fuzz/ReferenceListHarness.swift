import ARScene
import ARSceneDatasets
import Foundation

/// references.json: the input is the file, beside two small pictures; the
/// list is read as `--references` reads it and every image is loaded and
/// judged.
enum ReferenceListHarness {
  static let target: FuzzTarget = {
    let folder = LazyFolder(template: "references")
    return FuzzTarget(
      name: "references-json", summary: "references.json of a reference image folder",
      prepare: { _ = folder.scratch },
      run: { data in
        folder.scratch.with(ReferenceImageList.fileName, replacedBy: data) {
          guard let list = try? ReferenceImageList(directory: folder.scratch.url) else { return }
          _ = try? list.referenceImages()
        }
      })
  }()
}
