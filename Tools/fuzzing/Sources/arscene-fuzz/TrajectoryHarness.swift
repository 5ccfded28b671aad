import ARSceneDatasets
import Foundation

/// A TUM trajectory as `eval` reads ground truth or an estimate, then scored
/// against itself moved by 1 cm: a readable trajectory must score, or be
/// refused with an error, never trap.
enum TrajectoryHarness {
  static let target: FuzzTarget = {
    let file = ScratchFolder.processFolder.appendingPathComponent("trajectory.txt")
    return FuzzTarget(
      name: "tum-trajectory", summary: "TUM trajectories as eval reads them",
      prepare: {
        try? FileManager.default.createDirectory(
          at: ScratchFolder.processFolder, withIntermediateDirectories: true)
      },
      run: { data in
        try? data.write(to: file)
        guard let poses = try? TUMTrajectory.read(file) else { return }
        let moved = poses.map {
          TimedPose(
            timestamp: $0.timestamp, rotation: $0.rotation,
            translation: $0.translation + SIMD3(0.01, 0, 0))
        }
        _ = try? TrajectoryEvaluation(
          estimate: moved, groundTruth: poses, frameTimestamps: poses.map(\.timestamp))
      })
  }()
}
