import ARScene
import Foundation

/// A sequence with its stated gravity hidden (7-Scenes'
/// gravity-direction.txt): replayed as a device without an accelerometer
/// would see it, so that the engine judges up from the scene and the result
/// can be checked against the gravity the data set states.
package struct GravityHiddenSequence: DatasetSequence {
  package let base: any DatasetSequence

  package init(_ base: any DatasetSequence) { self.base = base }

  package var url: URL { base.url }
  package var format: String { base.format }
  package var description: SequenceDescription {
    var description = base.description
    description.gravity = nil
    return description
  }
  package var frames: [FrameRecord] { base.frames }
  package var groundTruth: [TimedPose] { base.groundTruth }
  package var imu: [IMUSample] { base.imu }
  package var problems: [String] { base.problems }
  package func loadFrame(_ record: FrameRecord) throws(DatasetError) -> CapturedFrame {
    try base.loadFrame(record)
  }
}
