import ARScene
import Foundation

/// The scene mesh as a picture for the report: an orthographic view from
/// above or from the side, each pixel the class colour of the nearest face
/// turned towards the viewer, darker the more obliquely it is seen. A
/// picture, not SVG triangles: a room's mesh has a hundred thousand faces,
/// which as SVG would make a page of megabytes; as a PNG of flat colours it
/// takes tens of kilobytes.
struct MeshPicture {
  enum View {
    /// Looking down -Y: x across, -z up the picture.
    case above
    /// Looking down -Z from +Z (behind the first camera, the way it
    /// looked): x across, y up.
    case side
  }

  /// Colours by class, the plane palette's where the classes are shared.
  static let classColors: [MeshClassification: (UInt8, UInt8, UInt8)] = [
    .none: (0xba, 0xb0, 0xac), .wall: (0x9c, 0x75, 0x5f), .floor: (0x4c, 0x78, 0xa8),
    .ceiling: (0xb2, 0x79, 0xa2), .table: (0xf5, 0x85, 0x18), .seat: (0x54, 0xa2, 0x4b),
    .window: (0x72, 0xb7, 0xb2), .door: (0xe4, 0x57, 0x56),
  ]

  let image: PixelBuffer
  /// Metres the picture spans across and up, for the chart around it.
  let across: ClosedRange<Double>
  let up: ClosedRange<Double>

  /// Nil for a mesh with no face turned towards the viewer. The longer side
  /// gets at most `maximumSide` pixels, and a pixel is at least 1 cm.
  init?(mesh: SceneMesh, view: View, maximumSide: Int = 400) throws(ARSceneError) {
    let placed = mesh.vertices.map { Self.place($0, view) }
    guard !mesh.faces.isEmpty, let first = placed.first else { return nil }
    let low = placed.reduce(first) { pointwiseMin($0, $1) }
    let high = placed.reduce(first) { pointwiseMax($0, $1) }
    let extent = SIMD2<Double>(Double(high.x - low.x), Double(high.y - low.y))
    let pixel = max(extent.max() / Double(maximumSide), 0.01)
    let width = max(Int((extent.x / pixel).rounded(.up)), 1)
    let height = max(Int((extent.y / pixel).rounded(.up)), 1)
    var canvas = Canvas(width: width, height: height)
    for (face, kind) in zip(mesh.faces, mesh.classifications) {
      let corners = [Int(face.x), Int(face.y), Int(face.z)]
      let normal = corners.reduce(SIMD3<Float>.zero) { $0 + mesh.normals[$1] }
      let facing = Self.place(normal, view).z / max((normal * normal).sum().squareRoot(), 1e-6)
      guard facing > 0 else { continue }  // turned away: seen from behind
      let points = corners.map { index -> SIMD3<Double> in
        let p = placed[index]
        return SIMD3(
          Double(p.x - low.x) / pixel, Double(high.y - p.y) / pixel, Double(p.z))
      }
      let base = Self.classColors[kind] ?? Self.classColors[.none]!
      let shade = 0.45 + 0.55 * Double(facing)
      canvas.fill(
        points,
        color: (
          UInt8(Double(base.0) * shade), UInt8(Double(base.1) * shade),
          UInt8(Double(base.2) * shade)
        ))
    }
    guard canvas.painted else { return nil }
    image = try PixelBuffer(format: .rgb8, width: width, height: height, bytes: canvas.pixels)
    across = Double(low.x)...(Double(low.x) + Double(width) * pixel)
    up = (Double(high.y) - Double(height) * pixel)...Double(high.y)
  }

  /// A world point (or direction) as across, up and towards the viewer.
  private static func place(_ world: SIMD3<Float>, _ view: View) -> SIMD3<Float> {
    switch view {
    case .above: SIMD3(world.x, -world.z, world.y)
    case .side: SIMD3(world.x, world.y, world.z)
    }
  }

  /// RGB pixels on white with a depth buffer: the face nearest the viewer
  /// wins each pixel, the earlier face on a tie, so the same mesh always
  /// gives the same picture.
  private struct Canvas {
    let width: Int
    let height: Int
    var pixels: [UInt8]
    var nearest: [Double]
    var painted = false

    init(width: Int, height: Int) {
      self.width = width
      self.height = height
      pixels = [UInt8](repeating: 255, count: width * height * 3)
      nearest = [Double](repeating: -.infinity, count: width * height)
    }

    /// Every pixel whose centre lies in the triangle (pixel coordinates,
    /// z towards the viewer), at the triangle's mean z.
    mutating func fill(_ p: [SIMD3<Double>], color: (UInt8, UInt8, UInt8)) {
      let z = (p[0].z + p[1].z + p[2].z) / 3
      let area = edge(p[0], p[1], p[2].x, p[2].y)
      guard abs(area) > 1e-12 else { return }
      let columns = (
        max(Int(min(p[0].x, p[1].x, p[2].x)), 0), min(Int(max(p[0].x, p[1].x, p[2].x)), width - 1)
      )
      let rows = (
        max(Int(min(p[0].y, p[1].y, p[2].y)), 0), min(Int(max(p[0].y, p[1].y, p[2].y)), height - 1)
      )
      guard columns.0 <= columns.1, rows.0 <= rows.1 else { return }
      var covered = false
      for row in rows.0...rows.1 {
        for column in columns.0...columns.1 {
          let x = Double(column) + 0.5
          let y = Double(row) + 0.5
          // Inside when the three edge functions share the area's sign.
          let a = edge(p[1], p[2], x, y) / area
          let b = edge(p[2], p[0], x, y) / area
          let c = edge(p[0], p[1], x, y) / area
          guard a >= 0, b >= 0, c >= 0 else { continue }
          covered = true
          paint(row * width + column, z: z, color: color)
        }
      }
      // A face smaller than a pixel that holds no pixel centre still shows.
      if !covered {
        let x = min(max(Int((p[0].x + p[1].x + p[2].x) / 3), 0), width - 1)
        let y = min(max(Int((p[0].y + p[1].y + p[2].y) / 3), 0), height - 1)
        paint(y * width + x, z: z, color: color)
      }
    }

    private mutating func paint(_ index: Int, z: Double, color: (UInt8, UInt8, UInt8)) {
      guard z > nearest[index] else { return }
      nearest[index] = z
      pixels[3 * index] = color.0
      pixels[3 * index + 1] = color.1
      pixels[3 * index + 2] = color.2
      painted = true
    }

    private func edge(_ a: SIMD3<Double>, _ b: SIMD3<Double>, _ x: Double, _ y: Double) -> Double {
      (b.x - a.x) * (y - a.y) - (b.y - a.y) * (x - a.x)
    }
  }
}
