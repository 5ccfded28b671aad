import ARScene
import ARSceneDatasets
import ArgumentParser
import Foundation

struct MapBuildCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "build",
    abstract: "Replay a sequence and save its world map.",
    discussion: """
      The map holds the session's keyframes (poses, ORB features with their 3D points, a \
      coarse depth surface), its plane and image anchors, centre, extent and camera. \
      Keyframes need depth, so the sequence must have it. --trajectory writes the mapping \
      run's poses in the map's world (TUM, the ground truth's camera convention, as replay \
      --trajectory): what ties the map's world to ground truth when its answers are scored.
      """
  )

  @OptionGroup var input: SequenceOptions

  @OptionGroup var planes: PlaneDetectionOption

  @OptionGroup var referenceImages: ReferenceImagesOption

  @OptionGroup var threads: ThreadsOption

  @Option(help: ArgumentHelp("Write the world map to FILE.", valueName: "FILE"))
  var out: String

  @Option(
    help: ArgumentHelp(
      "Write the mapping run's poses to FILE (TUM, the map's world).", valueName: "FILE"))
  var trajectory: String?

  @Option(parsing: .unconditional, help: "Map from at most the first N frames.")
  var maxFrames: Int?

  @Flag(help: "Print only errors.")
  var quiet = false

  func validate() throws {
    if let maxFrames, maxFrames < 1 { throw ValidationError("--max-frames must be at least 1") }
  }

  func run() throws {
    let sequence = try input.open(frameLimit: maxFrames)
    guard sequence.description.sensors.contains(.depth) else {
      throw DatasetError(
        file: input.sequence,
        "a world map needs depth for its keyframes, and this sequence has none")
    }
    try OutputPaths.refuseReplacingInputs(
      [("--out", out), ("--trajectory", trajectory)], of: sequence.url)
    var configuration = WorldTrackingConfiguration()
    configuration.planeDetection = try planes.parsed()
    threads.apply(to: &configuration)
    configuration.detectionImages = try referenceImages.load(
      for: sequence, allowingOutsidePaths: input.allowOutsidePaths)
    var options = ReplayOptions(maxFrames: maxFrames, includeTimings: false, coaching: nil)
    options.worldMapDestination = URL(fileURLWithPath: out)
    options.threads = threads.threads
    let replay = Replay(sequence: sequence, configuration: configuration, options: options)
    var progress = ProgressBar(label: "map", enabled: !quiet)
    var poses: [TimedPose] = []
    let summary = try replay.run(
      emit: { _ in }, progress: { progress.update($0, of: $1) }, pose: { poses.append($0) })
    if let trajectory {
      try TUMTrajectory.write(
        poses, to: URL(fileURLWithPath: trajectory),
        comment: "ARScene mapping trajectory of \(sequence.description.name) in the world of"
          + " \(out): world_from_camera, \(sequence.description.groundTruthConvention) camera axes")
    }
    if !quiet {
      Terminal.printError(summary.readableText)
      let map = try WorldMap(contentsOf: URL(fileURLWithPath: out))
      Terminal.printError(try MapInfoCommand.describe(map, path: out))
    }
  }
}
