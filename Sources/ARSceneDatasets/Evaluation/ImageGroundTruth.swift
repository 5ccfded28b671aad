import ARScene
import Foundation

/// The reference images annotations.json places in the world
/// (`"referenceImages": [{"name", "worldFromImage", "physicalWidth",
/// "physicalHeight", ...}]`), read for the image evaluation.
public struct ImageGroundTruth: Sendable {
  public struct Placement: Sendable {
    public var name: String
    /// ARKit's image-anchor frame in groundtruth.txt's world.
    public var worldFromImage: Transform
    public var size: SIMD2<Float>
  }

  public var placements: [Placement]

  /// The sequence's placements, or nil when annotations.json is absent or
  /// places no image.
  public static func read(sequenceFolder: URL) throws(DatasetError) -> ImageGroundTruth? {
    let url = sequenceFolder.appendingPathComponent(SyntheticAnnotations.fileName)
    guard FileManager.default.fileExists(atPath: url.path) else { return nil }
    let object: Any
    do {
      object = try JSONSerialization.jsonObject(with: Data(contentsOf: url))
    } catch {
      throw DatasetError(
        file: url.path, code: .ioError, "cannot be read: \(error.localizedDescription)")
    }
    guard let images = (object as? [String: Any])?["referenceImages"] as? [[String: Any]],
      !images.isEmpty
    else { return nil }
    var placements: [Placement] = []
    for (index, image) in images.enumerated() {
      guard let name = image["name"] as? String,
        let values = (image["worldFromImage"] as? [NSNumber])?.map({ $0.floatValue }),
        let transform = Transform(columnMajor: values),
        let width = (image["physicalWidth"] as? NSNumber)?.floatValue,
        let height = (image["physicalHeight"] as? NSNumber)?.floatValue, width > 0, height > 0
      else {
        throw DatasetError(
          file: url.path,
          "\"referenceImages[\(index)]\" needs name, worldFromImage (16 numbers) and positive"
            + " physicalWidth and physicalHeight")
      }
      placements.append(
        Placement(name: name, worldFromImage: transform, size: SIMD2(width, height)))
    }
    return ImageGroundTruth(placements: placements)
  }
}
