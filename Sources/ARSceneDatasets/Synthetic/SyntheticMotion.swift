/// The camera motions `arscene dataset synth --motion` offers. Raw values are
/// the command-line names and what annotations.json records.
public enum SyntheticMotion: String, CaseIterable, Sendable {
  /// ``HandheldWalk``: around the room at chest height with hand jitter.
  case walk
  /// ``OrbitMotion``: a steady circle around the table, looking at it.
  case orbit
  /// ``PanMotion``: a tripod panning slowly from side to side.
  case pan

  /// The motion itself; `seed` drives the walk's jitter. The textureless
  /// scenario pans from another spot, one that reaches a bare wall
  /// (``PanMotion/towardsBareWall``); the image scenario from one close to
  /// the pictures (``PanMotion/acrossPictures``).
  public func motion(seed: UInt64, scenario: SyntheticScenario) -> any CameraMotion {
    switch self {
    case .walk: HandheldWalk(seed: seed)
    case .orbit: OrbitMotion()
    case .pan:
      switch scenario {
      case .textureless: PanMotion.towardsBareWall
      case .image: PanMotion.acrossPictures
      default: PanMotion()
      }
    }
  }
}
