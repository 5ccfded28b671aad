internal import CVisionCore

/// Finds single frames in a ``WorldMap``, each on its own, with no tracking
/// from one frame to the next: the 7-Scenes relocalization protocol, and
/// what `arscene relocalize` runs. A session relocalizes by itself; this is
/// for measuring how well (and how fast) a map can be relocalized in.
///
/// Deterministic: the same map and frame give the same answer. Not
/// thread-safe; use one per thread.
public final class Relocalizer {
  private let handle: OpaquePointer
  /// The camera the map was made with; frames must have its image size.
  public let camera: CameraIntrinsics

  /// What one query found.
  public struct Result: Equatable, Sendable {
    /// worldFromCamera in the map's world (ARKit axes); nil when the frame
    /// was not found.
    public var cameraTransform: Transform?
    /// Feature correspondences that agree with the pose.
    public var inliers: Int
    /// The map keyframe holding most of them, or nil.
    public var keyframeID: Int?
    /// "found", or the first check that failed ("too_few_features",
    /// "no_candidates", "too_few_matches", "no_consensus",
    /// "poor_alignment", "large_correction").
    public var outcome: String
  }

  /// Indexes `map` for queries. Throws when the map was made with other
  /// relocalization settings or holds no keyframe.
  public init(map: WorldMap) throws(ARSceneError) {
    var created: OpaquePointer?
    try CoreStatus.check(vc_relocalizer_create(map.handle, &created))
    guard let created else {
      throw ARSceneError(.internalError, "vc_relocalizer_create returned no relocalizer")
    }
    handle = created
    camera = map.camera
  }

  deinit { vc_relocalizer_destroy(handle) }

  /// Looks for one frame (colour, and depth where the frame has it; IMU
  /// samples are ignored) in the map. Throws for a frame the core rejects
  /// (another image size than the map's, bad pixels or depth).
  public func locate(_ frame: CapturedFrame) throws(ARSceneError) -> Result {
    var result = vc_relocalization_result_t()
    try frame.withCoreInput { (input) throws(ARSceneError) in
      let status = vc_relocalizer_query(handle, input, &result)
      try CoreStatus.check(status) { String(cString: vc_relocalizer_last_error_message(handle)) }
    }
    return Result(
      cameraTransform: result.found != 0
        ? Transform(coreColumnMajor: result.world_from_camera) : nil,
      inliers: Int(result.inliers),
      keyframeID: result.keyframe_id >= 0 ? Int(result.keyframe_id) : nil,
      outcome: result.outcome.map { String(cString: $0) } ?? "unknown")
  }
}
