import ARSceneDatasets
import ArgumentParser
import Foundation

struct DatasetConvertCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "convert",
    abstract: "Write any readable sequence as a native sequence.",
    discussion: """
      Reads native, TUM RGB-D, 7-Scenes, EuRoC and ARKitScenes folders. The copy has \
      PNG images, depth registered to colour, groundtruth.txt (world_from_camera, OpenCV \
      camera axes), imu.txt (ARKit camera axes) and sequence.json.
      """
  )

  @OptionGroup var input: SequenceOptions

  @Option(help: "Where to write the native sequence (must not exist or be empty).")
  var out: String

  @Flag(help: "Print only errors.")
  var quiet = false

  func run() throws {
    let sequence = try input.open()
    var progress = ProgressBar(label: "convert", enabled: !quiet)
    let result = try SequenceConverter.convert(sequence, to: URL(fileURLWithPath: out)) {
      progress.update($0, of: $1)
    }
    guard !quiet else { return }
    Terminal.printError(
      "Wrote \(result.frames) frames, \(result.groundTruthPoses) ground-truth poses and"
        + " \(result.imuSamples) IMU samples of the \(sequence.format) sequence"
        + " \(sequence.description.name) to \(out).")
    for note in result.notes { Terminal.printError("note: \(note)") }
  }
}
