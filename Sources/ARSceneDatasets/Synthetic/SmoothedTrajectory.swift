import ARScene
import Foundation

/// A smooth camera motion through recorded poses: a uniform cubic B-spline
/// fitted by least squares to the positions, and another to the
/// orientations' quaternions (signs made consistent, normalised where
/// evaluated), so that it has the derivatives an IMU measures
/// (``IMUSimulator``) where the recording has only poses. Knots every
/// `knotSpacing` seconds: the spline follows motion slower than that and
/// smooths away what is faster (a ground truth's jitter, which twice
/// differentiated would swamp any acceleration). A tiny penalty on the
/// control points' second differences keeps segments without poses defined.
package struct SmoothedTrajectory: CameraMotion {
  private let start: Double
  private let knotSpacing: Double
  private let positions: [SIMD3<Double>]
  private let quaternions: [SIMD4<Double>]

  /// The span of the poses fitted.
  package let timeRange: ClosedRange<Double>

  /// Fits `poses` (world_from_camera, ARKit axes, in a world whose +Y is up,
  /// sorted by time). Throws when there are fewer than 4 poses or the knot
  /// spacing is not positive.
  package init(poses: [TimedPose], knotSpacing: Double) throws(DatasetError) {
    guard poses.count >= 4, let first = poses.first, let last = poses.last,
      last.timestamp > first.timestamp
    else {
      throw DatasetError("a smooth trajectory needs at least 4 poses over a time span")
    }
    guard knotSpacing.isFinite, knotSpacing > 0 else {
      throw DatasetError("the knot spacing must be > 0 seconds, got \(knotSpacing)")
    }
    start = first.timestamp
    self.knotSpacing = knotSpacing
    timeRange = first.timestamp...last.timestamp
    let segments = Int(((last.timestamp - first.timestamp) / knotSpacing).rounded(.up)) + 1
    let controlCount = segments + 3
    var signed: [SIMD4<Double>] = []
    for pose in poses {
      let q = pose.rotation
      var v = SIMD4(q.x, q.y, q.z, q.w)
      if let previous = signed.last, (v * previous).sum() < 0 { v = -v }
      signed.append(v)
    }
    let times = poses.map(\.timestamp)
    let fit = BandedSplineFit(
      times: times, start: start, knotSpacing: knotSpacing, controlCount: controlCount)
    positions = fit.solve(poses.map(\.translation))
    quaternions = fit.solve(signed)
  }

  package func pose(at t: Double) -> CameraPose {
    let (segment, weights) = Self.basis(
      t, start: start, knotSpacing: knotSpacing,
      segments: positions.count - 3)
    var position = SIMD3<Double>.zero
    var quaternion = SIMD4<Double>.zero
    for k in 0..<4 {
      position += weights[k] * positions[segment + k]
      quaternion += weights[k] * quaternions[segment + k]
    }
    let length = (quaternion * quaternion).sum().squareRoot()
    let q = quaternion / length
    return CameraPose(rotation: Quaternion(x: q.x, y: q.y, z: q.z, w: q.w), position: position)
  }

  /// The segment holding t (clamped to the spline's) and the four cubic
  /// B-spline weights there.
  fileprivate static func basis(
    _ t: Double, start: Double, knotSpacing: Double, segments: Int
  ) -> (Int, SIMD4<Double>) {
    let x = (t - start) / knotSpacing
    let segment = min(max(Int(x.rounded(.down)), 0), segments - 1)
    let u = x - Double(segment)
    let u2 = u * u
    let u3 = u2 * u
    let weights = SIMD4(
      (1 - u) * (1 - u) * (1 - u) / 6, (3 * u3 - 6 * u2 + 4) / 6,
      (-3 * u3 + 3 * u2 + 3 * u + 1) / 6, u3 / 6)
    return (segment, weights)
  }
}

/// The normal equations of a uniform cubic B-spline fitted to values at
/// given times, with a small second-difference penalty, as a banded matrix
/// (half-bandwidth 3) factored once and solved for any number of columns.
private struct BandedSplineFit {
  /// The penalty's weight against one pose's squared error.
  private static let smoothness = 1e-6
  private let count: Int
  private let times: [Double]
  private let start: Double
  private let knotSpacing: Double
  // Cholesky factor L of the band: factor[i][d] = L[i][i - d], d = 0...3.
  private var factor: [SIMD4<Double>]

  init(times: [Double], start: Double, knotSpacing: Double, controlCount: Int) {
    count = controlCount
    self.times = times
    self.start = start
    self.knotSpacing = knotSpacing
    var band = [SIMD4<Double>](repeating: .zero, count: controlCount)  // band[i][d] = A[i][i-d]
    for t in times {
      let (segment, w) = SmoothedTrajectory.basis(
        t, start: start, knotSpacing: knotSpacing, segments: controlCount - 3)
      for a in 0..<4 {
        for b in 0...a { band[segment + a][a - b] += w[a] * w[b] }
      }
    }
    // Second differences c[j] - 2 c[j+1] + c[j+2].
    let difference: SIMD3<Double> = [1, -2, 1]
    for j in 0..<(controlCount - 2) {
      for a in 0..<3 {
        for b in 0...a {
          band[j + a][a - b] += Self.smoothness * difference[a] * difference[b]
        }
      }
    }
    factor = Self.cholesky(band)
  }

  /// Banded Cholesky: A = L Lᵀ with L lower triangular of half-bandwidth 3.
  private static func cholesky(_ band: [SIMD4<Double>]) -> [SIMD4<Double>] {
    var l = [SIMD4<Double>](repeating: .zero, count: band.count)
    for i in band.indices {
      for d in stride(from: 3, through: 0, by: -1) where i - d >= 0 {
        let j = i - d
        var sum = band[i][d]
        // Σ_k L[i][k] L[j][k] over k < j within both bands.
        for k in max(0, i - 3)..<j {
          sum -= l[i][i - k] * l[j][j - k]
        }
        l[i][d] = d == 0 ? sum.squareRoot() : sum / l[j][0]
      }
    }
    return l
  }

  /// The control points fitting values (one per time).
  func solve<V: SIMD>(_ values: [V]) -> [V] where V.Scalar == Double {
    var rhs = [V](repeating: V(), count: count)
    for (t, value) in zip(times, values) {
      let (segment, w) = SmoothedTrajectory.basis(
        t, start: start, knotSpacing: knotSpacing, segments: count - 3)
      for a in 0..<4 { rhs[segment + a] += w[a] * value }
    }
    // Forward: L y = rhs; back: Lᵀ x = y.
    for i in 0..<count {
      var sum = rhs[i]
      for k in max(0, i - 3)..<i { sum -= factor[i][i - k] * rhs[k] }
      rhs[i] = sum / factor[i][0]
    }
    for i in stride(from: count - 1, through: 0, by: -1) {
      var sum = rhs[i]
      for k in (i + 1)..<min(count, i + 4) { sum -= factor[k][k - i] * rhs[k] }
      rhs[i] = sum / factor[i][0]
    }
    return rhs
  }
}
