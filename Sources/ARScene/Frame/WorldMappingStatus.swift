internal import CVisionCore

extension Frame {
  /// How much of the camera's surroundings the session's map holds, like
  /// ARKit's `ARFrame.WorldMappingStatus`; the one place its meaning is
  /// written down. Each case mirrors a `vc_world_mapping_status_t` with the
  /// same raw value. A map saved while ``mapped`` relocalizes most reliably
  /// from where the camera is now.
  public enum WorldMappingStatus: Int32, CaseIterable, Sendable {
    /// `VC_WORLD_MAPPING_STATUS_NOT_AVAILABLE`: there is no map yet (before
    /// the first keyframe, while world up is still judged from the scene,
    /// with relocalization off), or the camera is not placed in it
    /// (relocalizing).
    case notAvailable = 0
    /// `VC_WORLD_MAPPING_STATUS_LIMITED`: tracking is limited, so the map
    /// does not cover where the camera is yet (it grows while tracking
    /// initialises, not while it is limited for another reason).
    case limited = 1
    /// `VC_WORLD_MAPPING_STATUS_EXTENDING`: the camera is tracked in a place
    /// the map does not hold yet; it is growing there.
    case extending = 2
    /// `VC_WORLD_MAPPING_STATUS_MAPPED`: a keyframe saw this place from
    /// nearby and a similar direction.
    case mapped = 3

    /// The core's value; an unknown one (a newer core) reads as
    /// ``notAvailable``.
    init(core value: Int32) { self = WorldMappingStatus(rawValue: value) ?? .notAvailable }
  }
}

extension Frame.WorldMappingStatus: CustomStringConvertible {
  /// The case name, as events print it.
  public var description: String {
    switch self {
    case .notAvailable: "notAvailable"
    case .limited: "limited"
    case .extending: "extending"
    case .mapped: "mapped"
    }
  }
}
