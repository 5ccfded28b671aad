import ARScene
import Foundation

extension SceneMesh {
  /// Binary little-endian PLY (see ``SceneMeshFormat/ply``).
  func plyData() -> Data {
    let header = """
      ply
      format binary_little_endian 1.0
      comment ARScene scene mesh: world coordinates in metres, ARKit axes (+Y up)
      comment classification: \(MeshClassification.allCases.map(\.rawValue).joined(separator: " "))
      element vertex \(vertices.count)
      property float x
      property float y
      property float z
      property float nx
      property float ny
      property float nz
      property uchar red
      property uchar green
      property uchar blue
      element face \(faces.count)
      property list uchar uint vertex_indices
      property uchar classification
      end_header

      """
    var bytes = LittleEndianBytes()
    bytes.reserve(vertices.count * 27 + faces.count * 14)
    let colours = vertexClassifications().map(\.colour)
    for index in vertices.indices {
      bytes.append(vertices[index])
      bytes.append(normals[index])
      bytes.append(colours[index])
    }
    let classIndex = Dictionary(
      uniqueKeysWithValues: MeshClassification.allCases.enumerated().map { ($1, UInt8($0)) })
    for (face, classification) in zip(faces, classifications) {
      bytes.append(UInt8(3))
      bytes.append(face)
      bytes.append(classIndex[classification] ?? 0)
    }
    return Data(header.utf8) + bytes.data
  }
}

/// Bytes of numbers in little-endian order, for the binary exports.
struct LittleEndianBytes {
  private(set) var data = Data()

  mutating func reserve(_ count: Int) { data.reserveCapacity(count) }

  mutating func append(_ value: UInt8) { data.append(value) }

  mutating func append(_ value: UInt32) {
    withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) }
  }

  mutating func append(_ value: Float) { append(value.bitPattern) }

  mutating func append(_ value: SIMD3<Float>) {
    append(value.x)
    append(value.y)
    append(value.z)
  }

  mutating func append(_ value: SIMD3<UInt32>) {
    append(value.x)
    append(value.y)
    append(value.z)
  }

  mutating func append(_ value: SIMD3<UInt8>) {
    append(value.x)
    append(value.y)
    append(value.z)
  }

  /// Zero bytes (or the given one) up to a multiple of four, as glTF wants.
  mutating func pad(with byte: UInt8 = 0) {
    while data.count % 4 != 0 { data.append(byte) }
  }
}
