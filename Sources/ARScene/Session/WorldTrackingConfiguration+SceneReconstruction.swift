internal import CVisionCore

extension WorldTrackingConfiguration {
  /// What the session reconstructs of the scene's surfaces, like ARKit's
  /// `ARConfiguration.SceneReconstruction`. Needs depth.
  public enum SceneReconstruction: String, CaseIterable, Sendable {
    /// Nothing (the default, as in ARKit): fusion costs the worker thread
    /// time and the mesh memory.
    case none
    /// A mesh of the surfaces depth saw, as ``MeshAnchor`` chunks.
    case mesh
    /// The mesh with a ``MeshClassification`` per face, taken from the
    /// classified plane anchors the face lies on: turn ``planeDetection`` on
    /// for any class.
    case meshWithClassification
  }

  /// Fuse every frame with depth and a measured pose into a truncated signed
  /// distance volume (on the worker thread) and mesh it: see
  /// ``Session/meshAnchors()``. Default ``SceneReconstruction/none``.
  public var sceneReconstruction: SceneReconstruction {
    get {
      switch core.scene_reconstruction {
      case Int32(VC_SCENE_RECONSTRUCTION_MESH.rawValue): .mesh
      case Int32(VC_SCENE_RECONSTRUCTION_MESH_WITH_CLASSIFICATION.rawValue): .meshWithClassification
      default: .none
      }
    }
    set {
      let raw =
        switch newValue {
        case .none: VC_SCENE_RECONSTRUCTION_NONE
        case .mesh: VC_SCENE_RECONSTRUCTION_MESH
        case .meshWithClassification: VC_SCENE_RECONSTRUCTION_MESH_WITH_CLASSIFICATION
        }
      core.scene_reconstruction = Int32(raw.rawValue)
    }
  }
  /// The fusion volume's voxel side in metres, in (0.001, 0.25). Default
  /// 0.02: a table's edge at the memory of a room.
  public var meshVoxelSize: Float {
    get { core.mesh_voxel_size }
    set { core.mesh_voxel_size = newValue }
  }
  /// Depth farther than this many metres is not fused, in (0.3, 20). Default
  /// 4: beyond it consumer depth sensors' noise is centimetres.
  public var meshMaximumDepth: Float {
    get { core.mesh_max_depth }
    set { core.mesh_max_depth = newValue }
  }
  /// Fuse every Nth frame with depth and a measured pose, 1...30. Default
  /// 2: at 30 fps the surface barely moves between fused frames, and the
  /// worker's cost per frame halves.
  public var meshFusionInterval: Int {
    get { Int(core.mesh_fusion_interval) }
    set { core.mesh_fusion_interval = Int32(clamping: newValue) }
  }
  /// Frames from a chunk's first change to its new mesh, 1...600; at most 4
  /// chunks are re-meshed a frame, oldest change first. Default 10: a third
  /// of a second at 30 fps.
  public var meshRemeshInterval: Int {
    get { Int(core.mesh_remesh_interval) }
    set { core.mesh_remesh_interval = Int32(clamping: newValue) }
  }
  /// Megabytes the fused volume may take, 1...65536. Past it, the voxels
  /// fused longest ago are dropped (a tenth of the limit at once) and their
  /// surface goes from the mesh, so a long session's memory stays bounded.
  /// Default 512: a whole floor of a house at 2 cm voxels.
  ///
  /// A quarter as much again holds views kept for fusing the volume anew
  /// when a loop closure (``isLoopClosureEnabled``) corrects the map: a
  /// view wherever the camera moved 5 cm or turned 5 degrees, at half
  /// resolution (about 10 MB for the 7-Scenes kitchen's 600 frames). Past
  /// it every other view goes, so they thin out over the whole session.
  public var meshMemoryLimit: Int {
    get { Int(core.mesh_max_memory_mb) }
    set { core.mesh_max_memory_mb = Int32(clamping: newValue) }
  }
}
