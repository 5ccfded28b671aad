import ARSceneDatasets
import ArgumentParser
import Foundation

struct ReportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "report",
    abstract: "Replay a sequence and write an HTML report of what happened.",
    discussion: """
      One self-contained index.html (inline SVG and CSS, nothing fetched; opens from disk) \
      with thumbnails beside it as JPEGs: the camera's path from above and from the side \
      (against the ground truth, with the ATE and RPE, when the sequence has one) coloured by \
      tracking state; the translation error along time; tracking states and coaching messages \
      on one time axis; the plane anchors from above by class, with reference images and \
      placed objects; with --mesh, the scene mesh from above and from the side, coloured by \
      class; each stage's latency as a histogram with p50, p99 and the 16.7 ms \
      budget; a few frames with the planes, images and objects drawn over them; and what made \
      the report (sequence, engine, configuration, command line). Takes replay's options \
      (--tap places objects, --no-timings makes the report byte-identical and leaves the \
      latency out). Same as `arscene replay SEQUENCE --report DIR`.
      """
  )

  @OptionGroup var replay: ReplayCommand

  @Option(help: ArgumentHelp("The report's folder (not existing, or empty).", valueName: "DIR"))
  var out: String

  func validate() throws {
    if replay.report != nil { throw ValidationError("give the report's folder with --out only") }
  }

  func run() throws {
    var replay = self.replay
    replay.report = out
    try replay.run()
  }
}
