import ARScene
import Foundation

/// The files a ``SceneMesh`` is written as, chosen by the path's extension.
public enum SceneMeshFormat: String, CaseIterable, Sendable {
  /// Binary little-endian PLY: vertex positions, normals and class colours,
  /// faces with a `classification` property (the `MeshClassification`
  /// index). Open3D, MeshLab, trimesh and CloudCompare read it.
  case ply
  /// Wavefront OBJ: vertices with class colours (the common `v x y z r g b`
  /// extension), normals, and faces grouped by class (`g floor`).
  case obj
  /// Binary glTF 2.0: one mesh with positions, normals and class colours
  /// (`COLOR_0`), which web viewers open.
  case glb

  /// The format of a path's extension (case-insensitive), or an error naming
  /// the extension and the ones known.
  public static func of(path: String) throws(DatasetError) -> SceneMeshFormat {
    let suffix = URL(fileURLWithPath: path).pathExtension.lowercased()
    guard let format = SceneMeshFormat(rawValue: suffix) else {
      let known = allCases.map { ".\($0.rawValue)" }.joined(separator: ", ")
      let shown = suffix.isEmpty ? "no extension" : "extension .\(suffix)"
      throw DatasetError(
        file: path, code: .invalidInput,
        "cannot write a mesh with \(shown): use \(known)")
    }
    return format
  }
}

extension SceneMesh {
  public func encoded(as format: SceneMeshFormat) -> Data {
    switch format {
    case .ply: plyData()
    case .obj: objData()
    case .glb: glbData()
    }
  }

  /// Writes the mesh in the format of path's extension, whole or not at all.
  public func write(to path: String) throws(DatasetError) {
    try Self.writeEncoded(encoded(as: try SceneMeshFormat.of(path: path)), to: path)
  }

  static func writeEncoded(_ data: Data, to path: String) throws(DatasetError) {
    do {
      try OutputFile.write(data, to: path)
    } catch {
      throw DatasetError(
        file: error.path, code: .ioError, "cannot write the mesh: \(error.problem)")
    }
  }
}
