import ARSceneDatasets
import ArgumentParser
import Foundation

struct EvalCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "eval",
    abstract: "Score a camera trajectory against the sequence's ground truth.",
    discussion: """
      Reports the absolute trajectory error after SE(3) alignment (as `evo_ape tum GT EST -a`), \
      the relative pose error over 1 s, the fraction of frames tracked and the longest stretch \
      without a pose. The trajectory is a TUM file in the ground truth's camera convention, as \
      `arscene replay --trajectory` writes it.
      """
  )

  @OptionGroup var input: SequenceOptions

  @Option(help: ArgumentHelp("The estimated trajectory (TUM format).", valueName: "FILE"))
  var trajectory: String

  @Option(help: "Largest time difference, in seconds, between paired poses (evo's default).")
  var maxTimeDifference = TrajectoryAssociation.defaultMaxTimeDifference

  @Option(help: "Score only the first N frames of the sequence (as replay --max-frames ran).")
  var maxFrames: Int?

  @Flag(help: "Print the report as one JSON object instead of text.")
  var json = false

  func validate() throws {
    guard maxTimeDifference.isFinite, maxTimeDifference > 0 else {
      throw ValidationError("--max-time-difference must be > 0")
    }
    if let maxFrames, maxFrames < 1 { throw ValidationError("--max-frames must be at least 1") }
  }

  func run() throws {
    let sequence = try input.open()
    guard !sequence.groundTruth.isEmpty else {
      throw DatasetError(file: sequence.url.path, "has no ground truth to evaluate against")
    }
    let evaluation = try TrajectoryEvaluation(
      estimate: try TUMTrajectory.read(URL(fileURLWithPath: trajectory)),
      groundTruth: sequence.groundTruth,
      frameTimestamps: sequence.frames.prefix(maxFrames ?? sequence.frames.count).map(\.timestamp),
      maxTimeDifference: maxTimeDifference)
    print(json ? evaluation.json.text : evaluation.readableText)
  }
}
