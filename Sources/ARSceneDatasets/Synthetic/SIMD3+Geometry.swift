/// Vector helpers for the motions' double-precision geometry.
extension SIMD3 where Scalar == Double {
  var length: Double { (self * self).sum().squareRoot() }

  func cross(_ other: SIMD3<Double>) -> SIMD3<Double> {
    SIMD3(
      y * other.z - z * other.y, z * other.x - x * other.z, x * other.y - y * other.x)
  }
}
