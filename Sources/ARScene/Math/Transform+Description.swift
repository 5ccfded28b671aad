import Foundation

extension Transform: CustomStringConvertible {
  /// Where it puts things, as a person reads it: "translation (0.028,
  /// -1.436, -1.981) m, rotation 12.0° about (0.00, 1.00, 0.00)" (the
  /// rotation as an angle about a unit axis; "no rotation" below 0.05°).
  public var description: String {
    let t = translation
    let place = String(format: "translation (%.3f, %.3f, %.3f) m", t.x, t.y, t.z)
    var q = rotation.normalized
    // The shorter way round: angles in 0...180°.
    if q.w < 0 { q = Quaternion(x: -q.x, y: -q.y, z: -q.z, w: -q.w) }
    let degrees = 2 * acos(min(q.w, 1)) * 180 / .pi
    let sine = (q.x * q.x + q.y * q.y + q.z * q.z).squareRoot()
    guard degrees >= 0.05, sine > 0 else { return place + ", no rotation" }
    return place
      + String(
        format: ", rotation %.1f° about (%.2f, %.2f, %.2f)", degrees, q.x / sine, q.y / sine,
        q.z / sine)
  }
}
