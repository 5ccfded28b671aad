/// Where one frame of a sequence lives on disk. Records are small so that a
/// sequence of any length keeps only its lists in memory; the images are
/// decoded by ``DatasetSequence/loadFrame(_:)`` when the frame is replayed.
public struct FrameRecord: Equatable, Sendable {
  /// Position in ``DatasetSequence/frames``, from 0.
  public var index: Int
  /// Seconds, from the colour list (rgb.txt); strictly increasing.
  public var timestamp: Double
  /// Absolute path of the colour image.
  public var colorPath: String
  /// Absolute path of the depth image associated with this frame, or nil when
  /// the sequence has no depth or none was close enough in time.
  public var depthPath: String?

  public init(index: Int, timestamp: Double, colorPath: String, depthPath: String? = nil) {
    self.index = index
    self.timestamp = timestamp
    self.colorPath = colorPath
    self.depthPath = depthPath
  }
}
