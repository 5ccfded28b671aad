import ARScene
import Foundation

extension SceneMesh {
  /// Binary glTF 2.0 (see ``SceneMeshFormat/glb``): one buffer holding
  /// positions, normals, colours (normalised bytes, four per vertex so that
  /// every element stays four-byte aligned) and 32-bit indices.
  func glbData() -> Data {
    var binary = LittleEndianBytes()
    binary.reserve(vertices.count * 28 + faces.count * 12)
    for vertex in vertices { binary.append(vertex) }
    let normalsOffset = binary.data.count
    for normal in normals { binary.append(normal) }
    let coloursOffset = binary.data.count
    for colour in vertexClassifications().map(\.colour) {
      binary.append(colour)
      binary.append(UInt8(255))
    }
    let indicesOffset = binary.data.count
    for face in faces { binary.append(face) }
    let length = binary.data.count
    binary.pad()
    let json = glbJSON(
      offsets: (normalsOffset, coloursOffset, indicesOffset), length: length)
    var jsonBytes = LittleEndianBytes()
    for byte in json.utf8 { jsonBytes.append(byte) }
    jsonBytes.pad(with: 0x20)
    var file = LittleEndianBytes()
    file.append(UInt32(0x4654_6C67))  // "glTF"
    file.append(UInt32(2))
    file.append(UInt32(12 + 8 + jsonBytes.data.count + 8 + binary.data.count))
    file.append(UInt32(jsonBytes.data.count))
    file.append(UInt32(0x4E4F_534A))  // "JSON"
    var data = file.data + jsonBytes.data
    var binaryHeader = LittleEndianBytes()
    binaryHeader.append(UInt32(binary.data.count))
    binaryHeader.append(UInt32(0x004E_4942))  // "BIN\0"
    data += binaryHeader.data + binary.data
    return data
  }

  /// The glTF document; positions need their bounds. An empty mesh gets a
  /// scene without meshes, which viewers open as empty.
  private func glbJSON(offsets: (normals: Int, colours: Int, indices: Int), length: Int)
    -> String
  {
    let asset = #""asset":{"version":"2.0","generator":"ARScene"}"#
    guard !faces.isEmpty else {
      return "{\(asset),\"scene\":0,\"scenes\":[{\"nodes\":[]}]}"
    }
    var low = vertices[0]
    var high = vertices[0]
    for vertex in vertices {
      low = pointwiseMin(low, vertex)
      high = pointwiseMax(high, vertex)
    }
    let count = vertices.count
    let views = [
      (0, offsets.normals, 34962), (offsets.normals, offsets.colours, 34962),
      (offsets.colours, offsets.indices, 34962), (offsets.indices, length, 34963),
    ].map { #"{"buffer":0,"byteOffset":\#($0.0),"byteLength":\#($0.1 - $0.0),"target":\#($0.2)}"# }
    let accessors = [
      #"{"bufferView":0,"componentType":5126,"count":\#(count),"type":"VEC3","min":[\#(low.x),\#(low.y),\#(low.z)],"max":[\#(high.x),\#(high.y),\#(high.z)]}"#,
      #"{"bufferView":1,"componentType":5126,"count":\#(count),"type":"VEC3"}"#,
      #"{"bufferView":2,"componentType":5121,"normalized":true,"count":\#(count),"type":"VEC4"}"#,
      #"{"bufferView":3,"componentType":5125,"count":\#(faces.count * 3),"type":"SCALAR"}"#,
    ]
    let primitive =
      #"{"attributes":{"POSITION":0,"NORMAL":1,"COLOR_0":2},"indices":3,"mode":4}"#
    return "{\(asset),\"scene\":0,\"scenes\":[{\"nodes\":[0]}],\"nodes\":[{\"mesh\":0,"
      + "\"name\":\"scene mesh\"}],\"meshes\":[{\"primitives\":[\(primitive)]}],"
      + "\"buffers\":[{\"byteLength\":\(length)}],"
      + "\"bufferViews\":[\(views.joined(separator: ","))],"
      + "\"accessors\":[\(accessors.joined(separator: ","))]}"
  }
}
