import ARScene
import Foundation

/// How an estimated camera trajectory compares with ground truth: the
/// absolute trajectory error (ATE) after SE(3) alignment, as `evo_ape tum GT
/// EST -a` computes it (or Sim(3), as `-as` does, for a trajectory whose scale
/// is unknown), the relative pose error over one second, the fraction of
/// frames with a pose, and the longest stretch without one.
public struct TrajectoryEvaluation: Sendable {
  /// What the estimate is aligned to the ground truth by.
  public enum Alignment: String, CaseIterable, Sendable {
    /// A rigid motion: metric trajectories (RGB-D, visual-inertial).
    case se3
    /// A rigid motion and a scale: trajectories in arbitrary units
    /// (monocular without an IMU), as `evo_ape -as`.
    case sim3
  }

  public struct ErrorStatistics: Equatable, Sendable {
    public var rmse: Double
    public var mean: Double
    public var median: Double
    public var max: Double

    init(_ values: [Double]) {
      let sorted = values.sorted()
      let n = Double(Swift.max(values.count, 1))
      rmse = (values.reduce(0) { $0 + $1 * $1 } / n).squareRoot()
      mean = values.reduce(0, +) / n
      median =
        sorted.isEmpty
        ? 0
        : sorted.count % 2 == 1
          ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
      self.max = sorted.last ?? 0
    }
  }

  /// The fewest poses, on each side and paired, that an SE(3) alignment
  /// can be fitted to.
  public static let minimumPoses = 3

  /// Poses paired with ground truth.
  public var associatedPoses: Int
  /// Translation error per pose after alignment, metres.
  public var ate: ErrorStatistics
  /// Relative pose error between poses about `rpeInterval` apart: translation
  /// in metres, rotation in degrees.
  public var rpeTranslation: ErrorStatistics
  public var rpeRotationDegrees: ErrorStatistics
  public var rpePairs: Int
  public let rpeInterval: Double
  /// Frames with an estimated pose over all frames of the sequence.
  public var trackedFraction: Double
  /// The longest run of frames without a pose: start and end times (of the
  /// last tracked frame before and the first after), nil if none is missing.
  public var worstStretch: (from: Double, to: Double)?
  /// The frame whose aligned position is farthest from the truth.
  public var worstPose: (timestamp: Double, error: Double)?
  /// The alignment applied to the estimate (ground truth from estimate).
  public var alignment: PointSetAlignment
  /// Whether a scale was fitted (``Alignment/sim3``).
  public let alignmentKind: Alignment
  /// With Sim(3): how much larger the estimate is than the truth, percent
  /// (1 / scale − 1; negative when smaller); nil with SE(3).
  public var scaleErrorPercent: Double? {
    alignmentKind == .sim3 ? (1 / alignment.scale - 1) * 100 : nil
  }
  /// What the alignment was computed from.
  public var alignmentBasis: AlignmentBasis

  /// How far from its origin a trajectory may go: far beyond any camera
  /// path (geographic coordinates stay below 1e7 m), and far below where
  /// squared errors stop being finite.
  static let positionLimit = 1e9
  static let positionLimitText = "1e9 m"

  /// Whether every coordinate of `position` is finite and within
  /// ``positionLimit``.
  static func isPlausible(_ position: SIMD3<Double>) -> Bool {
    position.x.isFinite && position.y.isFinite && position.z.isFinite
      && max(abs(position.x), abs(position.y), abs(position.z)) <= positionLimit
  }

  public enum AlignmentBasis: String, Sendable {
    /// Positions, by Umeyama's method, as evo does.
    case positions
    /// Orientations, then centroids: the positions are collinear or all
    /// the same (a camera turning on the spot), so they cannot fix a
    /// rotation and evo refuses such a trajectory.
    case orientations
  }

