import ARScene
import ARSceneDatasets
import ArgumentParser
import Foundation

/// The sequence to read and how, shared by every command that reads one.
struct SequenceOptions: ParsableArguments {
  @Argument(
    help: "A sequence folder: native (sequence.json), TUM RGB-D, 7-Scenes, EuRoC or ARKitScenes.")
  var sequence: String

  @Option(
    help: ArgumentHelp(
      "Camera intrinsics fx,fy,cx,cy in pixels, overriding the sequence's (TUM folders without them need it).",
      valueName: "fx,fy,cx,cy"))
  var intrinsics: String?

  @Flag(
    help: ArgumentHelp(
      "Ignore the gravity the data set states (7-Scenes' gravity-direction.txt).",
      discussion: "As a device without an accelerometer: up is then judged from the scene."))
  var ignoreStatedGravity = false

  @Flag(
    help: ArgumentHelp(
      "Replay as if the sequence had no depth (colour and IMU only).",
      discussion:
        "As a phone without LiDAR records it, so that an RGB-D recording can test tracking"
        + " without depth against its ground truth: tracked monocular, with the IMU's"
        + " metric scale when the sequence has an IMU."))
  var noDepth = false

  @Flag(
    help: ArgumentHelp(
      "Let lists and references.json name files outside their folder.",
      discussion: "Refused by default, so that opening a sequence reads nothing but it."))
  var allowOutsidePaths = false

  func validate() throws {
    if intrinsics != nil { _ = try parsedIntrinsics() }
  }

  func parsedIntrinsics() throws -> CameraIntrinsics? {
    guard let intrinsics else { return nil }
    let values = intrinsics.split(separator: ",").map {
      Double($0.trimmingCharacters(in: .whitespaces))
    }
    guard values.count == 4, let fx = values[0], let fy = values[1], let cx = values[2],
      let cy = values[3],
      [fx, fy, cx, cy].allSatisfy(\.isFinite), fx > 0, fy > 0
    else {
      throw ValidationError(
        "--intrinsics must be four numbers fx,fy,cx,cy with fx, fy > 0; got '\(intrinsics)'")
    }
    // A size of 0 tells the readers to take it from the images.
    return CameraIntrinsics(fx: fx, fy: fy, cx: cx, cy: cy, width: 0, height: 0)
  }

  /// The sequence, of which a command that uses only the first
  /// `frameLimit` frames (`--max-frames`) has only those read.
  func open(frameLimit: Int? = nil) throws -> any DatasetSequence {
    let opened = try SequenceLoader.open(
      URL(fileURLWithPath: sequence), intrinsics: try parsedIntrinsics(),
      allowingOutsidePaths: allowOutsidePaths, frameLimit: frameLimit)
    let depthHidden: any DatasetSequence = noDepth ? DepthHiddenSequence(opened) : opened
    return ignoreStatedGravity ? GravityHiddenSequence(depthHidden) : depthHidden
  }
}
