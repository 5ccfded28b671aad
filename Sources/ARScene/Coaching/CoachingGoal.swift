/// What the person is trying to get done, like ARKit's
/// `ARCoachingOverlayView.Goal`: the coaching stays until the goal is met and
/// says what is missing while it is not.
public enum CoachingGoal: Hashable, Sendable {
  /// Only a steady view of the room is needed.
  case tracking
  /// A surface whose normal points up or down (the floor, a table).
  case horizontalPlane
  /// A surface whose normal is level (a wall).
  case verticalPlane
  /// Any surface at all.
  case anyPlane
  /// The reference image with this name must be found. The name is shown to
  /// the person ("Point your phone at the poster."), so it should read as an
  /// everyday word in the catalog's language.
  case image(String)

  /// Whether the goal is met by a surface; ``image(_:)`` and ``tracking`` are
  /// not.
  var needsSurface: Bool {
    switch self {
    case .horizontalPlane, .verticalPlane, .anyPlane: true
    case .tracking, .image: false
    }
  }

  /// Whether `surface` is one the goal asks for.
  func isSatisfied(by surface: CoachingInput.Surface) -> Bool {
    switch self {
    case .horizontalPlane: surface.alignment == .horizontal
    case .verticalPlane: surface.alignment == .vertical
    case .anyPlane: true
    case .tracking, .image: false
    }
  }
}
