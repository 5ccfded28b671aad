import ARScene
import ARSceneDatasets
import ArgumentParser
import Foundation

struct BenchCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "bench",
    abstract: "Measure per-stage latency (p50/p90/p99/max and mean) on a sequence.",
    discussion: """
      Decoding is measured but not counted in the engine's frame time. Every time is \
      also stated in machine units: U is the median time of OpenCV's ORB (1000 features, \
      8 levels, one thread) on one fixed 640x480 frame, sampled before, between and \
      after the repeats, so figures compare across machines. Use a release build \
      (swift build -c release) for numbers worth quoting.
      """
  )

  @OptionGroup var input: SequenceOptions

  @OptionGroup var planes: PlaneDetectionOption

  @OptionGroup var referenceImages: ReferenceImagesOption

  @OptionGroup var loopClosure: LoopClosureOption
  @OptionGroup var trackingMode: TrackingModeOption

  @OptionGroup var threads: ThreadsOption

  @Option(
    name: .customLong("repeat"), parsing: .unconditional, help: "Replay the sequence N times.")
  var repeats = 3

  @Option(parsing: .unconditional, help: "Process N frames before measuring each repeat.")
  var warmup = 10

  @Option(parsing: .unconditional, help: "Use at most N frames.")
  var maxFrames: Int?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Place N objects on the first normally tracked frame and time their upkeep per frame"
        + " (stages placementTap, placementTick).", valueName: "N"))
  var place = 0

  @Flag(
    help: ArgumentHelp(
      "Reconstruct the scene's mesh as well (sceneReconstruction .meshWithClassification):"
        + " stages meshing, meshingWorker and meshFusion (the fusion alone, on the frames"
        + " fused)."))
  var mesh = false

  @Option(
    help: ArgumentHelp("Also write the report as JSON to FILE (- for stdout).", valueName: "FILE"))
  var json: String?

  @Flag(
    help: ArgumentHelp(
      "Leave out the machine unit (OpenCV ORB's time on one fixed frame, sampled"
        + " before, between and after the repeats); times are then in milliseconds only."))
  var noUnit = false

  @Flag(help: "Show no progress line (it is shown only on a terminal).")
  var quiet = false

  func validate() throws {
    if repeats < 1 { throw ValidationError("--repeat must be at least 1") }
    if repeats > Benchmark.maximumRepeats {
      throw ValidationError("--repeat must be at most \(Benchmark.maximumRepeats), got \(repeats)")
    }
    if warmup < 0 { throw ValidationError("--warmup must be >= 0") }
    if let maxFrames, maxFrames < 1 { throw ValidationError("--max-frames must be at least 1") }
    if place < 0 || place > 1000 { throw ValidationError("--place must be 0...1000, got \(place)") }
  }

  func run() throws {
    let sequence = try input.open(frameLimit: maxFrames)
    try OutputPaths.refuseReplacingInputs([("--json", json)], of: sequence.url)
    var configuration = WorldTrackingConfiguration()
    configuration.planeDetection = try planes.parsed()
    loopClosure.apply(to: &configuration)
    trackingMode.apply(to: &configuration)
    threads.apply(to: &configuration)
    if mesh { configuration.sceneReconstruction = .meshWithClassification }
    configuration.detectionImages = try referenceImages.load(
      for: sequence, allowingOutsidePaths: input.allowOutsidePaths)
    var benchmark = Benchmark(
      sequence: sequence, configuration: configuration, repeats: repeats,
      warmupFrames: warmup, maxFrames: maxFrames)
    benchmark.placedObjects = place
    benchmark.threads = threads.threads
    benchmark.measuresMachineUnit = !noUnit
    var progress = ProgressBar(label: "bench", enabled: !quiet)
    let report = try benchmark.run(progress: { progress.update($0, of: $1) })
    if json == "-" {
      print(report.json)
      Terminal.printError(report.table)
      return
    }
    print(report.table)
    if let json {
      do { try OutputFile.write(Data((report.json + "\n").utf8), to: json) } catch {
        throw DatasetError(
          file: json, code: .ioError, "cannot write the JSON report: \(error.problem)")
      }
    }
  }
}
