/// A ray to cast into the session's world, like ARKit's `ARRaycastQuery`:
/// a world-space origin and direction, what it may hit and how that
/// surface must lie.
///
/// ```swift
/// let query = RaycastQuery(
///   screenPoint: SIMD2(0.5, 0.7), camera: frame.camera,
///   allowing: .estimatedPlane, alignment: .horizontal)
/// if let hit = try session.raycast(query).first { print(hit.worldTransform.translation) }
/// ```
public struct RaycastQuery: Equatable, Sendable {
  /// World coordinates, metres.
  public var origin: SIMD3<Float>
  /// World direction, unit length (the initialiser normalises it).
  public var direction: SIMD3<Float>
  /// What the ray may hit.
  public var target: Target
  /// How a surface must lie to be hit.
  public var targetAlignment: TargetAlignment

  /// A ray from `origin` along `direction` (any non-zero length; a zero or
  /// non-finite direction is refused by ``Session/raycast(_:)``).
  public init(
    origin: SIMD3<Float>, direction: SIMD3<Float>, allowing target: Target,
    alignment: TargetAlignment
  ) {
    self.origin = origin
    let length = (direction * direction).sum().squareRoot()
    self.direction = length > 0 && length.isFinite ? direction / length : direction
    self.target = target
    self.targetAlignment = alignment
  }

  /// What a ray may hit, like `ARRaycastQuery.Target`.
  public enum Target: String, CaseIterable, Sendable {
    /// A plane anchor, inside its boundary polygon.
    case existingPlaneGeometry
    /// A plane anchor's plane, extended without limit.
    case existingPlaneInfinite
    /// A small plane fitted to the last frame's depth where the ray meets
    /// it, or, without depth, to the map points the ray passes through
    /// (exactly level at their height, else upright; once visual-inertial
    /// tracking has metres): answers before any plane anchor exists. With
    /// ``WorldTrackingConfiguration/sceneReconstruction`` on, the mesh
    /// answers first where the ray meets it, as in ARKit: fused over many
    /// frames, it is steadier than one frame's depth and reaches what the
    /// last frame did not see.
    case estimatedPlane
    /// The reconstructed mesh (``WorldTrackingConfiguration/sceneReconstruction``
    /// on): real geometry wherever depth saw it, not only its planes. No hit
    /// while there is no mesh.
    case mesh
  }

  /// How a surface must lie to be hit, like `ARRaycastQuery.TargetAlignment`.
  /// In a ``RaycastResult``, ``any`` means a slope: neither level nor upright.
  public enum TargetAlignment: String, CaseIterable, Sendable {
    case horizontal
    case vertical
    case any

    /// Whether a surface of `alignment` answers a query for this one.
    public func admits(_ alignment: TargetAlignment) -> Bool {
      self == .any || self == alignment
    }
  }
}

extension RaycastQuery.TargetAlignment {
  /// A plane anchor's alignment as a raycast alignment.
  public init(_ alignment: PlaneAnchor.Alignment) {
    switch alignment {
    case .horizontal: self = .horizontal
    case .vertical: self = .vertical
    }
  }
}
