/// The tunables of raycasting (today: of the estimated plane), with
/// defaults for 640x480 depth. Set ``Session/raycastConfiguration``;
/// ``validate()`` says which value is out of range.
public struct RaycastConfiguration: Equatable, Sendable {
  /// Half side, in depth pixels, of the square patch around the hit that the
  /// estimated plane is fitted to, 2...64. Default 8 (about 3 cm at 2 m).
  public var patchRadius: Int = 8
  /// Every Nth pixel of the patch is used, 1...patchRadius. Default 2.
  public var patchStep: Int = 2
  /// Fewest valid depth pixels for a plane, >= 3. Default 12.
  public var minimumPatchPoints: Int = 12
  /// The patch is flat enough when its points' RMS distance from the plane
  /// is at most this many metres per metre of depth, > 0. Default 0.01.
  public var maximumRMSPerMeter: Float = 0.01
  /// Degrees, in (0, 45), a surface may be off level (upright) and still be
  /// horizontal (vertical). Default 10, the plane detector's.
  public var alignmentToleranceDegrees: Float = 10
  /// Hits farther along the ray are ignored, metres > 0. Default 10.
  public var maximumDistance: Float = 10

  /// The default tunables, given with each value above.
  public init() {}

  /// Throws ``ARSceneError/Code/invalidArgument`` naming the first bad value.
  public func validate() throws(ARSceneError) {
    func require(_ ok: Bool, _ message: @autoclosure () -> String) throws(ARSceneError) {
      if !ok { throw ARSceneError(.invalidArgument, "raycast configuration: \(message())") }
    }
    try require(
      (2...64).contains(patchRadius), "patchRadius must be 2...64, got \(patchRadius)")
    try require(
      patchStep >= 1 && patchStep <= patchRadius,
      "patchStep must be 1...patchRadius (\(patchRadius)), got \(patchStep)")
    try require(
      minimumPatchPoints >= 3, "minimumPatchPoints must be >= 3, got \(minimumPatchPoints)")
    try require(
      maximumRMSPerMeter.isFinite && maximumRMSPerMeter > 0,
      "maximumRMSPerMeter must be > 0, got \(maximumRMSPerMeter)")
    try require(
      alignmentToleranceDegrees.isFinite && alignmentToleranceDegrees > 0
        && alignmentToleranceDegrees < 45,
      "alignmentToleranceDegrees must be in (0, 45), got \(alignmentToleranceDegrees)")
    try require(
      maximumDistance.isFinite && maximumDistance > 0,
      "maximumDistance must be > 0, got \(maximumDistance)")
  }
}
