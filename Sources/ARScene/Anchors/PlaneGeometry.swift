/// A plane anchor's surface as a triangle mesh, like ARKit's
/// `ARPlaneGeometry`: the boundary's vertices and triangles that cover the
/// polygon they enclose, ready for a renderer or a collision shape.
public struct PlaneGeometry: Equatable, Sendable {
  /// The boundary's vertices in anchor coordinates (y = 0), metres, in the
  /// boundary's order.
  public var vertices: [SIMD3<Float>]
  /// Three indices into ``vertices`` per triangle, wound the same way as the
  /// boundary; `vertices.count - 2` triangles for a boundary of three or
  /// more vertices, none otherwise.
  public var triangleIndices: [Int16]

  /// The number of triangles.
  public var triangleCount: Int { triangleIndices.count / 3 }

  /// The mesh of the polygon `boundary` ((x, z) in anchor coordinates), cut
  /// into triangles by ear clipping, so that a concave outline (an L-shaped
  /// floor) is covered exactly. A boundary that crosses itself, which no
  /// plane anchor has, is still covered with `count - 2` triangles.
  public init(boundary: [SIMD2<Float>]) {
    vertices = boundary.map { SIMD3($0.x, 0, $0.y) }
    triangleIndices = Self.triangulate(boundary).map { Int16(truncatingIfNeeded: $0) }
  }

  /// Twice the signed area of the polygon, in its (x, z) coordinates.
  static func doubleSignedArea(_ points: [SIMD2<Float>]) -> Float {
    var sum: Float = 0
    for i in points.indices {
      let a = points[i]
      let b = points[(i + 1) % points.count]
      sum += a.x * b.y - b.x * a.y
    }
    return sum
  }

  /// Ear clipping: repeatedly cuts off a convex corner whose triangle holds
  /// no other remaining vertex. At most 64 vertices, so the quadratic search
  /// costs nothing worth moving to the core.
  private static func triangulate(_ points: [SIMD2<Float>]) -> [Int] {
    guard points.count >= 3 else { return [] }
    // The boundary's own winding decides which corners are convex.
    let orientation: Float = doubleSignedArea(points) >= 0 ? 1 : -1
    func cross(_ o: SIMD2<Float>, _ a: SIMD2<Float>, _ b: SIMD2<Float>) -> Float {
      (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x)
    }
    func contains(_ a: SIMD2<Float>, _ b: SIMD2<Float>, _ c: SIMD2<Float>, _ p: SIMD2<Float>)
      -> Bool
    {
      let d1 = cross(a, b, p) * orientation
      let d2 = cross(b, c, p) * orientation
      let d3 = cross(c, a, p) * orientation
      return d1 >= 0 && d2 >= 0 && d3 >= 0
    }
    var remaining = Array(points.indices)
    var triangles: [Int] = []
    triangles.reserveCapacity(3 * (points.count - 2))
    while remaining.count > 3 {
      var clipped = false
      for k in remaining.indices {
        let previous = remaining[(k + remaining.count - 1) % remaining.count]
        let current = remaining[k]
        let next = remaining[(k + 1) % remaining.count]
        let (a, b, c) = (points[previous], points[current], points[next])
        guard cross(a, b, c) * orientation > 0 else { continue }
        let blocked = remaining.contains { index in
          index != previous && index != current && index != next
            && contains(a, b, c, points[index])
        }
        guard !blocked else { continue }
        triangles += [previous, current, next]
        remaining.remove(at: k)
        clipped = true
        break
      }
      if !clipped {
        // No ear: collinear runs or a crossing outline. A fan over what is
        // left keeps the count of triangles and the mesh whole.
        for k in 1..<(remaining.count - 1) {
          triangles += [remaining[0], remaining[k], remaining[k + 1]]
        }
        return triangles
      }
    }
    return triangles + remaining
  }
}

extension PlaneAnchor {
  /// The surface as a triangle mesh of its ``boundary``, like ARKit's
  /// `ARPlaneAnchor.geometry`; computed when asked.
  public var geometry: PlaneGeometry { PlaneGeometry(boundary: boundary) }
}
