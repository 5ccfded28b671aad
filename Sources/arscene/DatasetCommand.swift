import ArgumentParser

struct DatasetCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "dataset",
    abstract: "Inspect and generate camera sequences.",
    subcommands: [
      DatasetInfoCommand.self, DatasetSynthCommand.self, DatasetConvertCommand.self,
      DatasetIMUFromGroundTruthCommand.self,
    ]
  )
}
