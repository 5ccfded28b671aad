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
      ("trackingState", then "anchorAdded", "anchorUpdated", "anchorRemoved") comes \
      before that frame's "frame" event; what the tick decides ("coaching", then \
      "tick" with --ticks) comes after its frames. The loop runs on a virtual clock \
      (every frame processed, as fast as possible) unless --realtime. With \
      --no-timings the output is byte-identical for the same input.
      """
  )

  @OptionGroup var input: SequenceOptions

  @OptionGroup var planes: PlaneDetectionOption

  @OptionGroup var referenceImages: ReferenceImagesOption

  @Option(help: ArgumentHelp("Write events to FILE, or - for stdout.", valueName: "FILE|-"))
  var events: String?

  @Option(
    help: ArgumentHelp(
      "Write measured camera poses to FILE in TUM format, in the ground truth's camera convention.",
      valueName: "FILE"))
  var trajectory: String?

  @Option(help: "Replay at most N frames.")
  var maxFrames: Int?

  @Flag(help: "Leave timings out of the events (for byte-identical output).")
  var noTimings = false

  @Flag(help: "Write a \"tick\" event with the camera (measured or predicted) for every tick.")
  var ticks = false

  @Flag(
    help: ArgumentHelp(
      "Pace to the wall clock like a live camera: drop frames that arrive while busy and count"
        + " missed deadlines (not deterministic)."))
  var realtime = false

  @OptionGroup var coaching: CoachingOptions

  @Flag(help: "Print only errors.")
  var quiet = false

  func validate() throws {
    if let maxFrames, maxFrames < 1 { throw ValidationError("--max-frames must be at least 1") }
  }

  func run() throws {
    let sequence = try input.open()
    var configuration = WorldTrackingConfiguration()
    configuration.planeDetection = try planes.parsed()
    configuration.detectionImages = try referenceImages.load(for: sequence)
    let replay = Replay(
      sequence: sequence, configuration: configuration,
      options: ReplayOptions(
        maxFrames: maxFrames, includeTimings: !noTimings, includeTicks: ticks,
        isRealtime: realtime, coaching: try coaching.parsed()))
    let sink = try EventSink(path: events)
    var progress = ProgressBar(label: "replay", enabled: !quiet && events != "-")
    var poses: [TimedPose] = []
    let summary = try replay.run(
      emit: { try sink.write($0) }, progress: { progress.update($0, of: $1) },
      pose: { poses.append($0) })
    try sink.close()
    if let trajectory {
      try TUMTrajectory.write(
        poses, to: URL(fileURLWithPath: trajectory),
        comment: "ARScene trajectory of \(sequence.description.name): world_from_camera,"
          + " \(sequence.description.groundTruthConvention) camera axes")
    }
    if !quiet { Terminal.printError(summary.readableText) }
  }
}

/// Where events go: a file, stdout, or nowhere. Buffered, written in order.
final class EventSink {
  private let handle: FileHandle?
  private let path: String?
  private var buffer = Data()

  init(path: String?) throws {
    self.path = path
    switch path {
    case nil:
      handle = nil
    case "-":
      handle = FileHandle.standardOutput
    case let path?:
      guard FileManager.default.createFile(atPath: path, contents: nil),
        let file = FileHandle(forWritingAtPath: path)
      else { throw DatasetError(file: path, "cannot create the events file") }
      handle = file
    }
  }

  func write(_ line: String) throws {
    guard handle != nil else { return }
    buffer.append(contentsOf: line.utf8)
    buffer.append(0x0A)
    if buffer.count >= 1 << 16 { try flush() }
  }

  func close() throws {
    try flush()
    if path != "-" { try handle?.close() }
  }

  private func flush() throws {
    guard let handle, !buffer.isEmpty else { return }
    do { try handle.write(contentsOf: buffer) } catch {
      throw DatasetError(file: path, "cannot write events: \(error.localizedDescription)")
    }
    buffer.removeAll(keepingCapacity: true)
  }
}
