import ARScene
import Foundation

/// A sequence with its stated gravity hidden (7-Scenes'
/// gravity-direction.txt): replayed as a device without an accelerometer
/// would see it, so that the engine judges up from the scene and the result
/// can be checked against the gravity the data set states.
public struct GravityHiddenSequence: DatasetSequence {
  public let base: any DatasetSequence

  public init(_ base: any DatasetSequence) { self.base = base }

  public var url: URL { base.url }
  public var format: String { base.format }
  public var description: SequenceDescription {
    var description = base.description
    description.gravity = nil
    return description
  }
  public var frames: [FrameRecord] { base.frames }
  public var groundTruth: [TimedPose] { base.groundTruth }
  public var imu: [IMUSample] { base.imu }
  public var problems: [String] { base.problems }
  public func loadFrame(_ record: FrameRecord) throws(DatasetError) -> CapturedFrame {
    try base.loadFrame(record)
  }
}
