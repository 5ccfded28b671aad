import ARScene
import ArgumentParser

/// `--loop-closure`, shared by the commands that run a session and score or
/// time it.
struct LoopClosureOption: ParsableArguments {
  @Flag(
    help: ArgumentHelp(
      "Close loops: a keyframe that sees a place seen at least 4 s before corrects the map"
        + " (keyframes, camera, plane anchors and placed objects move with it; the reported"
        + " camera eases into it over frames, so nothing jumps in view). Off by default: on"
        + " the 7-Scenes kitchen it lowers ATE as the final map places the frames, but not"
        + " the ATE of the poses reported live."))
  var loopClosure = false

  func apply(to configuration: inout WorldTrackingConfiguration) {
    configuration.isLoopClosureEnabled = loopClosure
  }
}
