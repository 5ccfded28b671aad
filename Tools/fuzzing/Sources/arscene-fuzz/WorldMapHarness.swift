import ARScene
import Foundation

/// World map files (`--world-map`, `map info`): the input is the file. A map
/// that reads must describe itself, list its points and anchors, and write
/// back to bytes that read as the same map (encode(decode(x)) is a fixed
/// point).
enum WorldMapHarness {
  static let target = FuzzTarget(
    name: "world-map", summary: "world map files (.arworldmap)", prepare: {},
    run: { data in
      guard let map = try? WorldMap(fileBytes: data, name: "fuzz input") else { return }
      _ = (map.formatVersion, map.camera, map.keyframeCount, map.engineVersion)
      _ = (map.rawFeaturePoints.count, try? map.anchors, map.center, map.extent, map.sceneMesh)
      guard let written = try? map.fileBytes() else {
        fuzzFailure("a map that read could not be written")
      }
      guard let reread = try? WorldMap(fileBytes: written, name: "rewritten"),
        let rewritten = try? reread.fileBytes()
      else { fuzzFailure("a written map did not read back") }
      if rewritten != written { fuzzFailure("writing a map is not stable") }
    })
}
