import ARScene
import ARSceneDatasets
import ArgumentParser
import Foundation

struct ReplayCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "replay",
    abstract: "Replay a sequence through the engine and write JSON Lines events.",
    discussion: """
      Events are one JSON object per line with "type", "t" (session time in seconds), \
      "frame" (the newest processed frame) and "tick" (the 60 Hz loop's tick): \
      "session" first, one "frame" per frame, "summary" last. What a frame causes \
      ("trackingState", "mapCorrected" with --loop-closure, then "anchorAdded", \
      "anchorUpdated" (with "cause": "mapCorrection" when a loop closure moved it), \
      "anchorRemoved") comes before that frame's "frame" event; what the tick decides ("coaching", then \
      "tick" with --ticks) comes after its frames. The loop runs on a virtual clock \
      (every frame processed, as fast as possible) unless --realtime. With \
      --no-timings the output is byte-identical for the same input.

      Scripted touches place and move virtual objects; each runs on the first tick \
      at or after t (seconds since the first frame), x and y are normalised image \
      coordinates (0...1 from the top-left):
        --tap "t=1.5,x=0.5,y=0.7,object=chair,on=floor"   place an object; on= is a \
      class (floor, table, seat, ceiling, wall), an alignment (horizontal, vertical) \
      or any (the default)
        --drag "t=2.5,object=chair,x=0.6,y=0.7"          move the latest chair along \
      its surface to that point
        --rotate "t=3,object=chair,degrees=45"           turn it about its surface's \
      normal (counter-clockwise seen from above)
      They add "objectPlaced", "placementRejected" (with "reason"), "objectMoved" \
      (with "cause") and "raycastUpdated" events, each with "object": {"id", "name", \
      "transform": [16 column-major], "anchor", "settled"}.
      """
  )

  @OptionGroup var input: SequenceOptions

  @OptionGroup var planes: PlaneDetectionOption

  @OptionGroup var referenceImages: ReferenceImagesOption

  @OptionGroup var loopClosure: LoopClosureOption
  @OptionGroup var trackingMode: TrackingModeOption

  @OptionGroup var threads: ThreadsOption

  @OptionGroup var worldMap: WorldMapOptions

  @Option(help: ArgumentHelp("Write events to FILE, or - for stdout.", valueName: "FILE|-"))
  var events: String?

  @Option(
    help: ArgumentHelp(
      "Write measured camera poses to FILE in TUM format, in the ground truth's camera convention.",
      valueName: "FILE"))
  var trajectory: String?

  @Option(
    help: ArgumentHelp(
      "Write the same frames' poses as the final map places them to FILE (TUM format, like"
        + " --trajectory).",
      discussion: "Each frame keeps its pose relative to the keyframe it was tracked against,"
        + " and moves with that keyframe when bundle adjustment or a loop closure moves it later:"
        + " the trajectory a SLAM system hands over at the end of a run, for mapping and"
        + " evaluation. --trajectory holds the poses as reported live, which never change.",
      valueName: "FILE"))
  var refinedTrajectory: String?

  @Option(parsing: .unconditional, help: "Replay at most N frames (of each pass, with --loop).")
  var maxFrames: Int?

  @Option(
    name: .customLong("loop"),
    parsing: .unconditional,
    help: ArgumentHelp(
      "Play the sequence N times over in one session, each pass's timestamps continuing one frame"
        + " period after the previous pass's last frame (a long run from a short sequence).",
      discussion: "Events count frames and time on across passes; the session event says"
        + " \"passes\". An orbit (dataset synth --motion orbit) returns to its start, so its"
        + " passes join almost seamlessly.",
      valueName: "N"))
  var passes = 1

  @Option(
    name: .customLong("tap"),
    help: ArgumentHelp(
      "Place an object: t=SECONDS,x=0..1,y=0..1,object=NAME[,on=floor|table|...|horizontal|vertical|any] (repeatable).",
      valueName: "FIELDS"))
  var taps: [String] = []

  @Option(
    name: .customLong("drag"),
    help: ArgumentHelp(
      "Drag the latest object of a name: t=SECONDS,object=NAME,x=0..1,y=0..1 (repeatable).",
      valueName: "FIELDS"))
  var drags: [String] = []

  @Option(
    name: .customLong("rotate"),
    help: ArgumentHelp(
      "Turn the latest object of a name: t=SECONDS,object=NAME,degrees=D (repeatable).",
      valueName: "FIELDS"))
  var rotations: [String] = []

  @Flag(help: "Leave timings out of the events (for byte-identical output).")
  var noTimings = false

  @Flag(help: "Write a \"tick\" event with the camera (measured or predicted) for every tick.")
  var ticks = false

  @Flag(
    help: ArgumentHelp(
      "Put each frame's feature points in its event (featurePoints: world positions and ids).",
      discussion:
        "The map points tracking followed in the frame, as ARKit's rawFeaturePoints. Without"
        + " depth, planes and estimated-plane raycasts are found from them."))
  var featurePoints = false

  @Option(
    help: ArgumentHelp(
      "Reconstruct the scene and write its mesh to FILE (.ply, .obj or .glb) after the last frame.",
      discussion:
        "Frames with depth are fused as sceneReconstruction .meshWithClassification does; see"
        + " arscene mesh, which has the mesh's own options.", valueName: "FILE"))
  var mesh: String?

  @Flag(
    help: ArgumentHelp(
      "Pace to the wall clock like a live camera: drop frames that arrive while busy and count"
        + " missed deadlines (not deterministic)."))
  var realtime = false

  @OptionGroup var coaching: CoachingOptions

  @Option(
    help: ArgumentHelp(
      "Also write an HTML report of the replay into DIR (index.html and thumbnails; see"
        + " `arscene report`).", valueName: "DIR"))
  var report: String?

  @Option(
    help: ArgumentHelp(
      "Also write the camera path, planes and coaching as ROS 2 messages into FILE (MCAP, for"
        + " Foxglove or RViz; needs python3 with the rosbags package).", valueName: "FILE"))
  var mcap: String?

  @Flag(
    help: ArgumentHelp(
      "Let --report write into a folder that is not empty: the report's files replace files of"
        + " the same names; nothing else there is touched."))
  var force = false

  @Flag(help: "Print only errors.")
  var quiet = false

  func validate() throws {
    if let maxFrames, maxFrames < 1 { throw ValidationError("--max-frames must be at least 1") }
    if passes < 1 { throw ValidationError("--loop must be at least 1, got \(passes)") }
    if passes > ReplayOptions.maximumPasses {
      throw ValidationError("--loop must be at most \(ReplayOptions.maximumPasses), got \(passes)")
    }
    do { _ = try interactions() } catch { throw ValidationError(error.description) }
  }

  /// The scripted touches, in command-line order (taps, drags, turns).
  func interactions() throws(DatasetError) -> [ScriptedInteraction] {
    var all: [ScriptedInteraction] = []
    for text in taps { all.append(try ScriptedInteraction(tap: text)) }
    for text in drags { all.append(try ScriptedInteraction(drag: text)) }
    for text in rotations { all.append(try ScriptedInteraction(rotate: text)) }
    try ScriptedInteraction.checkMoves(all)
    return all
  }

  func run() throws {
    let sequence = try input.open(frameLimit: maxFrames)
    var configuration = WorldTrackingConfiguration()
    configuration.planeDetection = try planes.parsed()
    configuration.detectionImages = try referenceImages.load(
      for: sequence, allowingOutsidePaths: input.allowOutsidePaths)
    try worldMap.apply(to: &configuration)
    loopClosure.apply(to: &configuration)
    trackingMode.apply(to: &configuration)
    threads.apply(to: &configuration)
    let replayCoaching = try coaching.parsed()
    if case .image(let name)? = replayCoaching?.goal,
      !configuration.detectionImages.contains(where: { $0.name == name })
    {
      let names = configuration.detectionImages.map(\.name)
      throw DatasetError(
        "--coaching-goal image:\(name): no reference image is named \(name)"
          + (names.isEmpty
            ? " (there are no reference images: give --references DIR)"
            : " (the references are: \(names.joined(separator: ", ")))"))
    }
    var options = ReplayOptions(
      maxFrames: maxFrames, includeTimings: !noTimings, includeTicks: ticks,
      isRealtime: realtime, coaching: replayCoaching, interactions: try interactions())
    options.worldMapDestination = worldMap.destination
    options.includeFeaturePoints = featurePoints
    if let mesh {
      _ = try SceneMeshFormat.of(path: mesh)
      guard sequence.description.sensors.contains(.depth) else {
        throw DatasetError(
          file: input.sequence, "--mesh fuses depth, and this sequence has none")
      }
      guard [.auto, .rgbd].contains(trackingMode.tracking) else {
        throw DatasetError(
          "--mesh fuses depth at poses tracked with it: --tracking \(trackingMode.tracking.rawValue)"
            + " leaves depth unused")
      }
      configuration.sceneReconstruction = .meshWithClassification
      options.meshDestination = URL(fileURLWithPath: mesh)
    }
    options.passes = passes
    options.threads = threads.threads
    try OutputPaths.refuseReplacingInputs(
      [
        ("--events", events), ("--trajectory", trajectory),
        ("--refined-trajectory", refinedTrajectory),
        ("--save-world-map", worldMap.destination?.path), ("--report", report), ("--mcap", mcap),
        ("--mesh", mesh),
      ], of: sequence.url)
    let reportFolder = try report.map { path throws(DatasetError) in
      try ReportFolder(path: path, force: force)
    }
    let replay = Replay(sequence: sequence, configuration: configuration, options: options)
    // Events for --mcap, kept to hand them to the MCAP writer.
    var mcapEvents: [String] = []
    let recorder = report.map { _ in
      ReplayRecorder(frameCount: replay.frames.count * passes, keepsTimings: !noTimings)
    }
    let sink = try EventSink(path: events)
    var progress = ProgressBar(label: "replay", enabled: !quiet && events != "-")
    var poses: [TimedPose] = []
    var refinedPoses: [TimedPose] = []
    // Poses are kept only for the trajectories, so a long replay does not
    // grow a list nobody reads.
    let keepsPoses = trajectory != nil || refinedTrajectory != nil
    // Ctrl-C ends the replay after the frame it is on, with complete events
    // and trajectory up to there; the process then dies of SIGINT.
    TerminationCleanup.finishOnInterrupt()
    let summary = try replay.run(
      emit: {
        recorder?.record(line: $0)
        if mcap != nil { mcapEvents.append($0) }
        try sink.write($0)
      }, progress: { progress.update($0, of: $1) },
      pose: {
        if keepsPoses { poses.append($0) }
        recorder?.record(pose: $0)
      },
      refinedTrajectory: { refinedPoses = $0 },
      onFrame: { recorder?.record($0) },
      mesh: { recorder?.record(mesh: $0) },
      shouldStop: { TerminationCleanup.isInterruptRequested })
    try sink.close()
    if let trajectory {
      try TUMTrajectory.write(
        poses, to: URL(fileURLWithPath: trajectory),
        comment: "ARScene trajectory of \(sequence.description.name): world_from_camera,"
          + " \(sequence.description.groundTruthConvention) camera axes")
    }
    if let refinedTrajectory {
      try TUMTrajectory.write(
        TimedPose.refining(poses, with: refinedPoses), to: URL(fileURLWithPath: refinedTrajectory),
        comment: "ARScene trajectory of \(sequence.description.name) as the final map places it:"
          + " world_from_camera, \(sequence.description.groundTruthConvention) camera axes")
    }
    if !quiet { Terminal.printError(summary.readableText) }
    if let mcap { try writeMCAP(mcapEvents, to: mcap) }
    if let reportFolder, let recorder {
      let started = Date()
      let report = ReplayReport(
        recorder: recorder, sequence: sequence, summary: summary,
        header: reportHeader(sequence, configuration))
      let bytes = try reportFolder.write { folder throws(DatasetError) in
        try report.write(to: folder)
      }
      if !quiet {
        Terminal.printError(
          "Report: \(reportFolder.path)/index.html, "
            + String(
              format: "%.1f MB, written in %.2f s.", Double(bytes) / 1_048_576,
              Date().timeIntervalSince(started)))
      }
    }
  }

  /// Writes `events` as an MCAP file through the bundled events-to-mcap.py,
  /// which writes into a private folder; the file then goes to `path` as
  /// every output does (``OutputFile``: a device or FIFO written through, a
  /// link followed, a regular file replaced whole).
  private func writeMCAP(_ events: [String], to path: String) throws(DatasetError) {
    let own = try Self.privateFolder()
    defer { try? FileManager.default.removeItem(at: own) }
    let staged = own.appendingPathComponent("events.jsonl")
    let mcapFile = own.appendingPathComponent("replay.mcap")
    do {
      try Data((events.joined(separator: "\n") + "\n").utf8).write(to: staged)
    } catch {
      throw DatasetError(file: staged.path, code: .ioError, "cannot stage the events for --mcap")
    }
    try BundledPythonTool.run(
      "events-to-mcap", on: staged.path, ["--out", mcapFile.path], reportsOnStandardError: true,
      quiet: true)
    do {
      try OutputFile.write(try Data(contentsOf: mcapFile), to: path)
    } catch let error as OutputFileError {
      throw DatasetError(error)
    } catch {
      throw DatasetError(file: mcapFile.path, code: .ioError, "cannot be read back for --mcap")
    }
    if !quiet { Terminal.printError("MCAP: wrote \(path)") }
  }

  /// A new folder of this process's own in the temporary directory.
  private static func privateFolder() throws(DatasetError) -> URL {
    var template = Array(
      FileManager.default.temporaryDirectory.appendingPathComponent("arscene-mcap-XXXXXX").path
        .utf8CString)
    guard let made = mkdtemp(&template) else {
      throw DatasetError(
        file: FileManager.default.temporaryDirectory.path, code: .ioError,
        "cannot create a folder for --mcap: \(String(cString: strerror(errno)))")
    }
    return URL(fileURLWithPath: String(cString: made))
  }

  /// What made the report: the sequence, the engine, the configuration and
  /// the command line.
  private func reportHeader(
    _ sequence: any DatasetSequence, _ configuration: WorldTrackingConfiguration
  ) -> [ReplayReport.HeaderItem] {
    let detection = [
      configuration.planeDetection.contains(.horizontal) ? "horizontal" : nil,
      configuration.planeDetection.contains(.vertical) ? "vertical" : nil,
    ].compactMap { $0 }
    return [
      (
        "sequence",
        "\(sequence.description.name) (\(sequence.format), \(sequence.frames.count) frames)"
      ),
      ("folder", sequence.url.path),
      ("engine", "arscene \(ARSceneCommand.configuration.version)"),
      (
        "configuration",
        "plane detection \(detection.isEmpty ? "none" : detection.joined(separator: ", ")); "
          + "\(configuration.detectionImages.count) reference images; "
          + "loop closure \(configuration.isLoopClosureEnabled ? "on" : "off"); "
          + "\(threads.threads) threads; timings \(noTimings ? "off" : "on")"
          + (maxFrames.map { "; at most \($0) frames" } ?? "")
      ),
      ("command", CommandLine.arguments.map(ReportFolder.shellQuoted).joined(separator: " ")),
    ]
  }
}

