extension CoachingInput {
  /// A kind of surface an object goes on, as specific as the app knows:
  /// a class ("the floor") or only an alignment ("the floor or a table").
  public enum SurfaceKind: Hashable, Sendable {
    case classification(PlaneAnchor.Classification)
    case alignment(PlaneAnchor.Alignment)
  }
}
