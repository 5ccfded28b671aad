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
/// scored in the frame in which the camera trajectory is scored: a rotation
/// of the engine's whole world (cameras and planes alike) is not counted
/// against the planes, a plane tilted relative to the camera path is, such as
/// a horizontal plane levelled to a gravity the engine got wrong.
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

  /// A ``PointSetAlignment`` (estimate to ground truth; its scale is ignored),
  /// such as the trajectory evaluation's.
  public init(_ alignment: PointSetAlignment) {
    self.init(rotation: alignment.rotation, translation: alignment.translation)
  }

  /// Fitted to estimated and ground-truth camera poses paired in time (both
  /// world_from_camera with the same camera axes, as `replay --trajectory`
  /// writes them) by ``PointSetAlignment/init(orientationsOf:onto:)``: the
  /// normalised mean of the per-pair rotations R_gt R_est⁻¹, then the
  /// translation that matches the camera centres' centroids.
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
    self.init(try PointSetAlignment(orientationsOf: pairs.estimate, onto: pairs.groundTruth))
  }

  public func applyPoint(_ point: SIMD3<Double>) -> SIMD3<Double> {
    rotation.rotate(point) + translation
  }

  public func applyDirection(_ direction: SIMD3<Double>) -> SIMD3<Double> {
    rotation.rotate(direction)
  }
}
