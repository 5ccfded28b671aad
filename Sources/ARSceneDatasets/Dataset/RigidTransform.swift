import ARScene

/// A rotation and a translation in double precision: the calibration
/// transforms readers compose with ground truth (EuRoC's body_from_camera,
/// 7-Scenes' color_from_depth), where ``Transform``'s floats would round
/// micrometres off every pose.
struct RigidTransform: Equatable {
  var rotation: Quaternion
  var translation: SIMD3<Double>

  static let identity = RigidTransform(rotation: .identity, translation: .zero)

  init(rotation: Quaternion, translation: SIMD3<Double>) {
    self.rotation = rotation
    self.translation = translation
  }

  init(_ transform: Transform) {
    self.init(rotation: transform.rotation, translation: SIMD3<Double>(transform.translation))
  }

  /// From 16 numbers in row-major order, as dataset files write matrices;
  /// nil unless they are a rigid transform: bottom row 0 0 0 1 and a rotation
  /// whose columns are orthonormal within 0.01 with determinant +1 (files
  /// printed with few decimals are slightly off, and are accepted).
  init?(rowMajor m: [Double]) {
    guard m.count == 16, m.allSatisfy(\.isFinite),
      abs(m[12]) < 1e-6, abs(m[13]) < 1e-6, abs(m[14]) < 1e-6, abs(m[15] - 1) < 1e-6
    else { return nil }
    let c0 = SIMD3(m[0], m[4], m[8])
    let c1 = SIMD3(m[1], m[5], m[9])
    let c2 = SIMD3(m[2], m[6], m[10])
    func dot(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double { (a * b).sum() }
    let gram = [
      dot(c0, c0) - 1, dot(c1, c1) - 1, dot(c2, c2) - 1, dot(c0, c1), dot(c0, c2), dot(c1, c2),
    ]
    let cross = SIMD3(
      c0.y * c1.z - c0.z * c1.y, c0.z * c1.x - c0.x * c1.z, c0.x * c1.y - c0.y * c1.x)
    guard gram.allSatisfy({ abs($0) <= 0.01 }), dot(cross, c2) > 0 else { return nil }
    self.init(
      rotation: Quaternion(matrixColumns: (c0, c1, c2)), translation: SIMD3(m[3], m[7], m[11]))
  }

  var inverse: RigidTransform {
    let back = rotation.conjugate
    return RigidTransform(rotation: back, translation: -back.rotate(translation))
  }

  /// `a * b` applies `b` first: `a_from_c = a_from_b * b_from_c`.
  static func * (a: RigidTransform, b: RigidTransform) -> RigidTransform {
    RigidTransform(
      rotation: (a.rotation * b.rotation).normalized,
      translation: a.translation + a.rotation.rotate(b.translation))
  }

  /// The float matrix the engine's API takes.
  var transform: Transform { Transform(rotation: rotation, translation: translation) }
}
