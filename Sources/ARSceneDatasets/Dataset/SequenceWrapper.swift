import ARScene
import Foundation

/// A sequence that shows another with something changed (its gravity or
/// depth hidden, an IMU synthesised): everything it does not change comes
/// from `base`.
package protocol SequenceWrapper: DatasetSequence {
  var base: any DatasetSequence { get }
}

extension SequenceWrapper {
  package var url: URL { base.url }
  package var format: String { base.format }
  package var description: SequenceDescription { base.description }
  package var frames: [FrameRecord] { base.frames }
  package var groundTruth: [TimedPose] { base.groundTruth }
  package var imu: [IMUSample] { base.imu }
  package var problems: [String] { base.problems }
  package func loadFrame(_ record: FrameRecord) throws(DatasetError) -> CapturedFrame {
    try base.loadFrame(record)
  }
}
