import ARScene

/// The rigid transform `gt_world_from_engine_world` that carries plane anchors
/// from the engine's world into the world of groundtruth.txt and
/// annotations.json before they are compared.
///
/// The engine's world is its first camera made gravity-aligned (origin at the
/// first camera, +Y up, -Z its horizontal view direction); the ground truth's
/// world is the dataset's. Both are +Y up on synthetic data, but a yaw and a
/// shift separate them, plus whatever the tracker got wrong about the first
/// camera. The transform is estimated from the same paired camera poses the
/// trajectory evaluation pairs (``TrajectoryAssociation``), so planes are
/// scored in the frame in which the camera trajectory is scored: an error
/// shared by the trajectory and the planes (a tilted gravity, say) is not
/// counted against the planes, a plane tilted relative to the camera path is.
///
/// Unlike the ATE alignment (``PointSetAlignment``, positions only) it also
/// uses the poses' orientations: on a short, nearly straight walk the
/// positions leave the rotation about the direction of travel almost free,
/// which would show up as a normal error of several degrees on walls that the
/// engine got right. ``init(_:)`` takes the ATE alignment where that is wanted.
public struct PlaneWorldAlignment: Sendable {
  /// gt_world_from_engine_world.
  public var rotation: Quaternion
  public var translation: SIMD3<Double>

  public static let identity = PlaneWorldAlignment(rotation: .identity, translation: .zero)

  public init(rotation: Quaternion, translation: SIMD3<Double>) {
    self.rotation = rotation.normalized
    self.translation = translation
  }

  /// The trajectory evaluation's alignment (estimate to ground truth, no scale).
  public init(_ alignment: PointSetAlignment) {
    self.init(rotation: alignment.rotation, translation: alignment.translation)
  }

  /// Fitted to estimated and ground-truth camera poses paired in time (both
  /// world_from_camera with the same camera axes, as `replay --trajectory`
  /// writes them): the rotation is the normalised mean of the per-pair
  /// rotations gt_from_engine = R_gt R_est⁻¹ (signs made consistent), the
  /// translation the mean of p_gt - R p_est, the least-squares translation
  /// for that rotation.
  public init(
    estimate: [TimedPose], groundTruth: [TimedPose],
    maxTimeDifference: Double = TrajectoryAssociation.defaultMaxTimeDifference
  ) throws(DatasetError) {
    let pairs = TrajectoryAssociation(
      estimate: estimate, groundTruth: groundTruth, maxTimeDifference: maxTimeDifference)
    guard pairs.count >= 1 else {
      throw DatasetError(
        "no estimated pose lies within \(maxTimeDifference) s of a ground-truth pose;"
          + " the planes cannot be put into the ground truth's world")
    }
    var sum = SIMD4<Double>.zero
    var reference: SIMD4<Double>?
    for (estimated, truth) in zip(pairs.estimate, pairs.groundTruth) {
      let q = (truth.rotation * estimated.rotation.conjugate).normalized
      var v = SIMD4(q.x, q.y, q.z, q.w)
      if let reference, (v * reference).sum() < 0 { v = -v }
      if reference == nil { reference = v }
      sum += v
    }
    let rotation = Quaternion(x: sum.x, y: sum.y, z: sum.z, w: sum.w).normalized
    var shift = SIMD3<Double>.zero
    for (estimated, truth) in zip(pairs.estimate, pairs.groundTruth) {
      shift += truth.translation - rotation.rotate(estimated.translation)
    }
    self.init(rotation: rotation, translation: shift / Double(pairs.count))
  }

  public func applyPoint(_ point: SIMD3<Double>) -> SIMD3<Double> {
    rotation.rotate(point) + translation
  }

  public func applyDirection(_ direction: SIMD3<Double>) -> SIMD3<Double> {
    rotation.rotate(direction)
  }
}
