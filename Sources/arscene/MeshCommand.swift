import ARScene
import ARSceneDatasets
import ArgumentParser
import Foundation

struct MeshCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "mesh",
    abstract: "Replay a sequence with depth and write the mesh of its surfaces.",
    discussion: """
      Every frame with depth and a measured pose is fused into a truncated signed distance \
      volume at its tracked pose, and the volume is meshed by surface nets, as a session \
      with sceneReconstruction .meshWithClassification does. Faces lying on a classified \
      plane anchor take its class (wall, floor, table...); the others are none. The format \
      follows FILE's extension: .ply (binary, a classification per face, class colours per \
      vertex), .obj (class colours per vertex, faces grouped by class) or .glb (binary glTF \
      2.0, class colours per vertex). Coordinates are the replay's world: metres, ARKit axes \
      (+Y up), the world of replay --trajectory. FILE must not exist unless --force.
      """
  )

  @OptionGroup var input: SequenceOptions

  @OptionGroup var planes: PlaneDetectionOption

  @OptionGroup var loopClosure: LoopClosureOption

  @OptionGroup var threads: ThreadsOption

  @Option(help: ArgumentHelp("Write the mesh to FILE (.ply, .obj or .glb).", valueName: "FILE"))
  var out: String

  @Option(help: ArgumentHelp("Voxel side in metres, in (0.001, 0.25).", valueName: "METRES"))
  var voxelSize: Float = WorldTrackingConfiguration().meshVoxelSize

  @Option(help: ArgumentHelp("Fuse no depth farther than this, in (0.3, 20).", valueName: "METRES"))
  var maxDepth: Float = WorldTrackingConfiguration().meshMaximumDepth

  @Option(
    help: ArgumentHelp(
      "Megabytes the fused volume may take, 1...65536; past it, what was fused longest ago is"
        + " dropped from the volume and the mesh.", valueName: "MB"))
  var memoryLimit: Int = WorldTrackingConfiguration().meshMemoryLimit

  @Option(
    help: ArgumentHelp(
      "Compare the finished mesh's depth with every Nth frame's depth, from its camera.",
      discussion:
        "Prints the median and 90th percentile of |mesh - depth| over the readings nearer than"
        + " --max-depth that the mesh covers, and how much of the pixels without a reading the"
        + " mesh fills (Session.sceneDepth(for:)).", valueName: "N"))
  var compareDepth: Int?

  @Flag(help: "Leave every face's class none (no plane classes).")
  var noClassification = false

  @Option(parsing: .unconditional, help: "Mesh at most the first N frames.")
  var maxFrames: Int?

  @Flag(help: "Replace FILE if it exists.")
  var force = false

  @Flag(help: "Print only errors.")
  var quiet = false

  func validate() throws {
    if let maxFrames, maxFrames < 1 { throw ValidationError("--max-frames must be at least 1") }
    if let compareDepth, compareDepth < 1 {
      throw ValidationError("--compare-depth must be at least 1, got \(compareDepth)")
    }
    _ = try SceneMeshFormat.of(path: out)
  }

  func run() throws {
    let sequence = try input.open(frameLimit: maxFrames)
    guard sequence.description.sensors.contains(.depth) else {
      throw DatasetError(
        file: input.sequence, "the mesh is fused from depth, and this sequence has none")
    }
    try OutputPaths.refuseReplacingInputs([("--out", out)], of: sequence.url)
    if !force && FileManager.default.fileExists(atPath: out) && !OutputPaths.isWrittenThrough(out) {
      throw DatasetError(file: out, "the mesh file exists; give --force to replace it")
    }
    var configuration = WorldTrackingConfiguration()
    configuration.planeDetection = try planes.parsed()
    configuration.sceneReconstruction = noClassification ? .mesh : .meshWithClassification
    configuration.meshVoxelSize = voxelSize
    configuration.meshMaximumDepth = maxDepth
    configuration.meshMemoryLimit = memoryLimit
    loopClosure.apply(to: &configuration)
    threads.apply(to: &configuration)
    try configuration.validate()
    var options = ReplayOptions(maxFrames: maxFrames, includeTimings: false, coaching: nil)
    options.meshDestination = URL(fileURLWithPath: out)
    options.meshDepthCheckInterval = compareDepth
    options.threads = threads.threads
    let replay = Replay(sequence: sequence, configuration: configuration, options: options)
    var progress = ProgressBar(label: "mesh", enabled: !quiet)
    let summary = try replay.run(emit: { _ in }, progress: { progress.update($0, of: $1) })
    if !quiet { Terminal.printError(summary.readableText) }
  }
}