  /// Scores `estimate` against `groundTruth` as `evo_ape -a` and `evo_rpe`
  /// do.
  ///
  /// - Parameters:
  ///   - estimate: The poses the engine measured.
  ///   - groundTruth: The sequence's ground truth, in the same camera
  ///     convention.
  ///   - frameTimestamps: the timestamps of every frame of the sequence, for the
  ///     tracked fraction and the worst stretch.
  ///   - maxTimeDifference: How far apart in time an estimate and a ground
  ///     truth pose may be and still be paired.
  ///   - rpeInterval: The span of the relative pose error, seconds.
  ///   - alignmentKind: SE(3), or Sim(3) for an estimate in arbitrary units (its
  ///     relative motions are then scaled too, as `evo_rpe -as` does).
  public init(
    estimate: [TimedPose], groundTruth: [TimedPose], frameTimestamps: [Double],
    maxTimeDifference: Double = TrajectoryAssociation.defaultMaxTimeDifference,
    rpeInterval: Double = 1.0, alignment alignmentKind: Alignment = .se3
  ) throws(DatasetError) {
    self.alignmentKind = alignmentKind
    // Squared errors of positions near 1e300 m overflow to an "RMSE inf cm"
    // that looks like a result; such a trajectory is refused instead.
    for (name, poses) in [("ground-truth", groundTruth), ("estimated", estimate)] {
      if let absurd = poses.first(where: { !Self.isPlausible($0.translation) }) {
        throw DatasetError(
          "the \(name) pose at \(absurd.timestamp) s is (\(absurd.translation.x), \(absurd.translation.y), \(absurd.translation.z)),"
            + " beyond \(Self.positionLimitText) from the origin")
      }
    }
    // A side too short to align is not a matter of clocks; say which it is.
    for (name, poses) in [("estimated trajectory", estimate), ("ground truth", groundTruth)]
    where poses.count < Self.minimumPoses {
      throw DatasetError(
        poses.isEmpty
          ? "the \(name) holds no pose"
          : "the \(name) holds only \(poses.count) pose\(poses.count == 1 ? "" : "s");"
            + " at least \(Self.minimumPoses) are needed for an SE(3) alignment")
    }
    let pairs = TrajectoryAssociation(
      estimate: estimate, groundTruth: groundTruth, maxTimeDifference: maxTimeDifference)
    guard pairs.count >= Self.minimumPoses else {
      throw DatasetError(
        "only \(pairs.count) estimated poses are within \(maxTimeDifference) s of a ground-truth pose;"
          + " at least \(Self.minimumPoses) are needed (are the timestamps on the same clock?)")
    }
    let alignment: PointSetAlignment
    do {
      alignment = try PointSetAlignment(
        source: pairs.estimate.map(\.translation), target: pairs.groundTruth.map(\.translation),
        estimateScale: alignmentKind == .sim3)
      alignmentBasis = .positions
    } catch {
      alignment = try PointSetAlignment(orientationsOf: pairs.estimate, onto: pairs.groundTruth)
      alignmentBasis = .orientations
    }
    self.alignment = alignment
    let aligned = pairs.estimate.map { alignment.apply($0) }
    let errors = zip(aligned, pairs.groundTruth).map {
      Self.distance($0.translation, $1.translation)
    }
    associatedPoses = pairs.count
    ate = ErrorStatistics(errors)
    if let worst = errors.indices.max(by: { errors[$0] < errors[$1] }) {
      worstPose = (pairs.estimate[worst].timestamp, errors[worst])
    }

    self.rpeInterval = rpeInterval
    var translationErrors: [Double] = []
    var rotationErrors: [Double] = []
    // In the truth's units: scaled by the alignment's scale (1 with SE(3)).
    let scaled =
      alignmentKind == .sim3
      ? pairs.estimate.map {
        TimedPose(
          timestamp: $0.timestamp, rotation: $0.rotation,
          translation: alignment.scale * $0.translation)
      } : pairs.estimate
    var j = 0
    for i in pairs.estimate.indices {
      let target = pairs.estimate[i].timestamp + rpeInterval
      while j < pairs.count && pairs.estimate[j].timestamp < target { j += 1 }
      guard j < pairs.count else { break }
      let (dt, dr) = Self.relativeError(
        estimate: (scaled[i], scaled[j]),
        groundTruth: (pairs.groundTruth[i], pairs.groundTruth[j]))
      translationErrors.append(dt)
      rotationErrors.append(dr * 180 / .pi)
    }
    rpeTranslation = ErrorStatistics(translationErrors)
    rpeRotationDegrees = ErrorStatistics(rotationErrors)
    rpePairs = translationErrors.count

    // Trajectory files round time (TUM: microseconds) while frames at N/30 s
    // do not, so a frame counts as tracked when a pose lies within half a
    // millisecond of it, far below any camera's frame interval.
    let estimated = estimate.map(\.timestamp).sorted()
    let tracked = frameTimestamps.map { Self.contains(estimated, near: $0, within: 5e-4) }
    trackedFraction =
      frameTimestamps.isEmpty
      ? 0 : Double(tracked.filter { $0 }.count) / Double(frameTimestamps.count)
    worstStretch = Self.longestGap(frameTimestamps, tracked: tracked)
  }

