import ARScene
import ARSceneDatasets
import ArgumentParser
import Foundation

struct RelocalizeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "relocalize",
    abstract: "Find every frame of a sequence on its own in a saved world map.",
    discussion: """
      No tracking from one frame to the next (the 7-Scenes relocalization protocol): each \
      frame is looked for in the map alone. --trajectory writes the poses found (TUM, the \
      map's world, the ground truth's camera convention; frames not found are left out); \
      --json a report with, per frame, found or not, inliers, keyframe, outcome and \
      milliseconds (the query alone, decoding excluded), and overall found_fraction, \
      mean_ms, p50_ms and p99_ms. With --no-timings the report is byte-identical for the \
      same input. Outputs are written only once every frame was queried.
      """
  )

  @OptionGroup var input: SequenceOptions

  @Option(help: ArgumentHelp("The world map to look in (arscene map build).", valueName: "FILE"))
  var map: String

  @Option(help: ArgumentHelp("Write the poses found to FILE (TUM).", valueName: "FILE"))
  var trajectory: String?

  @Option(help: ArgumentHelp("Write the report to FILE, or - for stdout.", valueName: "FILE|-"))
  var json: String?

  @Option(parsing: .unconditional, help: "Start at frame N (0-based).")
  var firstFrame = 0

  @Option(parsing: .unconditional, help: "Query at most N frames.")
  var maxFrames: Int?

  @Option(
    help: ArgumentHelp(
      "Score the answers against ground truth, tying the map's world to it once through this"
        + " mapping trajectory (map build --trajectory).", valueName: "FILE"))
  var mapTrajectory: String?

  @Option(
    help: ArgumentHelp(
      "The sequence the map was built from, for its ground truth (default: SEQUENCE).",
      valueName: "DIR"))
  var mapSequence: String?

  @OptionGroup var threads: ThreadsOption

  @Flag(help: "Leave timings out of the report (for byte-identical output).")
  var noTimings = false

  @Flag(help: "Print only errors.")
  var quiet = false

  func validate() throws {
    if firstFrame < 0 { throw ValidationError("--first-frame must be at least 0") }
    if let maxFrames, maxFrames < 1 { throw ValidationError("--max-frames must be at least 1") }
    if trajectory == nil && json == nil {
      throw ValidationError("nothing to write: give --trajectory FILE and/or --json FILE")
    }
  }

  func run() throws {
    // The frames up to the last queried; a sum past Int.max reads them all.
    let lastQueried = maxFrames.flatMap { count -> Int? in
      let (sum, overflow) = firstFrame.addingReportingOverflow(count)
      return overflow ? nil : sum
    }
    let sequence = try input.open(frameLimit: lastQueried)
    try OutputPaths.refuseReplacingInputs(
      [("--trajectory", trajectory), ("--json", json)], of: sequence.url)
    try OutputPaths.refuseReplacingInputs(
      [("--trajectory", trajectory), ("--json", json)],
      of: [URL(fileURLWithPath: map)]
        + [mapTrajectory, mapSequence].compactMap {
          $0.map { URL(fileURLWithPath: $0) }
        }, what: "an input of this command")
    let worldMap = try WorldMap(contentsOf: URL(fileURLWithPath: map))
    var relocalization = RelocalizationRun(sequence: sequence, map: worldMap)
    relocalization.firstFrame = firstFrame
    relocalization.maxFrames = maxFrames
    relocalization.threads = threads.threads
    guard !relocalization.frames.isEmpty else {
      throw DatasetError(
        file: input.sequence,
        "--first-frame \(firstFrame) is past the last frame (\(sequence.frames.count) frames)")
    }
    var progress = ProgressBar(label: "relocalize", enabled: !quiet && json != "-")
    let answers = try relocalization.run(progress: { progress.update($0, of: $1) })
    if let trajectory {
      try TUMTrajectory.write(
        RelocalizationRun.poses(answers), to: URL(fileURLWithPath: trajectory),
        comment: "ARScene relocalization of \(sequence.description.name) in \(map):"
          + " world_from_camera, \(sequence.description.groundTruthConvention) camera axes")
    }
    let scores = try score(answers, querySequence: sequence)
    let report = RelocalizationRun.report(
      answers, map: map, sequence: sequence.description.name, includeTimings: !noTimings,
      scores: scores)
    if json == "-" {
      print(report, terminator: "")
    } else if let json {
      do { try OutputFile.write(Data(report.utf8), to: json) } catch {
        throw DatasetError(file: json, code: .ioError, "cannot write the report: \(error.problem)")
      }
    }
    if !quiet {
      let found = answers.count { $0.result.cameraTransform != nil }
      let times = answers.map(\.milliseconds).sorted()
      let mean = times.reduce(0, +) / Double(max(times.count, 1))
      Terminal.printError(
        "Relocalized \(found) of \(answers.count) frames"
          + " (\(String(format: "%.1f", 100 * Double(found) / Double(answers.count)))%) in \(map);"
          + " query \(String(format: "%.2f", mean)) ms mean,"
          + " \(String(format: "%.2f", RelocalizationRun.percentile(times, 99))) ms p99.")
      for (name, score) in scores {
        Terminal.printError("\(name): \(RelocalizationRun.summary(score))")
      }
    }
  }

  /// With --map-trajectory: the answers against the query sequence's ground
  /// truth, the map's world tied to it once from the mapping run: "score"
  /// by the cameras' centres (as evo_ape -a), "score_by_views" by their
  /// centres and the points a metre ahead of them (orientation too; the
  /// same six degrees of freedom).
  private func score(_ answers: [RelocalizationRun.Answer], querySequence: any DatasetSequence)
    throws -> [(name: String, score: RelocalizationScore)]
  {
    guard let mapTrajectory else { return [] }
    let mapping =
      try mapSequence.map { try SequenceLoader.open(URL(fileURLWithPath: $0)) } ?? querySequence
    guard !mapping.groundTruth.isEmpty, !querySequence.groundTruth.isEmpty else {
      throw DatasetError(
        file: mapSequence ?? input.sequence,
        "--map-trajectory scores against ground truth, and this sequence has none")
    }
    let run = try TUMTrajectory.read(URL(fileURLWithPath: mapTrajectory))
    let byCentres = try RelocalizationScore.alignMap(
      mappingRun: run, mappingGroundTruth: mapping.groundTruth
    ).alignment
    let byViews = try RelocalizationScore.alignMapByViews(
      mappingRun: run, mappingGroundTruth: mapping.groundTruth)
    let answered = RelocalizationRun.poses(answers)
    return [("score", byCentres), ("score_by_views", byViews)].map { name, tie in
      (
        name,
        RelocalizationScore(
          answers: answered, queryGroundTruth: querySequence.groundTruth,
          queryFrameCount: answers.count, groundTruthFromMap: tie)
      )
    }
  }
}
