internal import CVisionCore

extension RaycastConfiguration {
  var coreOptions: vc_raycast_options_t { core.options }
}

extension RaycastQuery {
  var core: vc_raycast_query_t {
    vc_raycast_query_t(
      origin: (origin.x, origin.y, origin.z), direction: (direction.x, direction.y, direction.z),
      target: target.core, alignment: targetAlignment.core)
  }
}

extension RaycastQuery.Target {
  var core: vc_raycast_target_t {
    switch self {
    case .existingPlaneGeometry: VC_RAYCAST_TARGET_EXISTING_PLANE_GEOMETRY
    case .existingPlaneInfinite: VC_RAYCAST_TARGET_EXISTING_PLANE_INFINITE
    case .estimatedPlane: VC_RAYCAST_TARGET_ESTIMATED_PLANE
    case .mesh: VC_RAYCAST_TARGET_MESH
    }
  }

  /// An unknown value (from a newer core) reads as an estimated plane, the
  /// least committal target.
  init(core: vc_raycast_target_t) {
    switch core {
    case VC_RAYCAST_TARGET_EXISTING_PLANE_GEOMETRY: self = .existingPlaneGeometry
    case VC_RAYCAST_TARGET_EXISTING_PLANE_INFINITE: self = .existingPlaneInfinite
    case VC_RAYCAST_TARGET_MESH: self = .mesh
    default: self = .estimatedPlane
    }
  }
}

extension RaycastQuery.TargetAlignment {
  var core: vc_raycast_alignment_t {
    switch self {
    case .horizontal: VC_RAYCAST_ALIGNMENT_HORIZONTAL
    case .vertical: VC_RAYCAST_ALIGNMENT_VERTICAL
    case .any: VC_RAYCAST_ALIGNMENT_ANY
    }
  }

  /// An unknown value reads as `.any`.
  init(core: vc_raycast_alignment_t) {
    switch core {
    case VC_RAYCAST_ALIGNMENT_HORIZONTAL: self = .horizontal
    case VC_RAYCAST_ALIGNMENT_VERTICAL: self = .vertical
    default: self = .any
    }
  }
}
