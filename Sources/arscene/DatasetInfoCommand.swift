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
    if BundledPythonTool.isBag(input.sequence) {
      // A ROS bag: its topics and the roles `dataset convert` would give them.
      try BundledPythonTool.run("rosbag-to-native", on: input.sequence, ["--info"])
      return
    }
    print(SequenceInfo(try input.open()).readableText)
  }
}