  /// The error of the estimated motion from a to b against the true motion:
  /// translation norm and rotation angle of (true a→b)⁻¹ (estimated a→b).
  private static func relativeError(
    estimate: (TimedPose, TimedPose), groundTruth: (TimedPose, TimedPose)
  ) -> (Double, Double) {
    func motion(_ a: TimedPose, _ b: TimedPose) -> (Quaternion, SIMD3<Double>) {
      let inverse = a.rotation.conjugate
      return (inverse * b.rotation, inverse.rotate(b.translation - a.translation))
    }
    let (qe, te) = motion(estimate.0, estimate.1)
    let (qg, tg) = motion(groundTruth.0, groundTruth.1)
    let errorTranslation = qg.conjugate.rotate(te - tg)
    return (distance(errorTranslation, .zero), qg.angle(to: qe))
  }

  /// Whether sorted `times` has a value within `tolerance` of `t`.
  private static func contains(_ times: [Double], near t: Double, within tolerance: Double) -> Bool
  {
    var low = 0
    var high = times.count
    while low < high {
      let mid = (low + high) / 2
      if times[mid] < t - tolerance { low = mid + 1 } else { high = mid }
    }
    return low < times.count && times[low] <= t + tolerance
  }

  private static func longestGap(_ times: [Double], tracked: [Bool]) -> (from: Double, to: Double)?
  {
    var best: (from: Double, to: Double)?
    var start: Int?
    for (index, isTracked) in tracked.enumerated() {
      if !isTracked {
        if start == nil { start = index }
        continue
      }
      if let first = start {
        let from = first > 0 ? times[first - 1] : times[first]
        if best == nil || times[index] - from > best!.to - best!.from {
          best = (from, times[index])
        }
        start = nil
      }
    }
    if let first = start, let last = times.last {
      let from = first > 0 ? times[first - 1] : times[first]
      if best == nil || last - from > best!.to - best!.from { best = (from, last) }
    }
    return best
  }

  private static func distance(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double {
    let d = a - b
    return (d * d).sum().squareRoot()
  }

  /// A few lines for a person.
  public var readableText: String {
    func cm(_ metres: Double) -> String { String(format: "%.2f cm", metres * 100) }
    let aligned = alignmentKind == .sim3 ? "Sim(3)-aligned" : "SE(3)-aligned"
    var lines = [
      "ATE (\(alignmentBasis == .positions ? aligned : "aligned by orientation: the positions cannot fix a rotation"),"
        + " \(associatedPoses) poses): RMSE \(cm(ate.rmse)), mean \(cm(ate.mean)),"
        + " median \(cm(ate.median)), max \(cm(ate.max))",
      "RPE over \(String(format: "%.1f", rpeInterval)) s (\(rpePairs) pairs): RMSE \(cm(rpeTranslation.rmse)),"
        + " \(String(format: "%.2f", rpeRotationDegrees.rmse)) deg",
      "Tracked: \(String(format: "%.1f", trackedFraction * 100))% of frames",
    ]
    if let scaleErrorPercent {
      lines.insert(
        "Scale error: \(String(format: "%+.2f", scaleErrorPercent))% (the estimate is"
          + " \(String(format: "%.4f", 1 / alignment.scale)) times the truth's size)", at: 1)
    }
    if let worstStretch {
      lines.append(
        "Longest stretch without a pose: \(String(format: "%.2f", worstStretch.to - worstStretch.from)) s"
          + " (\(String(format: "%.2f", worstStretch.from))...\(String(format: "%.2f", worstStretch.to)) s)"
      )
    }
    if let worstPose {
      lines.append(
        "Worst pose: \(cm(worstPose.error)) at \(String(format: "%.3f", worstPose.timestamp)) s")
    }
    return lines.joined(separator: "\n")
  }

  /// The same as one JSON object (metres and degrees).
  package var json: JSONLine {
    func stats(_ s: ErrorStatistics) -> JSONLine {
      var line = JSONLine()
      line.add("rmse", s.rmse)
      line.add("mean", s.mean)
      line.add("median", s.median)
      line.add("max", s.max)
      return line
    }
    var root = JSONLine()
    root.add("associatedPoses", associatedPoses)
    root.add("alignedBy", alignmentBasis.rawValue)
    // Only with Sim(3), so that SE(3) reports keep their fields.
    if let scaleErrorPercent {
      root.add("alignment", alignmentKind.rawValue)
      root.add("scale", alignment.scale)
      root.add("scaleErrorPercent", scaleErrorPercent)
    }
    root.add("ate", stats(ate))
    var rpe = JSONLine()
    rpe.add("interval", rpeInterval)
    rpe.add("pairs", rpePairs)
    rpe.add("translation", stats(rpeTranslation))
    rpe.add("rotationDegrees", stats(rpeRotationDegrees))
    root.add("rpe", rpe)
    root.add("trackedFraction", trackedFraction)
    if let worstStretch {
      root.add("worstStretch", [worstStretch.from, worstStretch.to])
    } else {
      root.addNull("worstStretch")
    }
    return root
  }
}
