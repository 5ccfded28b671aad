import Foundation

/// A rigid transform as a 4x4 column-major float matrix, like ARKit's
/// `simd_float4x4`. Named by the frames it maps between: `worldFromCamera`
/// takes camera coordinates to world coordinates.
public struct Transform: Equatable, Sendable {
  /// The four columns: the rotation's in the first three, the translation (w = 1) in the last.
  public var columns: (SIMD4<Float>, SIMD4<Float>, SIMD4<Float>, SIMD4<Float>)

  /// The transform with the given columns.
  public init(_ c0: SIMD4<Float>, _ c1: SIMD4<Float>, _ c2: SIMD4<Float>, _ c3: SIMD4<Float>) {
    columns = (c0, c1, c2, c3)
  }

  /// Maps every point to itself.
  public static let identity = Transform(
    SIMD4(1, 0, 0, 0), SIMD4(0, 1, 0, 0), SIMD4(0, 0, 1, 0), SIMD4(0, 0, 0, 1))

  /// Rotation then translation, from double precision.
  public init(rotation: Quaternion, translation: SIMD3<Double>) {
    let r = rotation.matrixColumns
    self.init(
      SIMD4(SIMD3<Float>(r.0), 0), SIMD4(SIMD3<Float>(r.1), 0), SIMD4(SIMD3<Float>(r.2), 0),
      SIMD4(SIMD3<Float>(translation), 1))
  }

  /// From 16 floats in column-major order; nil unless there are exactly 16.
  public init?(columnMajor values: [Float]) {
    guard values.count == 16 else { return nil }
    self.init(
      SIMD4(values[0], values[1], values[2], values[3]),
      SIMD4(values[4], values[5], values[6], values[7]),
      SIMD4(values[8], values[9], values[10], values[11]),
      SIMD4(values[12], values[13], values[14], values[15]))
  }

  /// The 16 values in column-major order.
  public var columnMajor: [Float] {
    [columns.0, columns.1, columns.2, columns.3].flatMap { [$0.x, $0.y, $0.z, $0.w] }
  }

  /// Where the origin goes, in metres: the last column's x, y, z. Setting it also sets
  /// that column's w to 1.
  public var translation: SIMD3<Float> {
    get { SIMD3(columns.3.x, columns.3.y, columns.3.z) }
    set { columns.3 = SIMD4(newValue, 1) }
  }

  /// The rotation part as a unit quaternion, with w >= 0.
  public var rotation: Quaternion {
    Quaternion(
      matrixColumns: (
        SIMD3<Double>(SIMD3(columns.0.x, columns.0.y, columns.0.z)),
        SIMD3<Double>(SIMD3(columns.1.x, columns.1.y, columns.1.z)),
        SIMD3<Double>(SIMD3(columns.2.x, columns.2.y, columns.2.z))
      ))
  }

  /// Composition, the matrix product: `worldFromAnchor * anchorFromObject` is
  /// `worldFromObject`.
  public static func * (a: Transform, b: Transform) -> Transform {
    Transform(
      a.apply(b.columns.0), a.apply(b.columns.1), a.apply(b.columns.2), a.apply(b.columns.3))
  }

  /// The matrix times a homogeneous vector.
  public func apply(_ v: SIMD4<Float>) -> SIMD4<Float> {
    columns.0 * v.x + columns.1 * v.y + columns.2 * v.z + columns.3 * v.w
  }

  /// Maps a point (translation applies).
  public func transformPoint(_ p: SIMD3<Float>) -> SIMD3<Float> {
    let r = apply(SIMD4(p, 1))
    return SIMD3(r.x, r.y, r.z)
  }

  /// The inverse of a rigid transform: transpose the rotation, rotate the
  /// translation back. Exact for rotations, unlike a general 4x4 inverse.
  public var rigidInverse: Transform {
    let (c0, c1, c2, c3) = columns
    let r0 = SIMD4<Float>(c0.x, c1.x, c2.x, 0)
    let r1 = SIMD4<Float>(c0.y, c1.y, c2.y, 0)
    let r2 = SIMD4<Float>(c0.z, c1.z, c2.z, 0)
    let t = SIMD3(c3.x, c3.y, c3.z)
    let back =
      -(SIMD3(r0.x, r0.y, r0.z) * t.x + SIMD3(r1.x, r1.y, r1.z) * t.y + SIMD3(r2.x, r2.y, r2.z)
      * t.z)
    return Transform(r0, r1, r2, SIMD4(back, 1))
  }

  /// Exactly equal entries.
  public static func == (a: Transform, b: Transform) -> Bool {
    a.columns.0 == b.columns.0 && a.columns.1 == b.columns.1 && a.columns.2 == b.columns.2
      && a.columns.3 == b.columns.3
  }

  /// The angle, degrees, of the rotation that turns this transform's
  /// orientation into `other`'s.
  public func rotationDegrees(to other: Transform) -> Float {
    let relative = rotation.conjugate * other.rotation
    let w = min(1, abs(relative.normalized.w))
    return Float(2 * acos(w) * 180 / .pi)
  }

  /// Largest absolute difference between corresponding entries.
  public func maxDifference(to other: Transform) -> Float {
    zip(columnMajor, other.columnMajor).map { abs($0 - $1) }.max() ?? 0
  }
}
