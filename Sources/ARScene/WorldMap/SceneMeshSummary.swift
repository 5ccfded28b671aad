/// What a world map's scene mesh holds (``WorldMap/sceneMesh``).
public struct SceneMeshSummary: Sendable, Equatable {
  /// Mesh chunks, ``MeshAnchor``s in a session that opens the map.
  public var chunkCount: Int
  /// Triangles over all chunks.
  public var faceCount: Int
  /// Blocks of 8x8x8 voxels of the fused volume.
  public var voxelBlockCount: Int
  /// The voxels' side in metres.
  public var voxelSize: Float
}
