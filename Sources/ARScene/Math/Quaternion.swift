import Foundation

/// A unit quaternion for rotations, stored as TUM files write it: x, y, z, w.
public struct Quaternion: Equatable, Sendable {
  /// The vector part's x: the unit rotation axis's x times sin(angle / 2).
  public var x: Double
  /// The vector part's y: the unit rotation axis's y times sin(angle / 2).
  public var y: Double
  /// The vector part's z: the unit rotation axis's z times sin(angle / 2).
  public var z: Double
  /// The scalar part: cos(angle / 2).
  public var w: Double

  /// A quaternion with the given components, taken as they are (not normalised).
  public init(x: Double, y: Double, z: Double, w: Double) {
    self.x = x
    self.y = y
    self.z = z
    self.w = w
  }

  /// No rotation.
  public static let identity = Quaternion(x: 0, y: 0, z: 0, w: 1)

  /// Rotation by `angle` radians about `axis` (need not be unit length).
  public init(angle: Double, axis: SIMD3<Double>) {
    let length = (axis * axis).sum().squareRoot()
    let s = length > 0 ? sin(angle / 2) / length : 0
    self.init(x: axis.x * s, y: axis.y * s, z: axis.z * s, w: cos(angle / 2))
  }

  /// The length; 1 for a rotation.
  public var norm: Double { (x * x + y * y + z * z + w * w).squareRoot() }

  /// Scaled to unit length; the identity when the norm is zero or not finite.
  public var normalized: Quaternion {
    let n = norm
    guard n > 0, n.isFinite else { return .identity }
    return Quaternion(x: x / n, y: y / n, z: z / n, w: w / n)
  }

  /// Rotation matrix columns of the (normalised) quaternion.
  public var matrixColumns: (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>) {
    let q = normalized
    let (x, y, z, w) = (q.x, q.y, q.z, q.w)
    return (
      SIMD3(1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w)),
      SIMD3(2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w)),
      SIMD3(2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y))
    )
  }

  /// The quaternion of a rotation matrix given by columns (Shepperd's method,
  /// stable for every rotation), with w >= 0.
  public init(matrixColumns c: (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>)) {
    let (m00, m10, m20) = (c.0.x, c.0.y, c.0.z)
    let (m01, m11, m21) = (c.1.x, c.1.y, c.1.z)
    let (m02, m12, m22) = (c.2.x, c.2.y, c.2.z)
    let trace = m00 + m11 + m22
    var q: Quaternion
    if trace > 0 {
      let s = (trace + 1).squareRoot() * 2
      q = Quaternion(x: (m21 - m12) / s, y: (m02 - m20) / s, z: (m10 - m01) / s, w: s / 4)
    } else if m00 > m11 && m00 > m22 {
      let s = (1 + m00 - m11 - m22).squareRoot() * 2
      q = Quaternion(x: s / 4, y: (m01 + m10) / s, z: (m02 + m20) / s, w: (m21 - m12) / s)
    } else if m11 > m22 {
      let s = (1 + m11 - m00 - m22).squareRoot() * 2
      q = Quaternion(x: (m01 + m10) / s, y: s / 4, z: (m12 + m21) / s, w: (m02 - m20) / s)
    } else {
      let s = (1 + m22 - m00 - m11).squareRoot() * 2
      q = Quaternion(x: (m02 + m20) / s, y: (m12 + m21) / s, z: s / 4, w: (m10 - m01) / s)
    }
    if q.w < 0 { q = Quaternion(x: -q.x, y: -q.y, z: -q.z, w: -q.w) }
    self = q.normalized
  }

  /// Composition: `(a * b).rotate(v) == a.rotate(b.rotate(v))`.
  public static func * (a: Quaternion, b: Quaternion) -> Quaternion {
    Quaternion(
      x: a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y,
      y: a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x,
      z: a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w,
      w: a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z)
  }

  /// The vector part negated: the inverse rotation of a unit quaternion.
  public var conjugate: Quaternion { Quaternion(x: -x, y: -y, z: -z, w: w) }

  /// `v` rotated by the (normalised) quaternion.
  public func rotate(_ v: SIMD3<Double>) -> SIMD3<Double> {
    let m = matrixColumns
    return m.0 * v.x + m.1 * v.y + m.2 * v.z
  }

  /// The rotation angle between two orientations, 0...π radians.
  public func angle(to other: Quaternion) -> Double {
    let a = normalized
    let b = other.normalized
    let dot = abs(a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w)
    return 2 * acos(min(dot, 1))
  }
}
