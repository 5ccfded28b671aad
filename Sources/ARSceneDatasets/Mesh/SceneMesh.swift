import ARScene
import Foundation

/// The whole reconstructed scene as one mesh in world coordinates: every
/// `MeshAnchor` chunk of a session, in order of creation, for export.
/// Chunks keep their own copies of the vertices on their shared faces, so
/// each chunk's part stays what the session handed out.
public struct SceneMesh: Equatable, Sendable {
  /// World coordinates, metres, ARKit axes.
  public var vertices: [SIMD3<Float>] = []
  public var normals: [SIMD3<Float>] = []
  public var faces: [SIMD3<UInt32>] = []
  /// One per face.
  public var classifications: [MeshClassification] = []
  public var chunkCount = 0

  public init() {}

  /// Gathers the session's mesh as it holds it now; call
  /// `Session.finishSceneReconstruction()` first for every frame.
  public init(session: Session) throws(ARSceneError) {
    for anchor in try session.meshAnchors() {
      let geometry = try session.meshGeometry(of: anchor)
      append(geometry, at: anchor.transform.translation)
    }
  }

  mutating func append(_ geometry: MeshGeometry, at origin: SIMD3<Float>) {
    let base = UInt32(vertices.count)
    vertices.append(contentsOf: geometry.vertices.map { $0 + origin })
    normals.append(contentsOf: geometry.normals)
    faces.append(contentsOf: geometry.faces.map { $0 &+ SIMD3(repeating: base) })
    classifications.append(contentsOf: geometry.classifications)
    chunkCount += 1
  }

  /// Square metres of faces of each class.
  public func area(of classification: MeshClassification) -> Double {
    zip(faces, classifications).reduce(0.0) { sum, pair in
      pair.1 == classification ? sum + faceArea(pair.0) : sum
    }
  }

  func faceArea(_ face: SIMD3<UInt32>) -> Double {
    let a = SIMD3<Double>(vertices[Int(face.x)])
    let b = SIMD3<Double>(vertices[Int(face.y)])
    let c = SIMD3<Double>(vertices[Int(face.z)])
    let u = b - a
    let v = c - a
    let cross = SIMD3(u.y * v.z - u.z * v.y, u.z * v.x - u.x * v.z, u.x * v.y - u.y * v.x)
    return 0.5 * (cross * cross).sum().squareRoot()
  }

  /// Each vertex's class for formats that colour vertices: the class of a
  /// classified face using it, none when every face using it is none.
  func vertexClassifications() -> [MeshClassification] {
    var classes = [MeshClassification](repeating: .none, count: vertices.count)
    for (face, classification) in zip(faces, classifications) where classification != .none {
      for index in [face.x, face.y, face.z] where classes[Int(index)] == .none {
        classes[Int(index)] = classification
      }
    }
    return classes
  }
}

extension MeshClassification {
  /// The colour exports paint a class with (sRGB bytes); none is grey.
  public var colour: SIMD3<UInt8> {
    switch self {
    case .none: SIMD3(160, 160, 160)
    case .wall: SIMD3(76, 114, 176)
    case .floor: SIMD3(85, 168, 104)
    case .ceiling: SIMD3(221, 132, 82)
    case .table: SIMD3(196, 78, 82)
    case .seat: SIMD3(129, 114, 179)
    case .window: SIMD3(100, 181, 205)
    case .door: SIMD3(147, 120, 96)
    }
  }
}
