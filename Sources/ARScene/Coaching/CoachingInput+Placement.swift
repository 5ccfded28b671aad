extension CoachingInput {
  /// How a tap to place the object was answered.
  public enum Placement: Hashable, Sendable {
    /// The object was placed: the "tap to place" hint is done with.
    case placed
    /// The object could not go where the person tapped; the coaching says
    /// why and where to tap instead.
    case rejected(Rejection)

    /// Why a tap could not place the object, in terms the coaching can word.
    public enum Rejection: Hashable, Sendable {
      /// The tap hit a surface of the wrong kind; `expected` is where the
      /// object goes.
      case wrongSurface(expected: SurfaceKind)
      /// The tap hit a suitable surface too near its edge for the object.
      case outsideSurface
      /// The tap hit no surface found so far.
      case noSurface
    }
  }
}
