import ARScene
import ARSceneDatasets
import ArgumentParser
import Foundation

struct EvalCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "eval",
    abstract: "Score the engine against the sequence's ground truth: trajectory and planes.",
    discussion: """
      Reports the absolute trajectory error after SE(3) alignment (as `evo_ape tum GT EST -a`; \
      with --align sim3 after a similarity, as `-as`, with the scale error in percent), \
      the relative pose error over 1 s, the fraction of frames tracked and the longest stretch \
      without a pose. With --trajectory it scores that TUM file (in the ground truth's camera \
      convention, as `arscene replay --trajectory` writes it); without, it replays the sequence \
      and scores the poses the replay measured, as reported live, then (one more line, \
      "refined" in --json) the same frames as the final map places them (replay \
      --refined-trajectory).

      A replayed synthetic sequence (annotations.json) is also scored for planes, with plane \
      detection on: per annotated plane when it was first in view, the delay to the first \
      matching anchor, the final anchor's normal, offset and extent errors and class, then \
      false and duplicate anchors and the plane targets as PASS/FAIL lines. Anchors are moved \
      into the ground truth's world by the rigid transform fitted to the replay's poses.
      """
  )

  @OptionGroup var input: SequenceOptions

  @Option(
    help: ArgumentHelp(
      "An estimated trajectory (TUM format) to score instead of replaying.", valueName: "FILE"))
  var trajectory: String?

  @OptionGroup var planes: PlaneDetectionOption

  @OptionGroup var referenceImages: ReferenceImagesOption

  @OptionGroup var loopClosure: LoopClosureOption
  @OptionGroup var trackingMode: TrackingModeOption

  @OptionGroup var threads: ThreadsOption

  @Option(
    help: ArgumentHelp(
      "How the estimate is aligned to the ground truth: se3 (metric trajectories) or sim3"
        + " (also a scale, for a trajectory in arbitrary units; prints the scale error).",
      valueName: "se3|sim3"))
  var align: TrajectoryEvaluation.Alignment = .se3

  @Option(help: "Largest time difference, in seconds, between paired poses (evo's default).")
  var maxTimeDifference = TrajectoryAssociation.defaultMaxTimeDifference

  @Option(
    parsing: .unconditional,
    help: "Score only the first N frames of the sequence (as replay --max-frames ran).")
  var maxFrames: Int?

  @Flag(help: "Print the report as one JSON object instead of text.")
  var json = false

  @Flag(help: "Show no progress line (it is shown only on a terminal).")
  var quiet = false

  func validate() throws {
    guard maxTimeDifference.isFinite, maxTimeDifference > 0 else {
      throw ValidationError("--max-time-difference must be > 0")
    }
    if let maxFrames, maxFrames < 1 { throw ValidationError("--max-frames must be at least 1") }
  }

  func run() throws {
    let sequence = try input.open(frameLimit: maxFrames)
    guard !sequence.groundTruth.isEmpty else {
      throw DatasetError(file: sequence.url.path, "has no ground truth to evaluate against")
    }
    let frameTimestamps = sequence.frames.prefix(maxFrames ?? sequence.frames.count).map(
      \.timestamp)
    let estimate: [TimedPose]
    // The same frames as the final map places them; only from a replay.
    var refinedEstimate: [TimedPose]?
    var planeEvaluation: PlaneEvaluation?
    var imageEvaluation: ImageEvaluation?
    if let trajectory {
      estimate = try TUMTrajectory.read(URL(fileURLWithPath: trajectory))
      guard !estimate.isEmpty else {
        throw DatasetError(file: trajectory, "holds no pose, only comments or blank lines")
      }
    } else {
      let planeTruth = try PlaneGroundTruth.read(sequenceFolder: sequence.url)
      let imageTruth = try ImageGroundTruth.read(sequenceFolder: sequence.url)
      let pictures =
        imageTruth == nil
        ? []
        : try referenceImages.load(for: sequence, allowingOutsidePaths: input.allowOutsidePaths)
      let replayed = try replay(sequence, detectingPlanes: planeTruth != nil, pictures: pictures)
      guard replayed.poses.count >= TrajectoryEvaluation.minimumPoses else {
        throw DatasetError(
          file: sequence.url.path,
          Self.tooFewPosesReason(sequence, replayed.summary, kept: replayed.poses.count))
      }
      estimate = replayed.poses
      refinedEstimate = TimedPose.refining(replayed.poses, with: replayed.refined)
      if let imageTruth, !pictures.isEmpty {
        imageEvaluation = ImageEvaluation(
          groundTruth: imageTruth, groundTruthPoses: sequence.groundTruth,
          groundTruthIsOpenCV: sequence.description.groundTruthConvention == "opencv",
          intrinsics: sequence.description.camera, history: replayed.images)
      }
      if let planeTruth {
        planeEvaluation = PlaneEvaluation(
          groundTruth: planeTruth, groundTruthPoses: sequence.groundTruth,
          frameTimestamps: frameTimestamps, intrinsics: sequence.description.camera,
          history: replayed.anchors,
          alignment: try PlaneWorldAlignment(
            estimate: estimate, groundTruth: sequence.groundTruth,
            maxTimeDifference: maxTimeDifference))
      }
    }
    let evaluation = try TrajectoryEvaluation(
      estimate: estimate, groundTruth: sequence.groundTruth, frameTimestamps: frameTimestamps,
      maxTimeDifference: maxTimeDifference, alignment: align)
    let refined = try refinedEstimate.map { poses in
      try TrajectoryEvaluation(
        estimate: poses, groundTruth: sequence.groundTruth, frameTimestamps: frameTimestamps,
        maxTimeDifference: maxTimeDifference, alignment: align)
    }
    if json {
      var report = evaluation.json
      if let refined { report.add("refined", refined.json) }
      if let planeEvaluation { report.add("planes", planeEvaluation.json()) }
      print(report.text)
    } else {
      print(evaluation.readableText)
      if let refined { print(Self.refinedLine(refined)) }
      if let planeEvaluation { print("\n" + planeEvaluation.readableText()) }
      if let imageEvaluation { print("\n" + imageEvaluation.readableText) }
    }
  }

  /// Replays the sequence, keeping the measured poses and, per frame, the
  /// plane anchors alive after it.
  private func replay(
    _ sequence: any DatasetSequence, detectingPlanes: Bool, pictures: [ReferenceImage]
  ) throws -> (
    poses: [TimedPose], refined: [TimedPose], anchors: PlaneAnchorHistory,
    images: ImageAnchorHistory, summary: ReplaySummary
  ) {
    var configuration = WorldTrackingConfiguration()
    if detectingPlanes { configuration.planeDetection = try planes.parsed() }
    configuration.detectionImages = pictures
    loopClosure.apply(to: &configuration)
    trackingMode.apply(to: &configuration)
    threads.apply(to: &configuration)
    var options = ReplayOptions(maxFrames: maxFrames, includeTimings: false)
    options.threads = threads.threads
    let replay = Replay(sequence: sequence, configuration: configuration, options: options)
    var progress = ProgressBar(label: "replay", enabled: !quiet)
    var poses: [TimedPose] = []
    var refined: [TimedPose] = []
    var anchors = PlaneAnchorHistory()
    var images = ImageAnchorHistory()
    let summary = try replay.run(
      emit: { _ in }, progress: { progress.update($0, of: $1) }, pose: { poses.append($0) },
      refinedTrajectory: { refined = $0 },
      onFrame: {
        anchors.record($0)
        if !pictures.isEmpty { images.record($0) }
      })
    return (poses, refined, anchors, images, summary)
  }

  /// Why there is too little to score: a replay that measured no pose, or
  /// whose tracking hardly ever became normal, is not a trajectory "on
  /// another clock", which the association would otherwise suggest.
  static func tooFewPosesReason(
    _ sequence: any DatasetSequence, _ summary: ReplaySummary, kept: Int
  ) -> String {
    let frames = summary.framesProcessed
    guard summary.framesWithMeasuredPose > 0 else {
      return "was replayed, but the camera's pose was measured in none of its \(frames) frames"
        + (sequence.description.sensors.contains(.depth)
          ? "; `arscene replay` shows the tracking states and whether the depth was usable"
          : ": the sequence has no depth, and tracking without depth never started (it needs"
            + " the camera to move sideways: a camera that only turns shows no depth)")
    }
    let normal = summary.framesTrackedNormally
    return "was replayed, but tracking was normal in \(normal == 0 ? "none" : "\(normal)") of its"
      + " \(frames) frames: the trajectory, which starts at the first normal frame, holds"
      + " \(kept == 0 ? "no pose" : kept == 1 ? "1 pose" : "\(kept) poses"), and at least"
      + " \(TrajectoryEvaluation.minimumPoses) are needed to align it with the ground truth;"
      + " `arscene replay` shows the tracking states"
  }

  /// The ATE of the trajectory as the final map places it (replay
  /// --refined-trajectory), beside the live one's above.
  static func refinedLine(_ refined: TrajectoryEvaluation) -> String {
    func cm(_ metres: Double) -> String { String(format: "%.2f cm", metres * 100) }
    return
      "Refined by the final map: ATE RMSE \(cm(refined.ate.rmse)), mean \(cm(refined.ate.mean)),"
      + " median \(cm(refined.ate.median)), max \(cm(refined.ate.max))"
      + " (\(refined.associatedPoses) poses)"
      + (refined.scaleErrorPercent.map { String(format: ", scale error %+.2f%%", $0) } ?? "")
  }
}

extension TrajectoryEvaluation.Alignment: ExpressibleByArgument {}
