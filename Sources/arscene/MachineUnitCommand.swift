import ARSceneDatasets
import ArgumentParser
import Foundation

/// `arscene machine-unit`: the unit `bench` states its times in, measured on
/// its own, for tools that time something else (Tools/peers/run-peers prints
/// it before and after its peers run).
struct MachineUnitCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "machine-unit",
    abstract: "Measure this machine's speed unit U (what bench states times in).",
    discussion: """
      U is the median time of OpenCV's ORB (1000 features, 8 levels, one thread) on \
      one fixed 640x480 frame. Each checkpoint takes 7 samples; the spread of the \
      checkpoints' medians shows a machine whose speed changed while it ran.
      """
  )

  /// Bursts of samples: enough to see a change of speed, short enough for a
  /// tool to run before and after its work.
  static let checkpointLimit = 1000

  @Option(
    parsing: .unconditional, help: "Bursts of 7 samples to take (1...\(Self.checkpointLimit)).")
  var checkpoints = 3

  @Flag(help: "Print the unit as one JSON object instead.")
  var json = false

  func validate() throws {
    guard (1...Self.checkpointLimit).contains(checkpoints) else {
      throw ValidationError(
        "--checkpoints must be 1...\(Self.checkpointLimit), got \(checkpoints)")
    }
  }

  func run() throws {
    let unit = try MachineUnit.measure(checkpoints: checkpoints)
    guard json else {
      print(unit.summary)
      if let warning = unit.speedWarning { print(warning) }
      return
    }
    print(unit.json.text)
  }
}
