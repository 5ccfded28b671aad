import ARScene
import Foundation

/// Writes a synthetic scene's reference pictures as a reference-image set:
/// references/<name>.png, printed from the very texture the renderer draws,
/// and references/references.json, `[{"file", "name", "physicalWidth"}]`
/// with `file` relative to references/ and the width in metres.
enum ReferencePictureWriter {
  static let folder = "references"
  static let listName = "references.json"
  /// Pixels along a picture's longer side: enough detail for recognition at
  /// the sizes the camera sees them, small enough to keep sequences light.
  static let longSide = 480

  /// The pictures written, in the scene's order, with no visibility yet.
  static func write(
    _ renderer: SyntheticSceneRenderer, to sequence: URL
  ) throws -> [SyntheticAnnotations.ReferenceImage] {
    let pictures = try renderer.referenceImages()
    let directory = sequence.appendingPathComponent(folder)
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    } catch {
      throw DatasetError(file: directory.path, "cannot be created: \(error.localizedDescription)")
    }
    var images: [SyntheticAnnotations.ReferenceImage] = []
    var list: [CanonicalJSON] = []
    for (index, picture) in pictures.enumerated() {
      let aspect = Double(picture.size.y / picture.size.x)
      let width = aspect <= 1 ? longSide : max(1, Int((Double(longSide) / aspect).rounded()))
      let height = aspect <= 1 ? max(1, Int((Double(longSide) * aspect).rounded())) : longSide
      let pixels = try renderer.referencePicture(index, width: width, height: height)
      let file = "\(picture.name).png"
      let url = directory.appendingPathComponent(file)
      do {
        try pixels.write(to: url)
      } catch {
        throw DatasetError(file: url.path, "cannot be written: \(error.message)")
      }
      images.append(
        SyntheticAnnotations.ReferenceImage(
          name: picture.name, file: "\(folder)/\(file)", worldFromImage: picture.worldFromImage,
          physicalWidth: picture.size.x, physicalHeight: picture.size.y, visible: []))
      list.append(
        .object([
          "file": .string(file), "name": .string(picture.name),
          "physicalWidth": .number(picture.size.x),
        ]))
    }
    let url = directory.appendingPathComponent(listName)
    do {
      try Data(CanonicalJSON.array(list).text.utf8).write(to: url, options: .atomic)
    } catch {
      throw DatasetError(file: url.path, "cannot be written: \(error.localizedDescription)")
    }
    return images
  }
}
