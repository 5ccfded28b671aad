/// What happened to placed objects during one ``PlacementController/advance(_:in:)``
/// or gesture.
public enum PlacementEvent: Sendable {
  /// The object's transform changed (settling, pushed back, dragged, turned,
  /// scaled).
  case moved(PlacedObject)
  /// Where the surface under the object is changed: a new raycast result
  /// (from new depth, or a plane anchor it now stands on). The object moves
  /// there over the next ticks.
  case raycastUpdated(PlacedObject, RaycastResult)
  /// The session began relocalizing: the object is not to be drawn.
  case hidden(PlacedObject)
  /// The camera was found again: the object is drawn again, where it was.
  case shown(PlacedObject)
}
