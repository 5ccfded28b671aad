import Foundation

/// A virtual object placed on a surface by a ``PlacementController``: it
/// appears where the tap met the surface and then settles as the surface is
/// understood better.
public struct PlacedObject: Anchor, Equatable {
  /// From the controller's seeded counter: the same taps in the same replay
  /// give the same identifiers.
  public var identifier: UUID
  /// The name given when the object was placed or restored.
  public var name: String
  /// worldFromObject, rigid: +Y the surface normal, +Z the object's front
  /// (facing the camera that placed it, then turned by rotation gestures).
  /// Smoothed: it moves towards where the surface is with a critically
  /// damped motion capped in speed.
  public var transform: Transform
  /// Uniform scale from pinch gestures (1 unless scaling is enabled).
  public var scale: Float
  /// Where the object may stand, as given when it was placed; ``PlacementConstraint/anySurface``
  /// for an object restored from a world map.
  public var constraint: PlacementConstraint
  /// The plane anchor the object stands on; nil while it stands on an
  /// estimated surface.
  public var anchorIdentifier: UUID?
  /// True once the object has come to rest at its surface (within a
  /// millimetre, slower than a centimetre per second).
  public var isSettled: Bool
  /// True while the session is relocalizing: where the camera is is not
  /// known, so an app does not draw the object (the guidelines' advice);
  /// it is shown again, where it was in the room, once the camera is found.
  public var isHidden = false
}
