import ARScene
import ARSceneDatasets
import ArgumentParser
import Foundation

/// Relocalization and world maps, for the commands that run a session.
struct WorldMapOptions: ParsableArguments {
  @Option(
    name: .customLong("world-map"),
    help: ArgumentHelp(
      "Start in a saved world map (arscene map build): relocalizing until the camera sees a"
        + " mapped place; its placed objects come back.", valueName: "FILE"))
  var worldMap: String?

  @Option(
    name: .customLong("save-world-map"),
    help: ArgumentHelp(
      "Save the session's world map (with its placed objects) to FILE after the last frame.",
      valueName: "FILE"))
  var saveWorldMap: String?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Give up relocalizing after this many seconds and start over in a new world.",
      valueName: "SECONDS"))
  var relocalizationTimeout: Double?

  @Flag(help: "Do not relocalize: a lost camera starts a new map at the held pose.")
  var noRelocalization = false

  func validate() throws {
    if let timeout = relocalizationTimeout, !(timeout.isFinite && timeout > 0) {
      throw ValidationError("--relocalization-timeout must be > 0 seconds, got \(timeout)")
    }
    if noRelocalization, worldMap != nil || saveWorldMap != nil {
      throw ValidationError(
        "--no-relocalization keeps no map: it cannot go with --world-map or --save-world-map")
    }
  }

  /// Applies the options to a configuration (reading the map file).
  func apply(to configuration: inout WorldTrackingConfiguration) throws {
    configuration.isRelocalizationEnabled = !noRelocalization
    configuration.relocalizationTimeout = relocalizationTimeout
    if let worldMap {
      configuration.initialWorldMap = try WorldMap(contentsOf: URL(fileURLWithPath: worldMap))
    }
  }

  var destination: URL? { saveWorldMap.map { URL(fileURLWithPath: $0) } }
}
