internal import CVisionCore

extension Frame {
  /// Where the world's up (+Y) came from and how sure it is; the one place
  /// its meaning is written down. ARKit always has an accelerometer; a
  /// recording or a depth camera may not, and then the session judges up
  /// from the planes in view (floors and table tops below the camera, walls
  /// beside it) before it publishes any plane.
  public struct WorldUp: Equatable, Sendable {
    /// Each case mirrors a `vc_world_up_source_t` with the same raw value.
    public enum Source: Int32, CaseIterable, Sendable {
      /// `VC_WORLD_UP_SOURCE_NONE`: the world keeps the first camera's axes
      /// (`WorldAlignment/camera`, or no accelerometer, depth or
      /// ``WorldTrackingConfiguration/initialUpDirection``).
      case none = 0
      /// `VC_WORLD_UP_SOURCE_GIVEN`: from
      /// ``WorldTrackingConfiguration/initialUpDirection`` or a world map.
      case given = 1
      /// `VC_WORLD_UP_SOURCE_ACCELEROMETER`: measured by the accelerometer.
      case accelerometer = 2
      /// `VC_WORLD_UP_SOURCE_SCENE`: judged from the planes in view.
      case scene = 3
      /// `VC_WORLD_UP_SOURCE_UNDECIDED`: no accelerometer, and the scene has
      /// not shown enough floor yet (a camera that has seen only walls does
      /// not know which way round it is held). Tracking stays
      /// ``Camera/TrackingState/Reason/initializing`` and no plane is
      /// published; when up is decided the world turns once about its origin.
      case undecided = 4

      /// The core's value; an unknown one (a newer core) reads as ``none``.
      init(core value: Int32) { self = Source(rawValue: value) ?? .none }
    }

    /// Where up came from.
    public var source: Source
    /// 0...1: 1 when given or measured; from the scene, the best direction's
    /// share of the two best directions' scores (0.5 is a tie), frozen at the
    /// value that decided it; 0 with no up at all.
    public var confidence: Float

    /// An up of the given source and confidence.
    public init(source: Source, confidence: Float) {
      self.source = source
      self.confidence = confidence
    }

    /// Whether world +Y is up.
    public var isKnown: Bool { source == .given || source == .accelerometer || source == .scene }
  }
}

extension Frame.WorldUp.Source: CustomStringConvertible {
  /// The case name, as events print it.
  public var description: String {
    switch self {
    case .none: "none"
    case .given: "given"
    case .accelerometer: "accelerometer"
    case .scene: "scene"
    case .undecided: "undecided"
    }
  }
}
