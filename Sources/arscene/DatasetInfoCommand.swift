import ARSceneDatasets
import ArgumentParser

struct DatasetInfoCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "info",
    abstract:
      "Frames, duration, rate, sensors, intrinsics, ground truth and problems of a sequence."
  )

  @OptionGroup var input: SequenceOptions

  func run() throws {
    print(SequenceInfo(try input.open()).readableText)
  }
}
