import ARSceneDatasets
import ArgumentParser
import Foundation

struct DatasetSynthCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "synth",
    abstract: "Render a synthetic sequence with exact ground truth.",
    discussion: "The same options give byte-identical files."
  )

  @Option(help: "The scene: \(SyntheticSequenceGenerator.Scene.allCases.map(\.rawValue).joined(separator: ", ")).")
  var scene = "room"

  @Option(help: "Where to write the sequence (must not exist or be empty).")
  var out: String

  @Option(help: "Number of frames.")
  var frames = 90

  @Option(help: "Seed of every random choice (textures, jitter).")
  var seed: UInt64 = 1

  @Option(help: "Image width in pixels.")
  var width = 640

  @Option(help: "Image height in pixels.")
  var height = 480

  @Flag(help: "Print only errors.")
  var quiet = false

  func run() throws {
    guard let kind = SyntheticSequenceGenerator.Scene(rawValue: scene) else {
      throw ValidationError(
        "unknown scene '\(scene)'; known: \(SyntheticSequenceGenerator.Scene.allCases.map(\.rawValue).joined(separator: ", "))")
    }
    var generator = SyntheticSequenceGenerator()
    generator.scene = kind
    generator.frameCount = frames
    generator.seed = seed
    generator.width = width
    generator.height = height
    var progress = ProgressBar(label: "synth", enabled: !quiet)
    try generator.write(to: URL(fileURLWithPath: out)) { progress.update($0, of: $1) }
    if !quiet { Terminal.printError("Wrote \(frames) frames of the \(scene) scene to \(out).") }
  }
}
