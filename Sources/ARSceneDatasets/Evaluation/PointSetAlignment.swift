import ARScene
internal import CVisionCore

/// The rigid (or similarity) transform that best maps one point set onto
/// another, by Umeyama's closed form in the core.
public struct PointSetAlignment: Sendable {
  public var rotation: Quaternion
  public var translation: SIMD3<Double>
  /// 1 unless the scale was estimated.
  public var scale: Double

  /// Aligns `source` onto `target` (same count, ≥ 3, not collinear).
  public init(source: [SIMD3<Double>], target: [SIMD3<Double>], estimateScale: Bool = false)
    throws(DatasetError)
  {
    guard source.count == target.count else {
      throw DatasetError("alignment needs corresponding points: \(source.count) vs \(target.count)")
    }
    guard let count = Int32(exactly: source.count) else {
      throw DatasetError("too many points to align: \(source.count)")
    }
    let sourceXYZ = source.flatMap { [$0.x, $0.y, $0.z] }
    let targetXYZ = target.flatMap { [$0.x, $0.y, $0.z] }
    var matrix = [Double](repeating: 0, count: 16)
    var scale = 1.0
    let status = vc_align_point_sets(sourceXYZ, targetXYZ, count, estimateScale ? 1 : 0, &matrix, &scale)
    guard status == VC_STATUS_OK else {
      throw DatasetError("alignment failed: \(String(cString: vc_last_error_message()))")
    }
    rotation = Quaternion(
      matrixColumns: (
        SIMD3(matrix[0], matrix[1], matrix[2]), SIMD3(matrix[4], matrix[5], matrix[6]),
        SIMD3(matrix[8], matrix[9], matrix[10])))
    translation = SIMD3(matrix[12], matrix[13], matrix[14])
    self.scale = scale
  }

  /// Applies the alignment to a point.
  public func apply(_ point: SIMD3<Double>) -> SIMD3<Double> {
    scale * rotation.rotate(point) + translation
  }

  /// Applies the alignment to a pose (world_from_camera): the camera's
  /// orientation turns with the world, its position moves with it.
  public func apply(_ pose: TimedPose) -> TimedPose {
    TimedPose(
      timestamp: pose.timestamp, rotation: rotation * pose.rotation,
      translation: apply(pose.translation))
  }
}
