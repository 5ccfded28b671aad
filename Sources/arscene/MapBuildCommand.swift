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
      Without depth, keyframes come from visual-inertial tracking once the IMU has given \
      metres, or from one camera alone (--tracking monocular): such a map is in a unit of \
      its own, and only a monocular session opens it. --trajectory writes the mapping \
      run's poses in the map's world (TUM, the ground truth's camera convention, as replay \
      --trajectory): what ties the map's world to ground truth when its answers are scored.

      --poses FILE|groundtruth builds the map at known poses instead: a TUM trajectory of the \
      sequence (world_from_camera, OpenCV camera axes, as the ground truth) or the sequence's \
      own ground truth. Each keyframe is placed at the pose of its time (interpolated between \
      samples at most 0.1 s apart), its points and depth surface with it, and each anchor \
      moves as its nearest keyframe does: the map's world is the poses' world, so a \
      relocalization against it is scored against those poses directly (the benchmarks' \
      protocol), and a robot that knows where it is maps in its own world. --trajectory then \
      writes those poses at the mapped frames.
      """
  )

  @OptionGroup var input: SequenceOptions

  @OptionGroup var planes: PlaneDetectionOption

  @OptionGroup var referenceImages: ReferenceImagesOption

  @OptionGroup var threads: ThreadsOption

  @OptionGroup var tracking: TrackingModeOption

  @Option(help: ArgumentHelp("Write the world map to FILE.", valueName: "FILE"))
  var out: String

  @Option(
    help: ArgumentHelp(
      "Write the mapping run's poses to FILE (TUM, the map's world).", valueName: "FILE"))
  var trajectory: String?

  @Option(
    help: ArgumentHelp(
      "Place the keyframes at known poses: a TUM trajectory FILE or groundtruth.",
      valueName: "FILE|groundtruth"))
  var poses: String?

  @Option(parsing: .unconditional, help: "Map from at most the first N frames.")
  var maxFrames: Int?

  @Flag(help: "Print only errors.")
  var quiet = false

  func validate() throws {
    if let maxFrames, maxFrames < 1 { throw ValidationError("--max-frames must be at least 1") }
  }

  func run() throws {
    let sequence = try input.open(frameLimit: maxFrames)
    try Self.checkMappable(
      sequence, tracking: tracking.tracking, placedAtKnownPoses: poses != nil,
      name: input.sequence)
    try OutputPaths.refuseReplacingInputs(
      [("--out", out), ("--trajectory", trajectory)], of: sequence.url)
    let knownPoses = try poses.map { (given) throws(DatasetError) in
      try KnownPoses.read(given, for: sequence)
    }
    var configuration = WorldTrackingConfiguration()
    configuration.planeDetection = try planes.parsed()
    threads.apply(to: &configuration)
    tracking.apply(to: &configuration)
    configuration.detectionImages = try referenceImages.load(
      for: sequence, allowingOutsidePaths: input.allowOutsidePaths)
    var options = ReplayOptions(maxFrames: maxFrames, includeTimings: false, coaching: nil)
    // A map placed at known poses is written only once placed: the replay's
    // own goes to a private folder first, so a refusal leaves nothing.
    let staging = try knownPoses.map { _ in try StagingFolder(beside: URL(fileURLWithPath: out)) }
    defer { staging?.remove() }
    let mapped =
      staging?.url.appendingPathComponent("replayed.arscenemap") ?? URL(fileURLWithPath: out)
    options.worldMapDestination = mapped
    options.threads = threads.threads
    let replay = Replay(sequence: sequence, configuration: configuration, options: options)
    var progress = ProgressBar(label: "map", enabled: !quiet)
    var measured: [TimedPose] = []
    let summary = try replay.run(
      emit: { _ in }, progress: { progress.update($0, of: $1) }, pose: { measured.append($0) })
    if let knownPoses {
      let map = try WorldMap(contentsOf: mapped)
      try map.placingKeyframes(at: try knownPoses.atKeyframes(of: map))
        .write(to: URL(fileURLWithPath: out))
      measured = measured.compactMap { knownPoses.pose(at: $0.timestamp) }
    }
    if let trajectory {
      try TUMTrajectory.write(
        measured, to: URL(fileURLWithPath: trajectory),
        comment: "ARScene mapping trajectory of \(sequence.description.name) in the world of"
          + " \(out): world_from_camera, \(sequence.description.groundTruthConvention) camera axes")
    }
    if !quiet {
      Terminal.printError(summary.readableText)
      let map = try WorldMap(contentsOf: URL(fileURLWithPath: out))
      Terminal.printError(try MapInfoCommand.describe(map, path: out))
    }
  }

  /// What cannot make a map, said before the replay: RGB-D tracking
  /// without depth, and known poses (in metres) for a monocular map, whose
  /// points are in a unit of its own (the core refuses it too).
  static func checkMappable(
    _ sequence: any DatasetSequence, tracking: TrackingModeOption.Mode,
    placedAtKnownPoses: Bool, name: String
  ) throws(DatasetError) {
    let sensors = sequence.description.sensors
    if tracking == .rgbd && !sensors.contains(.depth) {
      throw DatasetError(
        file: name, "--tracking rgbd needs depth for its keyframes, and this sequence has none")
    }
    let monocular =
      tracking == .monocular
      || (tracking == .auto && !sensors.contains(.depth) && !sensors.contains(.imu))
    if placedAtKnownPoses && monocular {
      throw DatasetError(
        file: name,
        "--poses places keyframes at poses in metres, and a map tracked from one camera alone"
          + " is in a unit of its own")
    }
  }
}
