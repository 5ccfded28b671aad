import ARScene
import Foundation

/// A recorded sequence opened for replay: its lists are in memory, its images
/// stay on disk until ``loadFrame(_:)`` decodes them, so memory stays flat
/// however long the sequence is.
public protocol DatasetSequence: Sendable {
  /// The sequence folder.
  var url: URL { get }
  /// The layout read: "native" (sequence.json beside rgb.txt), "tum",
  /// "7scenes", "euroc" or "arkitscenes".
  var format: String { get }
  var description: SequenceDescription { get }
  /// Frames in strictly increasing time order.
  var frames: [FrameRecord] { get }
  /// Ground-truth poses in time order, at their own rate; may be empty.
  /// Always `world_from_camera` of the colour camera with OpenCV camera axes,
  /// whatever the format stores (see Datasets/README.md).
  var groundTruth: [TimedPose] { get }
  /// Inertial samples in time order; may be empty.
  var imu: [IMUSample] { get }
  /// Findings that did not stop the sequence from opening, each starting with
  /// the file (and line) concerned, e.g. "rgb.txt:12: duplicate timestamp 1.5
  /// dropped (line 11 with the same time is kept)".
  var problems: [String] { get }
  /// Decodes the frame's images. Its IMU samples are those in (previous frame's
  /// timestamp, this frame's timestamp]; depth comes as
  /// `DepthData(unitsPerMeter: description.depthUnitsPerMeter)`. When the
  /// description states a lens distortion, the colour image (and depth
  /// registered to it) comes undistorted, as `LensUndistortion` makes it.
  func loadFrame(_ record: FrameRecord) throws(DatasetError) -> CapturedFrame
}
