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
  /// With `distractorsUpTo`, the list is filled up to that many references
  /// with pictures that are not in the scene (see ``distractors(count:seed:)``),
  /// which a recognizer must never report.
  static func write(
    _ renderer: SyntheticSceneRenderer, to sequence: URL, distractorsUpTo: Int? = nil,
    seed: UInt64 = 0
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
    if let total = distractorsUpTo, total > images.count {
      for (name, renderer, index, size) in try distractors(count: total - images.count, seed: seed)
      {
        let width = longSide
        let height = max(1, Int((Double(longSide) * Double(size.y / size.x)).rounded()))
        let pixels = try renderer.referencePicture(index, width: width, height: height)
        let file = "\(name).png"
        let url = directory.appendingPathComponent(file)
        do {
          try pixels.write(to: url)
        } catch {
          throw DatasetError(file: url.path, "cannot be written: \(error.message)")
        }
        list.append(
          .object([
            "file": .string(file), "name": .string(name), "physicalWidth": .number(size.x),
          ]))
      }
    }
    let url = directory.appendingPathComponent(listName)
    do {
      try Data(CanonicalJSON.array(list).text.utf8).write(to: url, options: .atomic)
    } catch {
      throw DatasetError(file: url.path, "cannot be written: \(error.localizedDescription)")
    }
    return images
  }

  /// Pictures that hang in no scene of this seed: the pictures of the same
  /// room textured with other seeds (derived from seed), named
  /// "distractor-NNN-<picture>", in a fixed order. Each comes with the
  /// renderer that draws it, its index there and its size in metres.
  static func distractors(count: Int, seed: UInt64) throws
    -> [(String, SyntheticSceneRenderer, Int, SIMD2<Float>)]
  {
    var result: [(String, SyntheticSceneRenderer, Int, SIMD2<Float>)] = []
    var round: UInt64 = 0
    while result.count < count {
      round += 1
      let other = try SyntheticSceneRenderer(
        scene: .room, seed: SplitMix64.derivedSeed(100 + round, of: seed), plainSurfaces: false)
      for (index, picture) in try other.referenceImages().enumerated() where result.count < count {
        let name = String(format: "distractor-%03d-%@", result.count + 1, picture.name)
        result.append((name, other, index, picture.size))
      }
    }
    return result
  }
}
