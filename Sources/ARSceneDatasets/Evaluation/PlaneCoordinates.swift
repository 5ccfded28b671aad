import ARScene

/// A ground-truth plane's own 2D coordinates, set up like a plane anchor's
/// frame: the origin at the plane's centre, +Y along its normal, points on
/// the plane given by their (x, z).
struct PlaneCoordinates {
  var origin: SIMD3<Double>
  var xAxis: SIMD3<Double>
  var normal: SIMD3<Double>
  var zAxis: SIMD3<Double>

  init(_ plane: SyntheticAnnotations.Plane) {
    origin = SIMD3<Double>(plane.center)
    normal = Self.normalized(SIMD3<Double>(plane.normal))
    // Along the polygon's first edge, made exactly perpendicular to the normal.
    let edge = SIMD3<Double>(plane.polygon[1]) - SIMD3<Double>(plane.polygon[0])
    xAxis = Self.normalized(edge - (edge * normal).sum() * normal)
    zAxis = Self.cross(xAxis, normal)
  }

  /// The point's (x, z), ignoring its height above the plane.
  func project(_ point: SIMD3<Double>) -> SIMD2<Double> {
    let d = point - origin
    return SIMD2((d * xAxis).sum(), (d * zAxis).sum())
  }

  static func cross(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> SIMD3<Double> {
    SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
  }

  static func dot(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double { (a * b).sum() }

  static func normalized(_ v: SIMD3<Double>) -> SIMD3<Double> { v / dot(v, v).squareRoot() }
}
