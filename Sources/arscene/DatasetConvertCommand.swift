import ARSceneDatasets
import ArgumentParser
import Foundation

struct DatasetConvertCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "convert",
    abstract: "Write any readable sequence as a native sequence.",
    discussion: """
      Reads native, TUM RGB-D, 7-Scenes, EuRoC and ARKitScenes folders. The copy has \
      PNG images, depth registered to colour, groundtruth.txt (world_from_camera, OpenCV \
      camera axes), imu.txt (ARKit camera axes) and sequence.json.

      Also reads ROS bags (rosbag2 with SQLite3 or MCAP storage, ROS 1 .bag) with the \
      rosbags package from PyPI (python3 -m pip install rosbags pillow): sensor_msgs/Image \
      (rgb8, bgr8, mono8, 16UC1, 32FC1) or CompressedImage, CameraInfo, Imu (in the colour \
      camera's optical frame, or turned into it by /tf_static) and PoseStamped or Odometry \
      ground truth, colour and depth paired by time. Depth in another frame than colour, \
      placed by /tf_static, is registered to colour when read (it needs the depth camera's \
      CameraInfo). `arscene dataset info BAG` lists the topics and the guesses; --topic \
      ROLE=TOPIC (color, depth, camera-info, depth-camera-info, imu, pose) overrides one; \
      --tf PARENT:CHILD takes the ground truth from the /tf tree (chains of frames followed).
      """
  )

  @OptionGroup var input: SequenceOptions

  @Option(help: "Where to write the native sequence (must not exist or be empty).")
  var out: String

  @Option(
    name: .customLong("topic"),
    help: ArgumentHelp(
      "For a ROS bag: the topic of a role, ROLE=TOPIC with ROLE color, depth, camera-info,"
        + " depth-camera-info, imu or pose (repeatable).", valueName: "ROLE=TOPIC"))
  var topics: [String] = []

  @Option(
    help: ArgumentHelp(
      "For a ROS bag: ground truth from the /tf and /tf_static tree's transform from PARENT to"
        + " CHILD (the colour camera's optical frame), instead of a pose topic.",
      valueName: "PARENT:CHILD"))
  var tf: String?

  @Flag(help: "Print only errors.")
  var quiet = false

  func validate() throws {
    for topic in topics {
      let parts = topic.split(separator: "=", maxSplits: 1).map(String.init)
      guard parts.count == 2,
        ["color", "depth", "camera-info", "depth-camera-info", "imu", "pose"].contains(parts[0])
      else {
        throw ValidationError(
          "--topic \(topic): expected ROLE=TOPIC with ROLE color, depth, camera-info,"
            + " depth-camera-info, imu or pose")
      }
    }
  }

  func run() throws {
    if BundledPythonTool.isBag(input.sequence) {
      try OutputPaths.refuseReplacingInputs(
        [("--out", out)], of: [URL(fileURLWithPath: input.sequence)], what: "the bag")
      try OutputPaths.requireEmptyOrAbsentFolder(URL(fileURLWithPath: out), for: "a sequence")
      let roles =
        topics.flatMap { topic -> [String] in
          let parts = topic.split(separator: "=", maxSplits: 1).map(String.init)
          return ["--\(parts[0])", parts[1]]
        } + (tf.map { ["--tf", $0] } ?? [])
      try BundledPythonTool.run(
        "rosbag-to-native", on: input.sequence, ["--out", out] + roles,
        reportsOnStandardError: true, quiet: quiet)
      return
    }
    let sequence = try input.open()
    try OutputPaths.refuseReplacingInputs([("--out", out)], of: sequence.url)
    var progress = ProgressBar(label: "convert", enabled: !quiet)
    let result = try SequenceConverter.convert(sequence, to: URL(fileURLWithPath: out)) {
      progress.update($0, of: $1)
    }
    guard !quiet else { return }
    Terminal.printError(
      "Wrote \(result.frames) frames, \(result.groundTruthPoses) ground-truth poses and"
        + " \(result.imuSamples) IMU samples of the \(sequence.format) sequence"
        + " \(sequence.description.name) to \(out).")
    for note in result.notes { Terminal.printError("note: \(note)") }
  }
}
