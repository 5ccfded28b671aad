import ARScene
import Foundation

/// Trajectories in the TUM RGB-D text format, which evo and every SLAM tool
/// read: one `timestamp tx ty tz qx qy qz qw` line per pose, world_from_camera.
public enum TUMTrajectory {
  public static let layout = "timestamp tx ty tz qx qy qz qw"

  /// Reads a trajectory file; errors name the file and line.
  public static func read(_ url: URL) throws(DatasetError) -> [TimedPose] {
    let folder = url.deletingLastPathComponent()
    guard let list = try TextList.read(url.lastPathComponent, in: folder) else {
      throw DatasetError(file: url.path, code: .missingFile, "does not exist")
    }
    var problems: [String] = []
    return try poses(in: list, problems: &problems)
  }

  /// The poses of a TUM list, time-ordered (see ``TextList/timeOrdered``).
  static func poses(in list: TextList, problems: inout [String]) throws(DatasetError) -> [TimedPose]
  {
    try list.timeOrdered(layout, problems: &problems) {
      (entry) throws(DatasetError) -> TimedPose in
      let translation = SIMD3(
        try list.number(entry, 1, "tx"), try list.number(entry, 2, "ty"),
        try list.number(entry, 3, "tz"))
      guard TrajectoryEvaluation.isPlausible(translation) else {
        throw list.error(
          entry,
          "position (tx ty tz) (\(translation.x), \(translation.y), \(translation.z)) is beyond"
            + " \(TrajectoryEvaluation.positionLimitText) from the origin")
      }
      let rotation = Quaternion(
        x: try list.number(entry, 4, "qx"), y: try list.number(entry, 5, "qy"),
        z: try list.number(entry, 6, "qz"), w: try list.number(entry, 7, "qw"))
      // Files written with 4 decimals are off unit length by ~1e-4: normalise
      // those, reject anything that is not a rotation at all.
      guard abs(rotation.norm - 1) <= 1e-3 else {
        throw list.error(
          entry, "quaternion (qx qy qz qw) has norm \(rotation.norm); it must be 1 within 0.001")
      }
      return TimedPose(
        timestamp: try list.number(entry, 0, "timestamp"), rotation: rotation.normalized,
        translation: translation)
    }.map(\.value)
  }

  /// The file's text: a comment header, then one line per pose with fixed
  /// precision (microseconds, tenths of a millimetre would be too coarse for
  /// evaluation, so 7 decimals) so the same poses always give the same bytes.
  public static func text(_ poses: [TimedPose], comment: String) -> String {
    var lines = comment.split(separator: "\n").map { "# \($0)" }
    lines.append("# " + layout)
    for pose in poses {
      let q = pose.rotation.normalized
      let values = [pose.translation.x, pose.translation.y, pose.translation.z, q.x, q.y, q.z, q.w]
      lines.append(
        String(format: "%.6f", pose.timestamp) + " "
          + values.map { JSONLine.number($0, decimals: 7) }.joined(separator: " "))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  public static func write(_ poses: [TimedPose], to url: URL, comment: String) throws(DatasetError)
  {
    do {
      try OutputFile.write(Data(text(poses, comment: comment).utf8), to: url.path)
    } catch {
      throw DatasetError(
        file: error.path, code: .ioError, "cannot write the trajectory: \(error.problem)")
    }
  }
}
