import ARScene
import ARSceneDatasets
import Foundation

/// The sequence readers, one format at a time: the input's first byte picks
/// which of the format's text files it replaces (the rest of the input is the
/// file), the folder is opened as `arscene` opens it, and every frame is
/// loaded.
enum SequenceFolderHarness {
  static let sequenceJSON = target(
    "sequence-json", "sequence.json of a native sequence", template: "native",
    files: ["sequence.json"])
  static let tumLists = target(
    "tum-lists", "TUM lists: rgb.txt, depth.txt, groundtruth.txt, accelerometer.txt",
    template: "tum", files: ["rgb.txt", "depth.txt", "groundtruth.txt", "accelerometer.txt"],
    intrinsics: CameraIntrinsics(fx: 30, fy: 30, cx: 16, cy: 12, width: 32, height: 24))
  static let sevenScenes = target(
    "seven-scenes", "7-Scenes pose.txt, gravity-direction.txt and sequence.json",
    template: "seven-scenes",
    files: ["frame-000000.pose.txt", "gravity-direction.txt", "sequence.json"])
  static let euroc = target(
    "euroc", "EuRoC data.csv lists, sensor.yaml and ground truth", template: "euroc",
    files: [
      "mav0/cam0/data.csv", "mav0/cam0/sensor.yaml", "mav0/imu0/data.csv",
      "mav0/state_groundtruth_estimate0/data.csv",
    ])
  static let arkitScenes = target(
    "arkitscenes", "ARKitScenes lowres_wide.traj and .pincam intrinsics",
    template: "arkitscenes",
    files: [
      "41069021_frames/lowres_wide.traj",
      "41069021_frames/lowres_wide_intrinsics/41069021_10.050.pincam",
    ])

  private static func target(
    _ name: String, _ summary: String, template: String, files: [String],
    intrinsics: CameraIntrinsics? = nil
  ) -> FuzzTarget {
    let folder = LazyFolder(template: template)
    return FuzzTarget(
      name: name, summary: summary, prepare: { _ = folder.scratch },
      run: { data in
        guard let selector = data.first else { return }
        let file = files[Int(selector) % files.count]
        folder.scratch.with(file, replacedBy: data.dropFirst()) {
          open(folder.scratch.url, intrinsics: intrinsics)
        }
      })
  }

  private static func open(_ url: URL, intrinsics: CameraIntrinsics?) {
    guard let sequence = try? SequenceLoader.open(url, intrinsics: intrinsics) else { return }
    for record in sequence.frames {
      _ = try? sequence.loadFrame(record)
    }
  }
}
