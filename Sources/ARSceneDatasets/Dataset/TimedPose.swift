import ARScene

/// One ground-truth pose, `world_from_camera` as TUM RGB-D writes it: the
/// camera's position and orientation in the world, camera axes given by
/// ``SequenceDescription/groundTruthConvention`` ("opencv": +X right, +Y down,
/// +Z forward).
public struct TimedPose: Equatable, Sendable {
  /// Seconds, on the frames' clock (ground truth may run at its own rate).
  public var timestamp: Double
  /// Unit quaternion of the rotation `world_from_camera`.
  public var rotation: Quaternion
  /// Camera centre in world coordinates, metres.
  public var translation: SIMD3<Double>

  public init(timestamp: Double, rotation: Quaternion, translation: SIMD3<Double>) {
    self.timestamp = timestamp
    self.rotation = rotation
    self.translation = translation
  }

  /// The pose as a matrix taking camera coordinates to world coordinates.
  public var worldFromCamera: Transform {
    Transform(rotation: rotation, translation: translation)
  }
}
