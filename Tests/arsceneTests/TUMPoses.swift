import Foundation

/// The poses of a TUM trajectory file ("timestamp tx ty tz qx qy qz qw",
/// world_from_camera), keyed by timestamp to the microsecond, for tests that
/// compare an estimate with the ground truth pose by pose.
struct TUMPoses {
  struct Pose {
    /// Rotation matrix rows.
    var rotation: (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>)
    var position: SIMD3<Double>

    /// The pose of `other` seen from this one: self⁻¹ · other.
    func relative(_ other: Pose) -> Pose {
      let r = rotation
      let columns = (
        SIMD3(r.0.x, r.1.x, r.2.x), SIMD3(r.0.y, r.1.y, r.2.y), SIMD3(r.0.z, r.1.z, r.2.z)
      )
      // Rows of Rᵀ are the columns of R.
      func times(_ v: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3((columns.0 * v).sum(), (columns.1 * v).sum(), (columns.2 * v).sum())
      }
      let o = other.rotation
      let otherColumns = (
        SIMD3(o.0.x, o.1.x, o.2.x), SIMD3(o.0.y, o.1.y, o.2.y), SIMD3(o.0.z, o.1.z, o.2.z)
      )
      let c0 = times(otherColumns.0)
      let c1 = times(otherColumns.1)
      let c2 = times(otherColumns.2)
      return Pose(
        rotation: (SIMD3(c0.x, c1.x, c2.x), SIMD3(c0.y, c1.y, c2.y), SIMD3(c0.z, c1.z, c2.z)),
        position: times(other.position - position))
    }

    /// Metres and degrees between two poses.
    func error(to other: Pose) -> (metres: Double, degrees: Double) {
      let d = position - other.position
      let trace =
        (rotation.0 * other.rotation.0).sum() + (rotation.1 * other.rotation.1).sum()
        + (rotation.2 * other.rotation.2).sum()
      return ((d * d).sum().squareRoot(), acos(min(1, max(-1, (trace - 1) / 2))) * 180 / .pi)
    }
  }

  var poses: [String: Pose] = [:]
  /// Timestamps in file order.
  var times: [Double] = []

  init(contentsOf path: String) throws {
    for line in try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
    where !line.hasPrefix("#") {
      let v = line.split(separator: " ").compactMap { Double($0) }
      guard v.count == 8 else { continue }
      let (x, y, z, w) = (v[4], v[5], v[6], v[7])
      let rotation = (
        SIMD3(1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)),
        SIMD3(2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)),
        SIMD3(2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y))
      )
      poses[Self.key(v[0])] = Pose(rotation: rotation, position: SIMD3(v[1], v[2], v[3]))
      times.append(v[0])
    }
  }

  static func key(_ time: Double) -> String { String(format: "%.6f", time) }

  subscript(time: Double) -> Pose? { poses[Self.key(time)] }
}
