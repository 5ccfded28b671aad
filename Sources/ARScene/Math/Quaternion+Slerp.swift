import Foundation

extension Quaternion {
  /// The rotation a fraction `t` of the way from `a` to `b` along the shorter
  /// arc, at constant angular speed: how a pose recorded at its own rate is
  /// read at a frame's time. `t` = 0 gives `a`, 1 gives `b` (or its negation,
  /// the same rotation); values outside 0...1 extrapolate.
  public static func slerp(_ a: Quaternion, _ b: Quaternion, _ t: Double) -> Quaternion {
    let a = a.normalized
    var b = b.normalized
    var dot = a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w
    // q and -q are the same rotation; going to the nearer one takes the short way.
    if dot < 0 {
      b = Quaternion(x: -b.x, y: -b.y, z: -b.z, w: -b.w)
      dot = -dot
    }
    let theta = acos(min(dot, 1))
    let sinTheta = sin(theta)
    // For (nearly) equal rotations sin(θ) vanishes; there the chord and the
    // arc differ by about θ³, far below 1e-15 at this threshold.
    let linear = theta < 1e-5
    let wa = linear ? 1 - t : sin((1 - t) * theta) / sinTheta
    let wb = linear ? t : sin(t * theta) / sinTheta
    return Quaternion(
      x: wa * a.x + wb * b.x, y: wa * a.y + wb * b.y, z: wa * a.z + wb * b.z,
      w: wa * a.w + wb * b.w
    ).normalized
  }
}
