/// How much of a flat rectangle in the world (a picture) the camera's image
/// shows: for deciding that a picture has left the view without waiting for
/// a timer, and for scoring recognition against ground truth.
extension Camera {
  /// The image point (pixels, origin top-left, +y down) where a world
  /// point projects, or nil when it is not in front of the camera.
  public func projectPoint(_ world: SIMD3<Float>) -> SIMD2<Double>? {
    let p = transform.rigidInverse.transformPoint(world)
    guard p.z < -1e-3 else { return nil }  // ARKit camera looks down -Z
    let k = intrinsics
    return SIMD2(
      k.fx * Double(p.x) / Double(-p.z) + k.cx, -k.fy * Double(p.y) / Double(-p.z) + k.cy)
  }

  /// The image corners of a rectangle centred on `transform`'s origin and
  /// spanning `size` metres in its x-z plane (as an ``ImageAnchor`` lies):
  /// top-left, top-right, bottom-right, bottom-left; nil when a corner is
  /// not in front of the camera.
  public func projectRectangle(at transform: Transform, size: SIMD2<Float>) -> [SIMD2<Double>]? {
    let half = size / 2
    var corners: [SIMD2<Double>] = []
    for (x, z) in [(-half.x, -half.y), (half.x, -half.y), (half.x, half.y), (-half.x, half.y)] {
      guard let p = projectPoint(transform.transformPoint(SIMD3(x, 0, z))) else { return nil }
      corners.append(p)
    }
    return corners
  }

  /// The area in square pixels of the part of a convex image polygon that
  /// lies inside the image.
  public func areaInImage(of polygon: [SIMD2<Double>]) -> Double {
    let width = Double(intrinsics.width)
    let height = Double(intrinsics.height)
    // Sutherland-Hodgman against the image rectangle.
    let edges: [(SIMD2<Double>) -> Double] = [
      { $0.x + 0.5 }, { width - 0.5 - $0.x }, { $0.y + 0.5 }, { height - 0.5 - $0.y },
    ]
    var clipped = polygon
    for inside in edges {
      var kept: [SIMD2<Double>] = []
      for (i, current) in clipped.enumerated() {
        let previous = clipped[(i + clipped.count - 1) % clipped.count]
        let a = inside(previous)
        let b = inside(current)
        if (a >= 0) != (b >= 0) { kept.append(previous + (current - previous) * (a / (a - b))) }
        if b >= 0 { kept.append(current) }
      }
      clipped = kept
      if clipped.isEmpty { return 0 }
    }
    return Self.area(of: clipped)
  }

  /// The area in square pixels of a simple polygon.
  public static func area(of polygon: [SIMD2<Double>]) -> Double {
    var twice = 0.0
    for (i, p) in polygon.enumerated() {
      let q = polygon[(i + 1) % polygon.count]
      twice += p.x * q.y - q.x * p.y
    }
    return abs(twice) / 2
  }
}
