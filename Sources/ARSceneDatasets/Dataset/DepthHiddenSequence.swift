import ARScene
import Foundation

/// A sequence with its depth hidden: replayed as a device without a depth
/// sensor would record it (colour and IMU only), so that every RGB-D
/// recording can test tracking without depth against its ground truth.
package struct DepthHiddenSequence: SequenceWrapper {
  package let base: any DatasetSequence

  /// The base's frames without their depth paths, made once: commands
  /// index frames inside their frame loops.
  package let frames: [FrameRecord]

  package init(_ base: any DatasetSequence) {
    self.base = base
    frames = base.frames.map { record in
      var record = record
      record.depthPath = nil
      return record
    }
  }

  package var description: SequenceDescription {
    var description = base.description
    description.sensors.remove(.depth)
    description.depthUnitsPerMeter = nil
    description.depthIntrinsics = nil
    description.colorFromDepth = nil
    return description
  }
  package func loadFrame(_ record: FrameRecord) throws(DatasetError) -> CapturedFrame {
    // Readers that find depth by the colour image's name, not by the
    // record, still load it: it is dropped here.
    var frame = try base.loadFrame(record)
    frame.depth = nil
    return frame
  }
}
