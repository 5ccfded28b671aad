import ARScene
import Foundation

/// Writes any readable sequence as a native one (see Datasets/README.md), so
/// that every later tool reads one format: colour as PNG (JPEG sources decode
/// to the same pixels they are written with; a stated lens distortion is
/// undone first), depth registered to colour at the source's scale, ground truth as world_from_camera in OpenCV camera axes
/// at its own rate, IMU samples in ARKit camera axes, and a sequence.json.
public enum SequenceConverter {
  /// What a conversion wrote.
  public struct Result: Equatable, Sendable {
    public var frames: Int
    public var groundTruthPoses: Int
    public var imuSamples: Int
    /// What the native copy could not keep, in words (e.g. per-frame
    /// intrinsics, which a native sequence has one of).
    public var notes: [String]
  }

  /// Converts `sequence` into `directory`, which must not exist or be empty.
  /// Ground truth is kept from the last pose at or before the first frame to
  /// the first at or after the last frame, so that every frame can still be
  /// interpolated and nothing far outside the frames is copied.
  ///
  /// - Parameters:
  ///   - sequence: The sequence to copy, in any format a reader opens.
  ///   - directory: Where the native copy goes.
  ///   - progress: Called after each frame with (frames written, total).
  public static func convert(
    _ sequence: any DatasetSequence, to directory: URL,
    progress: (Int, Int) -> Void = { _, _ in }
  ) throws(DatasetError) -> Result {
    let source = sequence.description
    var description = source
    // Depth comes out registered, so the copy describes only the colour camera.
    description.depthIntrinsics = nil
    description.colorFromDepth = nil
    // Frames load undistorted when the source states its lens's distortion.
    description.distortion = nil
    let origin = "converted from a \(sequence.format) sequence (\(source.name)) by arscene"
    description.provenance = [source.provenance, origin].compactMap { $0 }.joined(separator: "; ")

    let writer = try NativeSequenceWriter(directory: directory, description: description)
    let poses = groundTruthSpan(sequence.groundTruth, frames: sequence.frames)
    for pose in poses { try writer.append(groundTruth: pose) }

    var imuSamples = 0
    var largestIntrinsicsChange = 0.0
    for record in sequence.frames {
      let frame = try sequence.loadFrame(record)
      let k = frame.intrinsics
      let c = description.camera
      largestIntrinsicsChange = max(
        largestIntrinsicsChange, abs(k.fx - c.fx), abs(k.fy - c.fy), abs(k.cx - c.cx),
        abs(k.cy - c.cy))
      try writer.append(frame, groundTruth: nil)
      imuSamples += frame.imuSamples.count
      progress(record.index + 1, sequence.frames.count)
    }
    try writer.finish()

    var notes: [String] = []
    if largestIntrinsicsChange > 0 {
      notes.append(
        "per-frame intrinsics differ from the written camera (the first frame's) by up to"
          + " \(String(format: "%.3f", largestIntrinsicsChange)) px")
    }
    return Result(
      frames: sequence.frames.count, groundTruthPoses: poses.count, imuSamples: imuSamples,
      notes: notes)
  }

  /// The poses from the last one at or before the first frame to the first
  /// one at or after the last frame.
  private static func groundTruthSpan(
    _ poses: [TimedPose], frames: [FrameRecord]
  ) -> ArraySlice<TimedPose> {
    guard let first = frames.first?.timestamp, let last = frames.last?.timestamp else {
      return []
    }
    let start = poses.lastIndex { $0.timestamp <= first } ?? 0
    let end = poses.firstIndex { $0.timestamp >= last }.map { $0 + 1 } ?? poses.count
    return start < end ? poses[start..<end] : []
  }
}
