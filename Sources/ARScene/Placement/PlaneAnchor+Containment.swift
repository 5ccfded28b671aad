extension PlaneAnchor {
  /// Whether an anchor-frame point (x, z) lies inside the boundary polygon
  /// (even-odd rule); false without a polygon.
  func boundaryContains(_ p: SIMD2<Float>) -> Bool {
    guard boundary.count >= 3 else { return false }
    var inside = false
    var j = boundary.count - 1
    for i in boundary.indices {
      let a = boundary[i]
      let b = boundary[j]
      if (a.y > p.y) != (b.y > p.y), p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x {
        inside.toggle()
      }
      j = i
    }
    return inside
  }

  /// The point of the boundary's outline nearest to p (anchor frame, x and
  /// z), or nil without a polygon.
  func nearestBoundaryPoint(to p: SIMD2<Float>) -> SIMD2<Float>? {
    guard boundary.count >= 2 else { return nil }
    var best: SIMD2<Float>?
    var bestDistance = Float.infinity
    for i in boundary.indices {
      let a = boundary[i]
      let b = boundary[(i + 1) % boundary.count]
      let ab = b - a
      let length2 = (ab * ab).sum()
      let t = length2 > 0 ? min(max(((p - a) * ab).sum() / length2, 0), 1) : 0
      let q = a + t * ab
      let d = ((p - q) * (p - q)).sum()
      if d < bestDistance {
        bestDistance = d
        best = q
      }
    }
    return best
  }

  /// p itself when inside the boundary; otherwise the nearest boundary point
  /// moved `margin` metres further in, towards ``center`` (or the boundary
  /// point itself when the centre is nearer than the margin). The second
  /// value is the distance from p to the boundary (0 inside).
  func keptInside(_ p: SIMD2<Float>, margin: Float) -> (point: SIMD2<Float>, outside: Float) {
    guard !boundaryContains(p), let edge = nearestBoundaryPoint(to: p) else { return (p, 0) }
    let outside = ((p - edge) * (p - edge)).sum().squareRoot()
    let inward = SIMD2(center.x, center.z) - edge
    let length = (inward * inward).sum().squareRoot()
    guard length > 1e-6 else { return (edge, outside) }
    return (edge + inward * (min(margin, 0.5 * length) / length), outside)
  }
}
