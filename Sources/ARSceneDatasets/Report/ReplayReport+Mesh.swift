import ARScene
import Foundation

/// A picture of the mesh written beside the page, and how it was seen.
struct WrittenMeshPicture {
  let file: String
  let title: String
  let axes: (across: String, up: String)
  let picture: MeshPicture
}

extension ReplayReport {
  /// Writes the mesh from above and from the side as PNGs into `directory`,
  /// when the replay made a mesh; returns them and their bytes.
  func writeMeshPictures(to directory: URL) throws(DatasetError) -> (
    written: [WrittenMeshPicture], bytes: Int
  ) {
    guard let mesh = recorder.finalMesh else { return ([], 0) }
    let views: [(MeshPicture.View, String, String, (String, String))] = [
      (.above, "mesh-above.png", "The mesh from above", ("x (m)", "-z (m)")),
      (.side, "mesh-side.png", "The mesh from the side, looking down -z", ("x (m)", "y (m)")),
    ]
    var written: [WrittenMeshPicture] = []
    var bytes = 0
    for (view, file, title, axes) in views {
      let url = directory.appendingPathComponent(file)
      do {
        guard let picture = try MeshPicture(mesh: mesh, view: view) else { continue }
        try picture.image.write(to: url)
        written.append(WrittenMeshPicture(file: file, title: title, axes: axes, picture: picture))
      } catch {
        throw DatasetError(
          file: url.path, code: .ioError, "cannot write the mesh picture: \(error.message)")
      }
      bytes += (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
    }
    return (written, bytes)
  }

  /// The scene mesh from above and from the side, coloured by class; no
  /// section when the replay made no mesh (`--mesh`).
  func meshSection(_ pictures: [WrittenMeshPicture]) -> String {
    guard let mesh = recorder.finalMesh else { return "" }
    var html = "<h2>Scene mesh</h2>\n"
    let present = MeshClassification.allCases.filter { mesh.area(of: $0) > 0 }
    html +=
      "<p>\(mesh.chunkCount) chunk(s), \(mesh.vertices.count) vertices, \(mesh.faces.count) faces: "
      + present.map { "\($0.rawValue) \(String(format: "%.2f", mesh.area(of: $0))) m²" }
      .joined(separator: ", ")
      + ". Each pixel is the nearest face turned towards the viewer, darker the more obliquely it is seen.</p>\n"
    guard !pictures.isEmpty else {
      return html + "<p class=\"note\">No face of the mesh faces up or towards +z.</p>\n"
    }
    html += "<div class=\"row\">"
    for written in pictures {
      let picture = written.picture
      var chart = SVGChart(
        width: 620, height: 520, x: picture.across, y: picture.up, equalScale: true)
      chart.axes(x: written.axes.across, y: written.axes.up)
      chart.image(written.file, x: picture.across, y: picture.up)
      html += chart.svg(title: written.title)
    }
    html += "</div>\n"
    return html
      + legend(
        present.map { kind in
          let color = MeshPicture.classColors[kind] ?? (0, 0, 0)
          return (kind.rawValue, String(format: "#%02x%02x%02x", color.0, color.1, color.2))
        })
  }
}
