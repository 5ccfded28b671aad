import ARScene
import Foundation

extension SceneMesh {
  /// Wavefront OBJ (see ``SceneMeshFormat/obj``). Numbers are written in
  /// their shortest form that reads back to the same Float.
  func objData() -> Data {
    var text = "# ARScene scene mesh: world coordinates in metres, ARKit axes (+Y up)\n"
    text += "# \(vertices.count) vertices, \(faces.count) faces, groups by classification\n"
    text.reserveCapacity(vertices.count * 80 + faces.count * 40)
    let colours = vertexClassifications().map(\.colour)
    for (vertex, colour) in zip(vertices, colours) {
      text += "v \(fixed(vertex.x)) \(fixed(vertex.y)) \(fixed(vertex.z))"
      text += " \(fixed(Float(colour.x) / 255)) \(fixed(Float(colour.y) / 255))"
      text += " \(fixed(Float(colour.z) / 255))\n"
    }
    for normal in normals {
      text += "vn \(fixed(normal.x)) \(fixed(normal.y)) \(fixed(normal.z))\n"
    }
    for classification in MeshClassification.allCases {
      let members = faces.indices.filter { classifications[$0] == classification }
      if members.isEmpty { continue }
      text += "g \(classification.rawValue)\n"
      for index in members {
        let face = faces[index] &+ SIMD3(repeating: 1)
        text += "f \(face.x)//\(face.x) \(face.y)//\(face.y) \(face.z)//\(face.z)\n"
      }
    }
    return Data(text.utf8)
  }

  private func fixed(_ value: Float) -> String { "\(value)" }
}
