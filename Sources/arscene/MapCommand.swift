import ArgumentParser

struct MapCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "map",
    abstract: "Build and inspect world maps (the open format of Datasets/WORLD_MAP.md).",
    subcommands: [MapBuildCommand.self, MapInfoCommand.self, MapMeshCommand.self]
  )
}
