import ARScene
import ArgumentParser

/// `--loop-closure`, shared by the commands that run a session and score or
/// time it.
struct LoopClosureOption: ParsableArguments {
  @Flag(
    help: ArgumentHelp(
      "Close loops: a keyframe that sees a place seen at least 4 s before corrects the map"
        + " (keyframes, camera, plane anchors and placed objects move with it). Off by"
        + " default: it lowers ATE on the 7-Scenes kitchen, but the camera takes each"
        + " correction in one step, so content fixed in the world moves in view by the whole"
        + " correction at once (9 mm on a synthetic orbit)."))
  var loopClosure = false

  func apply(to configuration: inout WorldTrackingConfiguration) {
    configuration.isLoopClosureEnabled = loopClosure
  }
}
