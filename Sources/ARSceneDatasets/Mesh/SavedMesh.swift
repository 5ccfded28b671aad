import ARScene
import Foundation

/// What a replay wrote with `--mesh`, for its summary.
public struct SavedMesh: Equatable, Sendable {
  public var path: String
  public var chunks: Int
  public var vertices: Int
  public var faces: Int
  /// Square metres of faces by class, only the classes present.
  public var areaByClassification: [MeshClassification: Double]
  public var bytes: Int
  /// The mesh against the frames' depth, when asked for
  /// (ReplayOptions.meshDepthCheckInterval).
  public var depthAgreement: MeshDepthAgreement?

  public init(mesh: SceneMesh, path: String, bytes: Int) {
    self.path = path
    chunks = mesh.chunkCount
    vertices = mesh.vertices.count
    faces = mesh.faces.count
    areaByClassification = [:]
    for classification in MeshClassification.allCases {
      let area = mesh.area(of: classification)
      if area > 0 { areaByClassification[classification] = area }
    }
    self.bytes = bytes
  }

  public var readableText: String {
    let areas = MeshClassification.allCases.compactMap { kind in
      areaByClassification[kind].map { "\(kind.rawValue) \(String(format: "%.2f", $0)) m²" }
    }
    return "Mesh: \(chunks) chunk(s), \(vertices) vertices, \(faces) faces"
      + (areas.isEmpty ? "" : " (\(areas.joined(separator: ", ")))")
      + "; written to \(path) (\(String(format: "%.2f", Double(bytes) / 1_048_576)) MB)."
      + (depthAgreement.map { "\n" + $0.readableText } ?? "")
  }
}

extension Replay {
  /// Meshes every frame still waiting and writes the session's mesh;
  /// returns what was written and the mesh.
  func saveMesh(
    _ session: Session, to url: URL, comparingWith samples: [MeshDepthAgreement.Sample]
  ) throws -> (summary: SavedMesh, mesh: SceneMesh) {
    do {
      try session.finishSceneReconstruction()
      let mesh = try SceneMesh(session: session)
      let data = mesh.encoded(as: try SceneMeshFormat.of(path: url.path))
      try SceneMesh.writeEncoded(data, to: url.path)
      var saved = SavedMesh(mesh: mesh, path: url.path, bytes: data.count)
      if options.meshDepthCheckInterval != nil {
        saved.depthAgreement = try MeshDepthAgreement(
          session: session, samples: samples,
          maximumDepth: session.configuration.meshMaximumDepth)
      }
      return (saved, mesh)
    } catch let error as ARSceneError {
      throw DatasetError(file: url.path, "cannot write the mesh: \(error.message)")
    }
  }
}
