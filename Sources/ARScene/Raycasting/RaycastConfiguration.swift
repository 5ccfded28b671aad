internal import CVisionCore

/// The tunables of raycasting (today: of the estimated plane), with
/// defaults for 640x480 depth. Set ``Session/raycastConfiguration``;
/// ``validate()`` says which value is out of range.
public struct RaycastConfiguration: Equatable, Sendable {
  /// Half side, in depth pixels, of the square patch around the hit that the
  /// estimated plane is fitted to, 2...64. Default 8 (about 3 cm at 2 m).
  public var patchRadius: Int {
    get { Int(core.patch_radius) }
    set { core.patch_radius = Int32(clamping: newValue) }
  }
  /// Every Nth pixel of the patch is used, 1...patchRadius. Default 2.
  public var patchStep: Int {
    get { Int(core.patch_step) }
    set { core.patch_step = Int32(clamping: newValue) }
  }
  /// Fewest valid depth pixels for a plane, 3...16641 (129 x 129, the largest
  /// patch). Default 12.
  public var minimumPatchPoints: Int {
    get { Int(core.min_patch_points) }
    set { core.min_patch_points = Int32(clamping: newValue) }
  }
  /// The patch is flat enough when its points' RMS distance from the plane
  /// is at most this many metres per metre of depth, > 0. Default 0.01.
  public var maximumRMSPerMeter: Float {
    get { core.max_rms_per_metre }
    set { core.max_rms_per_metre = newValue }
  }
  /// Degrees, in (0, 45), a surface may be off level (upright) and still be
  /// horizontal (vertical). Default 10, the plane detector's.
  public var alignmentToleranceDegrees: Float {
    get { core.alignment_tolerance_degrees }
    set { core.alignment_tolerance_degrees = newValue }
  }
  /// Hits farther along the ray are ignored, metres > 0. Default 10.
  public var maximumDistance: Float {
    get { core.max_distance }
    set { core.max_distance = newValue }
  }

  /// The core's raycast options whose fields the properties above read and
  /// write; their defaults are the core's.
  var core = CoreOptions(options: Self.coreDefaults)

  private static let coreDefaults: vc_raycast_options_t = {
    var options = vc_raycast_options_t()
    vc_raycast_options_init(&options)
    return options
  }()

  /// The default tunables, given with each value above.
  public init() {}

  /// Throws ``ARSceneError/Code/invalidArgument`` naming the first bad value.
  public func validate() throws(ARSceneError) {
    var options = coreOptions
    try CoreStatus.check(vc_raycast_options_validate(&options, VC_OPTION_NAMING_SWIFT))
  }
}
