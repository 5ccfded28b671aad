import ARScene
import Foundation

/// The planes annotations.json lists (format in Datasets/README.md), read for
/// the plane evaluation: in groundtruth.txt's world, ARKit axes, +Y up.
public struct PlaneGroundTruth: Sendable {
  /// The scenario the sequence was rendered with ("normal", "no-surface", …).
  public var scenario: String
  public var planes: [SyntheticAnnotations.Plane]

  public init(scenario: String, planes: [SyntheticAnnotations.Plane]) {
    self.scenario = scenario
    self.planes = planes
  }

  /// The sequence's annotations.json, or nil when it has none (real data).
  public static func read(sequenceFolder: URL) throws(DatasetError) -> PlaneGroundTruth? {
    let url = sequenceFolder.appendingPathComponent(SyntheticAnnotations.fileName)
    guard FileManager.default.fileExists(atPath: url.path) else { return nil }
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw DatasetError(
        file: url.path, code: .ioError, "cannot be read: \(error.localizedDescription)")
    }
    return try decode(data, path: url.path)
  }

  static func decode(_ data: Data, path: String) throws(DatasetError) -> PlaneGroundTruth {
    let file: FileModel
    do {
      file = try JSONDecoder().decode(FileModel.self, from: data)
    } catch {
      throw DatasetError(file: path, "planes cannot be read: \(error)")
    }
    var planes: [SyntheticAnnotations.Plane] = []
    for (index, plane) in (file.planes ?? []).enumerated() {
      func vector(_ values: [Float], _ key: String) throws(DatasetError) -> SIMD3<Float> {
        guard values.count == 3, values.allSatisfy(\.isFinite) else {
          throw DatasetError(file: path, "\"planes[\(index)].\(key)\" must be 3 finite numbers")
        }
        return SIMD3(values[0], values[1], values[2])
      }
      let normal = try vector(plane.normal, "normal")
      guard abs((normal * normal).sum().squareRoot() - 1) < 1e-3 else {
        throw DatasetError(file: path, "\"planes[\(index)].normal\" must be a unit vector")
      }
      var polygon: [SIMD3<Float>] = []
      for corner in plane.polygon { polygon.append(try vector(corner, "polygon")) }
      guard polygon.count >= 3 else {
        throw DatasetError(file: path, "\"planes[\(index)].polygon\" needs at least 3 corners")
      }
      guard ["horizontal", "vertical"].contains(plane.alignment) else {
        throw DatasetError(
          file: path,
          "\"planes[\(index)].alignment\" must be horizontal or vertical, got \(plane.alignment)")
      }
      planes.append(
        SyntheticAnnotations.Plane(
          name: plane.name, alignment: plane.alignment, classification: plane.classification,
          center: try vector(plane.center, "center"), normal: normal, polygon: polygon,
          area: plane.area))
    }
    return PlaneGroundTruth(scenario: file.scenario ?? "normal", planes: planes)
  }

  private struct FileModel: Decodable {
    var scenario: String?
    var planes: [PlaneModel]?
  }

  private struct PlaneModel: Decodable {
    var name: String
    var alignment: String
    var classification: String
    var center: [Float]
    var normal: [Float]
    var polygon: [[Float]]
    var area: Float
  }
}
