import ARScene
internal import CVisionSynthetic

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
    let status = vc_align_point_sets(
      sourceXYZ, targetXYZ, count, estimateScale ? 1 : 0, &matrix, &scale)
    guard status == VC_STATUS_OK else {
      throw DatasetError("alignment failed: \(String(cString: vc_synthetic_last_error_message()))")
    }
    rotation = Quaternion(
      matrixColumns: (
        SIMD3(matrix[0], matrix[1], matrix[2]), SIMD3(matrix[4], matrix[5], matrix[6]),
        SIMD3(matrix[8], matrix[9], matrix[10])
      ))
    translation = SIMD3(matrix[12], matrix[13], matrix[14])
    self.scale = scale
  }

  /// The rigid transform that best turns the orientations of `source` onto
  /// those of `target` (the normalised mean of the relative rotations, signs
  /// made consistent) and then matches their centroids. For trajectories
  /// whose positions cannot fix a rotation (a camera turning on the spot, or
  /// moving along a line), where Umeyama's method is undefined.
  public init(orientationsOf source: [TimedPose], onto target: [TimedPose]) throws(DatasetError) {
    guard source.count == target.count, !source.isEmpty else {
      throw DatasetError("alignment needs corresponding poses: \(source.count) vs \(target.count)")
    }
    var sum = SIMD4<Double>.zero
    var reference: SIMD4<Double>?
    for (a, b) in zip(source, target) {
      let q = b.rotation * a.rotation.conjugate
      var v = SIMD4(q.x, q.y, q.z, q.w)
      if let reference, (v * reference).sum() < 0 { v = -v }
      if reference == nil { reference = v }
      sum += v
    }
    let length = (sum * sum).sum().squareRoot()
    guard length > 0, length.isFinite else {
      throw DatasetError("alignment failed: the orientations do not determine a rotation")
    }
    rotation = Quaternion(
      x: sum.x / length, y: sum.y / length, z: sum.z / length, w: sum.w / length)
    let n = Double(source.count)
    let sourceCentroid = source.reduce(SIMD3<Double>.zero) { $0 + $1.translation } / n
    let targetCentroid = target.reduce(SIMD3<Double>.zero) { $0 + $1.translation } / n
    translation = targetCentroid - rotation.rotate(sourceCentroid)
    scale = 1
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
