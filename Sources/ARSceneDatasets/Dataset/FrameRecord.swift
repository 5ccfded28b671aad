import ARScene

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
  /// This frame's own colour intrinsics when they change from frame to frame
  /// (ARKitScenes records them per frame: focus moves the focal length a
  /// little), else nil: ``SequenceDescription/camera`` holds.
  public var intrinsics: CameraIntrinsics?

  public init(
    index: Int, timestamp: Double, colorPath: String, depthPath: String? = nil,
    intrinsics: CameraIntrinsics? = nil
  ) {
    self.index = index
    self.timestamp = timestamp
    self.colorPath = colorPath
    self.depthPath = depthPath
    self.intrinsics = intrinsics
  }
}
