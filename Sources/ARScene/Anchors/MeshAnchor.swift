import Foundation

/// One chunk of the reconstructed scene, like ARKit's `ARMeshAnchor`: the
/// surface depth saw inside a cube of 32 voxels a side (64 cm at the default
/// 2 cm voxels). The geometry is fetched on demand with
/// ``Session/meshGeometry(of:)``, so that a frame's update stays small.
public struct MeshAnchor: Anchor, Equatable, Sendable {
  /// Stable for the chunk's life; derived from ``coreID``.
  public let identifier: UUID
  /// The core's counter behind ``identifier``: 1, 2, 3, ... in order of
  /// creation.
  public let coreID: UInt64
  /// Grows by one with each new mesh of the chunk; starts at 1.
  public let revision: Int
  /// A translation to the chunk's lowest corner; vertices are in this frame.
  public let transform: Transform
  /// Vertices of the chunk's mesh (``MeshGeometry/vertices``).
  public let vertexCount: Int
  /// Triangles of the chunk's mesh (``MeshGeometry/faces``).
  public let faceCount: Int
}

/// What a mesh face is, like `ARMeshClassification`. Faces take the class of
/// the classified plane anchor they lie on; everything else is ``none``.
/// Raw values are the ones exports and events print.
public enum MeshClassification: String, CaseIterable, Sendable {
  case none
  case wall
  case floor
  case ceiling
  case table
  case seat
  case window
  case door
}

/// The geometry of one ``MeshAnchor``, in the anchor's frame.
public struct MeshGeometry: Equatable, Sendable {
  /// Metres, in the anchor's frame.
  public var vertices: [SIMD3<Float>]
  /// Unit normals, pointing to the free space the surface was seen from.
  public var normals: [SIMD3<Float>]
  /// Vertex indices, counter-clockwise seen from the normals' side.
  public var faces: [SIMD3<UInt32>]
  /// One per face; all ``MeshClassification/none`` unless the configuration
  /// asks for ``WorldTrackingConfiguration/SceneReconstruction/meshWithClassification``.
  public var classifications: [MeshClassification]
}
