import ARScene
import Foundation

/// Poses a map is built at (`arscene map build --poses`): a TUM trajectory
/// of the sequence or its own ground truth, world_from_camera in OpenCV
/// camera axes.
public struct KnownPoses {
  /// Interpolation spans at most this gap between samples (a wider one is a
  /// dropout of the trajectory, not something to guess across).
  public static let maximumGap = 0.1

  public let trajectory: [TimedPose]
  /// Where the poses came from, for messages.
  public let source: String

  /// `given` is a TUM file or `groundtruth` (the sequence's own).
  public static func read(
    _ given: String, for sequence: any DatasetSequence
  ) throws(DatasetError) -> KnownPoses {
    if given == "groundtruth" {
      guard !sequence.groundTruth.isEmpty else {
        throw DatasetError(
          file: sequence.url.path, "--poses groundtruth: this sequence has no ground truth")
      }
      guard sequence.description.groundTruthConvention == "opencv" else {
        throw DatasetError(
          file: sequence.url.path,
          "--poses groundtruth: the ground truth's camera axes are"
            + " \"\(sequence.description.groundTruthConvention)\", not OpenCV's")
      }
      return KnownPoses(trajectory: sequence.groundTruth, source: "the sequence's ground truth")
    }
    let poses = try TUMTrajectory.read(URL(fileURLWithPath: given))
    guard !poses.isEmpty else { throw DatasetError(file: given, "holds no poses") }
    return KnownPoses(trajectory: poses, source: given)
  }

  /// The pose at `timestamp`, or nil outside the trajectory or in a gap.
  public func pose(at timestamp: Double) -> TimedPose? {
    trajectory.pose(at: timestamp, maximumGap: Self.maximumGap)
  }

  /// One pose per keyframe of `map`, in its order; a keyframe the poses do
  /// not cover is an error naming its time.
  public func atKeyframes(of map: WorldMap) throws -> [Transform] {
    try map.keyframes.map { (keyframe) throws(DatasetError) -> Transform in
      guard let pose = pose(at: keyframe.timestamp) else {
        throw DatasetError(
          file: source,
          "has no pose at \(String(format: "%.3f", keyframe.timestamp)) s, where the map has a"
            + " keyframe (poses are interpolated across at most \(Self.maximumGap) s)")
      }
      return Transform(rotation: pose.rotation, translation: pose.translation)
    }
  }
}
