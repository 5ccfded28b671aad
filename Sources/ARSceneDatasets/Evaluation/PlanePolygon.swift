/// Simple polygons in a plane's own 2D coordinates (metres), the geometry the
/// plane evaluation measures footprints with.
package enum PlanePolygon {
  /// Shoelace area: positive when the vertices run counter-clockwise.
  package static func signedArea(_ polygon: [SIMD2<Double>]) -> Double {
    guard polygon.count >= 3 else { return 0 }
    var sum = 0.0
    for i in polygon.indices {
      let a = polygon[i]
      let b = polygon[(i + 1) % polygon.count]
      sum += a.x * b.y - a.y * b.x
    }
    return sum / 2
  }

  package static func area(_ polygon: [SIMD2<Double>]) -> Double { abs(signedArea(polygon)) }

  /// The same polygon with counter-clockwise vertices.
  package static func counterClockwise(_ polygon: [SIMD2<Double>]) -> [SIMD2<Double>] {
    signedArea(polygon) < 0 ? polygon.reversed() : polygon
  }

  /// Whether every turn goes the same way (collinear vertices allowed).
  package static func isConvex(_ polygon: [SIMD2<Double>]) -> Bool {
    guard polygon.count >= 3 else { return false }
    var sign = 0.0
    for i in polygon.indices {
      let a = polygon[i]
      let b = polygon[(i + 1) % polygon.count]
      let c = polygon[(i + 2) % polygon.count]
      let turn = cross(b - a, c - b)
      if abs(turn) < 1e-12 { continue }
      if sign == 0 { sign = turn } else if (turn > 0) != (sign > 0) { return false }
    }
    return sign != 0
  }

  /// `subject` clipped to the convex polygon `clip` (Sutherland–Hodgman).
  ///
  /// `subject` may be non-convex (an anchor's boundary): the result then can
  /// hold zero-width bridges between its pieces, which add nothing to its
  /// shoelace area, so `area(clipped(...))` is the exact overlap either way.
  package static func clipped(_ subject: [SIMD2<Double>], to clip: [SIMD2<Double>]) -> [SIMD2<
    Double
  >] {
    let clip = counterClockwise(clip)
    var output = subject
    for i in clip.indices {
      guard !output.isEmpty else { break }
      let edgeStart = clip[i]
      let edge = clip[(i + 1) % clip.count] - edgeStart
      let input = output
      output = []
      for j in input.indices {
        let current = input[j]
        let previous = input[(j + input.count - 1) % input.count]
        let currentSide = cross(edge, current - edgeStart)
        let previousSide = cross(edge, previous - edgeStart)
        if currentSide >= 0 {
          if previousSide < 0 {
            output.append(intersection(previous, current, previousSide, currentSide))
          }
          output.append(current)
        } else if previousSide >= 0 {
          output.append(intersection(previous, current, previousSide, currentSide))
        }
      }
    }
    return output
  }

  /// Area of the overlap of any simple polygon with a convex one.
  package static func overlapArea(_ subject: [SIMD2<Double>], convex: [SIMD2<Double>]) -> Double {
    area(clipped(counterClockwise(subject), to: convex))
  }

  /// Even-odd rule; points on an edge may go either way.
  package static func contains(_ polygon: [SIMD2<Double>], _ point: SIMD2<Double>) -> Bool {
    var inside = false
    var j = polygon.count - 1
    for i in polygon.indices {
      let a = polygon[i]
      let b = polygon[j]
      if (a.y > point.y) != (b.y > point.y) {
        let x = a.x + (point.y - a.y) / (b.y - a.y) * (b.x - a.x)
        if point.x < x { inside.toggle() }
      }
      j = i
    }
    return inside
  }

  static func cross(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double { a.x * b.y - a.y * b.x }

  private static func intersection(
    _ a: SIMD2<Double>, _ b: SIMD2<Double>, _ sideA: Double, _ sideB: Double
  ) -> SIMD2<Double> {
    a + (b - a) * (sideA / (sideA - sideB))
  }
}
