/// What a synthetic sequence puts a tracker through: `arscene dataset synth
/// --scenario`. Raw values are the command-line names and what
/// annotations.json records. Scripted events are centred in the sequence
/// (see `ScenarioEvent`), so any length shows them whole.
public enum SyntheticScenario: String, CaseIterable, Sendable {
  /// Nothing goes wrong: the baseline.
  case normal
  /// The light fades to near black, stays dark, then recovers.
  case dark
  /// One fast full turn on the spot, with motion blur throughout.
  case fast
  /// Walls, floor, ceiling and rug in flat colours; the camera pans across
  /// them, so for a while it sees little but plain paint.
  case textureless
  /// The lens is covered for a stretch while the camera moves on: black
  /// frames, no depth, IMU as usual.
  case interruption
  /// The clutter scene: close clutter everywhere, no large flat surface.
  case noSurface = "no-surface"
  /// A pan across the room's pictures, which come into and leave the view.
  case image
  /// Frames and IMU stop for 4 s while the camera is carried more than 1 m
  /// away and turned more than 60 degrees; they resume looking at a part of
  /// the room seen before the gap (see `RelocalizeMotion`).
  case relocalize
  /// As relocalize, but the person turns around during the gap: the camera
  /// resumes looking away from the room's middle, at walls that were behind
  /// it before the gap, so it never comes back to a mapped place (see
  /// `RelocalizeMotion/turningAway(walk:gap:duration:)`).
  case relocalizeElsewhere = "relocalize-elsewhere"

  /// The scene this scenario is rendered in unless another is asked for.
  public var scene: SyntheticSequenceGenerator.Scene {
    self == .noSurface ? .clutter : .room
  }

  /// The scenes this scenario makes sense in: textureless and image need the
  /// room's walls and pictures, no-surface is the clutter scene; the others
  /// work in either.
  public var scenes: [SyntheticSequenceGenerator.Scene] {
    switch self {
    case .textureless, .image, .relocalize, .relocalizeElsewhere: [.room]
    case .noSurface: [.clutter]
    case .normal, .dark, .fast, .interruption: [.room, .clutter]
    }
  }

  /// The motion used unless one is asked for.
  public var defaultMotion: SyntheticMotion {
    switch self {
    case .normal, .dark, .fast, .interruption, .relocalize, .relocalizeElsewhere: .walk
    case .textureless, .image: .pan
    case .noSurface: .orbit
    }
  }

  /// Whether the room's big surfaces are plain.
  public var plainSurfaces: Bool { self == .textureless }

  /// Whether frames are blurred by the camera's motion.
  public var motionBlur: Bool { self == .fast }

  /// The dark scenario's dip: 2 s (at most 60% of the sequence).
  package func exposure(duration: Double) -> ExposureDip? {
    guard self == .dark else { return nil }
    return ExposureDip(
      interval: ScenarioEvent(nominal: 2, maximumFraction: 0.6).interval(in: duration))
  }

  /// The fast scenario's turn: 1.8 s (at most 60% of the sequence).
  public func spin(duration: Double) -> ClosedRange<Double>? {
    guard self == .fast else { return nil }
    return ScenarioEvent(nominal: 1.8, maximumFraction: 0.6).interval(in: duration)
  }

  /// The motions this scenario can be rendered with: the relocalize
  /// scenarios interrupt a walk.
  public var motions: [SyntheticMotion] {
    isRelocalization ? [.walk] : SyntheticMotion.allCases
  }

  /// Whether frames and IMU stop for a gap (the relocalize scenarios).
  public var isRelocalization: Bool { self == .relocalize || self == .relocalizeElsewhere }

  /// When frames and IMU stop, in the relocalize scenarios.
  public func gap(duration: Double) -> ClosedRange<Double>? {
    isRelocalization ? RelocalizeMotion.gap(duration: duration) : nil
  }

  /// When the lens is covered: 1 s (at most 40% of the sequence).
  public func covered(duration: Double) -> ClosedRange<Double>? {
    guard self == .interruption else { return nil }
    return ScenarioEvent(nominal: 1, maximumFraction: 0.4).interval(in: duration)
  }
}
