import ARScene
import ArgumentParser

/// `--loop-closure`, shared by the commands that run a session and score or
/// time it.
struct LoopClosureOption: ParsableArguments {
  @Flag(
    help: ArgumentHelp(
      "Close loops: a keyframe that sees a place seen at least 4 s before corrects the map"
        + " (keyframes, camera, plane anchors and placed objects move with it). Off by"
        + " default: it lowers ATE on the 7-Scenes kitchen, but its corrections move plane"
        + " anchors by up to 3 cm there, more than the planes' 2 cm stability target."))
  var loopClosure = false

  func apply(to configuration: inout WorldTrackingConfiguration) {
    configuration.isLoopClosureEnabled = loopClosure
  }
}
