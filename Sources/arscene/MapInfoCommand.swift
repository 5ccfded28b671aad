import ARScene
import ARSceneDatasets
import ArgumentParser
import Foundation

struct MapInfoCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "info",
    abstract: "Print a world map's version, size, keyframes, points, anchors, centre and extent.",
    discussion: "A truncated, corrupt or newer-version file exits 1 with the reason."
  )

  @Argument(help: "A world map file (arscene map build, replay --save-world-map).")
  var map: String

  func run() throws {
    let start = DispatchTime.now().uptimeNanoseconds
    let worldMap = try WorldMap(contentsOf: URL(fileURLWithPath: map))
    let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
    print(try Self.describe(worldMap, path: map))
    print("Read and checked in \(String(format: "%.1f", milliseconds)) ms.")
  }

  /// A few lines a person reads; the numbers are the map's own. Throws
  /// when the map's anchors cannot be read (naming the file).
  static func describe(_ map: WorldMap, path: String) throws -> String {
    let bytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    let anchors: [WorldMapAnchor]
    do {
      anchors = try map.anchors
    } catch {
      throw DatasetError(file: path, error.message)
    }
    let kinds = WorldMapAnchor.Kind.allCases.compactMap { kind -> String? in
      let count = anchors.count { $0.kind == kind }
      return count > 0 ? "\(count) \(kind.rawValue)" : nil
    }
    let k = map.camera
    func vector(_ v: SIMD3<Float>) -> String {
      "(" + [v.x, v.y, v.z].map { String(format: "%.3f", $0) }.joined(separator: ", ") + ")"
    }
    let unit = map.isScaleKnown ? "m" : "map units"
    let tracked =
      switch map.trackingMode {
      case .rgbd: "RGB-D"
      case .visualInertial: "visual-inertial"
      case .monocular: "monocular"
      case .automatic: "automatic"
      }
    return [
      "World map \(path): format version \(map.formatVersion), written by ARScene core"
        + " \(map.engineVersion), \(String(format: "%.2f", Double(bytes) / 1_048_576)) MB.",
      "Camera: \(k.width)x\(k.height), fx \(String(format: "%.2f", k.fx)),"
        + " fy \(String(format: "%.2f", k.fy)), cx \(String(format: "%.2f", k.cx)),"
        + " cy \(String(format: "%.2f", k.cy)).",
      "Tracking: \(tracked); "
        + (map.isScaleKnown
          ? "positions in metres."
          : "positions in a unit of the map's own, not metres (one camera, no IMU)."),
      "Keyframes: \(map.keyframeCount); feature points: \(map.rawFeaturePointCount);"
        + " surface points: \(map.surfacePointCount).",
      "Anchors: \(anchors.count)" + (kinds.isEmpty ? "" : " (\(kinds.joined(separator: ", ")))")
        + ".",
      map.sceneMesh.map {
        "Scene mesh: \($0.chunkCount) chunk(s), \($0.faceCount) faces, \($0.voxelBlockCount)"
          + " voxel blocks at \(String(format: "%.1f", $0.voxelSize * 100)) cm."
      } ?? "Scene mesh: none.",
      "Centre \(vector(map.center)) \(unit), extent \(vector(map.extent)) \(unit)"
        + (map.isUpKnown
          ? " (the map's world, +Y up)."
          : " (the map's world: its first camera's axes, as which way is up was unknown)."),
    ].joined(separator: "\n")
  }
}
