import ARSceneDatasets
import ArgumentParser
import Foundation

struct DatasetSynthCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "synth",
    abstract: "Render a synthetic sequence with exact ground truth.",
    discussion: """
      Writes a native sequence with colour, depth (Kinect-like noise), a 200 Hz IMU, exact \
      ground truth, references/ (the scene's pictures) and annotations.json (planes, reference \
      images, interruptions and coaching conditions). The same options give byte-identical files.
      """
  )

  @Option(
    help: "The scene: \(names(SyntheticSequenceGenerator.Scene.self)) (default: the scenario's).")
  var scene: String?

  @Option(help: "What goes wrong: \(names(SyntheticScenario.self)).")
  var scenario = SyntheticScenario.normal.rawValue

  @Option(help: "The camera motion: \(names(SyntheticMotion.self)) (default: the scenario's).")
  var motion: String?

  @Option(help: "Where to write the sequence (must not exist or be empty).")
  var out: String

  @Option(
    parsing: .unconditional,
    help: "Number of frames on the timeline (the relocalize scenarios skip their gap's).")
  var frames = 90

  @Option(
    parsing: .unconditional, help: "Seed of every random choice (textures, jitter, sensor noise).")
  var seed: UInt64 = 1

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Draw the walk through other places of the same room (the scene stays --seed's).",
      discussion: "A map built from one path can then be tested on frames of another."))
  var pathSeed: UInt64?

  @Option(parsing: .unconditional, help: "Image width in pixels.")
  var width = 640

  @Option(parsing: .unconditional, help: "Image height in pixels.")
  var height = 480

  @Flag(help: "Exact images, depth and IMU, without sensor noise.")
  var noNoise = false

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Hold the device rotated about its viewing axis by this many degrees (-360...360).",
      discussion: "Counter-clockwise as the person sees the scene; 90 is landscape, top left."))
  var cameraRoll = 0.0

  @Flag(help: "Write no IMU: the engine must find where up is from the scene.")
  var noImu = false

  @Flag(help: "Write no depth: colour and IMU only, as a phone without LiDAR records.")
  var noDepth = false

  @Option(
    help: ArgumentHelp(
      "Image through a lens with this distortion: k1,k2,p1,p2[,k3...] (OpenCV's order).",
      discussion:
        "Frames are rendered through a pinhole and resampled as the lens would have imaged them;"
        + " sequence.json states the distortion, which replay undoes.",
      valueName: "coefficients"))
  var lensDistortion: String?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Deflate the PNGs at this level, 0...9 (default: the fastest deflate).",
      discussion:
        "0 stores the pixels: the quickest to write and to replay, about 1.7 times the bytes;"
        + " every level decodes to the same images.",
      valueName: "level"))
  var pngCompression: Int?

  @Flag(help: "Print only errors.")
  var quiet = false

  func run() throws {
    var generator = SyntheticSequenceGenerator()
    generator.scenario = try Self.parse(scenario, as: SyntheticScenario.self, option: "scenario")
    generator.scene = try scene.map {
      try Self.parse($0, as: SyntheticSequenceGenerator.Scene.self, option: "scene")
    }
    generator.motion = try motion.map {
      try Self.parse($0, as: SyntheticMotion.self, option: "motion")
    }
    generator.frameCount = frames
    generator.seed = seed
    generator.pathSeed = pathSeed
    generator.width = width
    generator.height = height
    generator.sensorNoise = !noNoise
    generator.cameraRollDegrees = cameraRoll
    generator.includesIMU = !noImu
    generator.includesDepth = !noDepth
    generator.pngCompressionLevel = pngCompression
    generator.lensDistortion = try lensDistortion.map { text in
      try text.split(separator: ",", omittingEmptySubsequences: false).map { word in
        guard let value = Double(word.trimmingCharacters(in: .whitespaces)) else {
          throw ValidationError("--lens-distortion: \"\(word)\" is not a number")
        }
        return value
      }
    }
    do {
      try generator.validate()
    } catch {
      throw ValidationError(error.message)
    }
    var progress = ProgressBar(label: "synth", enabled: !quiet)
    let times = try generator.write(to: URL(fileURLWithPath: out)) { progress.update($0, of: $1) }
    if !quiet {
      Terminal.printError(
        "Wrote \(times.milliseconds.count) frames of the \(generator.resolvedScene.rawValue) scene"
          + " (\(generator.scenario.rawValue), \(generator.resolvedMotion.rawValue)) to \(out)."
          + String(
            format: " Rendering took %.1f ms per frame (median; p90 %.1f, max %.1f; CPU time).",
            times.median, times.percentile(0.9), times.maximum))
    }
  }

  private static func names<T: CaseIterable & RawRepresentable>(_: T.Type) -> String
  where T.RawValue == String {
    T.allCases.map(\.rawValue).joined(separator: ", ")
  }

  private static func parse<T: CaseIterable & RawRepresentable>(
    _ text: String, as _: T.Type, option: String
  ) throws -> T where T.RawValue == String {
    guard let value = T(rawValue: text) else {
      throw ValidationError("unknown \(option) '\(text)'; known: \(names(T.self))")
    }
    return value
  }
}