/// Where events go: a file, stdout, or nowhere. A file is written through
/// ``OutputFile``: a regular one is replaced only when the replay completes
/// (a failure leaves its old contents), a FIFO or device gets each line as it
/// comes. Stdout gets each line as it comes unless it is a regular file, so
/// `--events -` into a pipe or a terminal is live.
final class EventSink {
  private let stream: OutputFile.Stream?
  private let toStandardOutput: Bool
  private let lineByLine: Bool
  private let path: String?
  private var buffer = Data()

  init(path: String?) throws(DatasetError) {
    self.path = path
    switch path {
    case nil:
      stream = nil
      toStandardOutput = false
      lineByLine = false
    case "-":
      stream = nil
      toStandardOutput = true
      var status = stat()
      lineByLine = fstat(STDOUT_FILENO, &status) != 0 || (status.st_mode & S_IFMT) != S_IFREG
    case let path?:
      do { stream = try OutputFile.Stream(path: path) } catch { throw DatasetError(error) }
      toStandardOutput = false
      lineByLine = stream?.writesThrough ?? false
    }
  }

  func write(_ line: String) throws(DatasetError) {
    guard stream != nil || toStandardOutput else { return }
    buffer.append(contentsOf: line.utf8)
    buffer.append(0x0A)
    if lineByLine || buffer.count >= 1 << 16 { try flush() }
  }

  /// Writes what is buffered and, for a file, makes it the file's contents.
  func close() throws(DatasetError) {
    try flush()
    do { try stream?.finish() } catch { throw DatasetError(error) }
  }

  private func flush() throws(DatasetError) {
    guard !buffer.isEmpty else { return }
    if toStandardOutput {
      do { try FileHandle.standardOutput.write(contentsOf: buffer) } catch {
        throw DatasetError(
          file: path, code: .ioError, "cannot write events: \(error.localizedDescription)")
      }
    } else if let stream {
      do { try stream.write(buffer) } catch { throw DatasetError(error) }
    }
    buffer.removeAll(keepingCapacity: true)
  }
}
