import ARScene
import ARSceneDatasets
import ArgumentParser
import Foundation

struct MapMeshCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "mesh",
    abstract: "Write the scene mesh a world map carries to a .ply, .obj or .glb file.",
    discussion: """
      A map saved by a session with scene reconstruction (replay --mesh FILE \
      --save-world-map MAP) carries the fused volume and its mesh. This writes that mesh \
      as arscene mesh writes a sequence's: the map's world (metres, ARKit axes, +Y up), \
      classes as the saving session found them. A map without a mesh exits 1 saying so. \
      FILE must not exist unless --force, and is never the map itself.
      """
  )

  @Argument(help: "A world map file with a scene mesh (map info shows it).")
  var map: String

  @Option(help: ArgumentHelp("Write the mesh to FILE (.ply, .obj or .glb).", valueName: "FILE"))
  var out: String

  @Flag(help: "Replace FILE if it exists.")
  var force = false

  @Flag(help: "Print only errors.")
  var quiet = false

  func validate() throws {
    _ = try SceneMeshFormat.of(path: out)
  }

  func run() throws {
    try OutputPaths.refuseReplacingInputs(
      [("--out", out)], of: [URL(fileURLWithPath: map)], what: "the world map being read")
    if !force && FileManager.default.fileExists(atPath: out) && !OutputPaths.isWrittenThrough(out) {
      throw DatasetError(file: out, "the mesh file exists; give --force to replace it")
    }
    let worldMap = try WorldMap(contentsOf: URL(fileURLWithPath: map))
    guard let summary = worldMap.sceneMesh else {
      throw DatasetError(
        file: map,
        "the world map carries no scene mesh; save it from a session with scene reconstruction"
          + " (replay --mesh FILE --save-world-map MAP)")
    }
    // A session that opens the map holds its mesh before any frame.
    var configuration = WorldTrackingConfiguration()
    configuration.sceneReconstruction = .meshWithClassification
    configuration.meshVoxelSize = summary.voxelSize
    configuration.initialWorldMap = worldMap
    let mesh = try SceneMesh(session: try Session(configuration: configuration))
    try mesh.write(to: out)
    if !quiet {
      Terminal.printError(
        "Mesh of \(map): \(mesh.chunkCount) chunk(s), \(mesh.vertices.count) vertices,"
          + " \(mesh.faces.count) faces; written to \(out).")
    }
  }
}
