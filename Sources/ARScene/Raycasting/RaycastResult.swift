/// One hit of a ``RaycastQuery``, like ARKit's `ARRaycastResult`.
public struct RaycastResult: Equatable, Sendable {
  /// worldFromHit: the origin is the hit point, +Y the surface's normal on
  /// the ray's side, +Z the ray's reverse direction laid into the surface
  /// (so an object placed with this transform faces whoever cast the ray).
  public var worldTransform: Transform
  /// What was hit.
  public var target: RaycastQuery.Target
  /// How the hit surface lies; ``RaycastQuery/TargetAlignment/any`` for a
  /// slope.
  public var targetAlignment: RaycastQuery.TargetAlignment
  /// The plane anchor hit, as it was after the last processed frame; nil for
  /// an estimated plane or the mesh.
  public var anchor: PlaneAnchor?
  /// The mesh chunk hit (target ``RaycastQuery/Target/mesh``); nil otherwise.
  public var meshAnchor: MeshAnchor?
  /// Metres from the ray's origin to the hit.
  public var distance: Float

  /// A hit with the given values.
  public init(
    worldTransform: Transform, target: RaycastQuery.Target,
    targetAlignment: RaycastQuery.TargetAlignment, anchor: PlaneAnchor?, distance: Float,
    meshAnchor: MeshAnchor? = nil
  ) {
    self.worldTransform = worldTransform
    self.target = target
    self.targetAlignment = targetAlignment
    self.anchor = anchor
    self.distance = distance
    self.meshAnchor = meshAnchor
  }
}
