/// The camera motions `arscene dataset synth --motion` offers. Raw values are
/// the command-line names and what annotations.json records.
public enum SyntheticMotion: String, CaseIterable, Sendable {
  /// `HandheldWalk`: around the room at chest height with hand jitter.
  case walk
  /// `OrbitMotion`: a steady circle around the table, looking at it.
  case orbit
  /// `PanMotion`: a tripod panning slowly from side to side.
  case pan

  /// The motion itself; `seed` drives the walk's jitter. The textureless
  /// scenario pans from another spot, one that reaches a bare wall
  /// (``PanMotion/towardsBareWall``); the image scenario from one close to
  /// the pictures (``PanMotion/acrossPictures``).
  /// `path` draws the walk through other places (nil: the default path).
  /// The relocalize scenarios interrupt the walk (``RelocalizeMotion``) for
  /// a sequence of `duration` seconds: relocalize comes back to where it
  /// began, relocalize-elsewhere turns around and looks at what it never saw.
  package func motion(
    seed: UInt64, scenario: SyntheticScenario, path: HandheldWalk.Path? = nil,
    duration: Double = 0
  ) -> any CameraMotion {
    switch self {
    case .walk:
      if let gap = scenario.gap(duration: duration) {
        var drawn = path ?? HandheldWalk.Path()
        drawn.angularSpeed = RelocalizeMotion.angularSpeed
        let walk = HandheldWalk(seed: seed, path: drawn)
        return scenario == .relocalize
          ? RelocalizeMotion.returning(walk: walk, gap: gap)
          : RelocalizeMotion.turningAway(walk: walk, gap: gap, duration: duration)
      }
      return HandheldWalk(seed: seed, path: path ?? HandheldWalk.Path())
    case .orbit: return OrbitMotion()
    case .pan:
      switch scenario {
      case .textureless: return PanMotion.towardsBareWall
      case .image: return PanMotion.acrossPictures
      default: return PanMotion()
      }
    }
  }
}
