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
    if RosBagConverter.isBag(input.sequence) {
      // A ROS bag: its topics and the roles `dataset convert` would give them.
      try RosBagConverter.run(bag: input.sequence, ["--info"])
      return
    }
    print(SequenceInfo(try input.open()).readableText)
  }
}
