import ARScene
import Foundation

/// A recording with an IMU synthesised from its ground-truth trajectory
/// (`arscene dataset imu-from-groundtruth`): a smoothing spline through the
/// poses (``SmoothedTrajectory``), differentiated to angular velocity and
/// specific force at `rate` Hz (``IMUSimulator``), with the simulated IMU's
/// biases and noise drawn from `seed`. Real images can then be replayed with
/// an IMU whose truth is known. The ground truth's world must say where up
/// is: stated by the data set (7-Scenes' gravity-direction.txt) or given.
package struct IMUFromGroundTruth: SequenceWrapper {
  /// What the synthesis is asked for.
  package struct Settings: Sendable {
    package var rate = 200.0
    package var seed: UInt64 = 1
    package var noise = IMUNoiseModel()
    /// The spline's knot spacing, seconds (see ``SmoothedTrajectory``); nil
    /// takes ``defaultKnotSpacing(for:)``.
    package var knotSpacing: Double?
    /// World up in the ground truth's world; nil takes the data set's
    /// stated gravity.
    package var worldUp: SIMD3<Double>?

    package init() {}
  }

  package let base: any DatasetSequence
  package let settings: Settings
  /// Every sample, from one frame interval before the first frame to the
  /// last frame, within the ground truth's span: made once, as the spline's
  /// derivatives cost far more than reading a file.
  package let imu: [IMUSample]
  private let span: ClosedRange<Double>

  package init(_ base: any DatasetSequence, settings: Settings) throws(DatasetError) {
    guard base.groundTruth.count >= 4 else {
      throw DatasetError(
        file: base.url.path,
        "has \(base.groundTruth.count) ground-truth poses; an IMU is synthesised from at least 4")
    }
    guard settings.rate.isFinite, settings.rate >= 50, settings.rate <= 2000 else {
      throw DatasetError("the IMU rate must be 50...2000 Hz, got \(settings.rate)")
    }
    if let problem = settings.noise.problem { throw DatasetError(problem) }
    let up = try Self.worldUp(of: base, given: settings.worldUp)
    let convention = base.description.groundTruthConvention
    let turn = Self.rotation(taking: up, to: SIMD3(0, 1, 0))
    let poses = base.groundTruth.map { pose in
      let camera =
        convention == "opencv" ? pose.rotation * Quaternion.cameraAxesFlip : pose.rotation
      return TimedPose(
        timestamp: pose.timestamp, rotation: turn * camera,
        translation: turn.rotate(pose.translation))
    }
    var settings = settings
    let knotSpacing = settings.knotSpacing ?? Self.defaultKnotSpacing(for: base.groundTruth)
    settings.knotSpacing = knotSpacing
    let trajectory = try SmoothedTrajectory(poses: poses, knotSpacing: knotSpacing)
    self.base = base
    self.settings = settings
    span = trajectory.timeRange
    let simulator = IMUSimulator(
      motion: trajectory, rate: settings.rate, noise: settings.noise, seed: settings.seed)
    let frames = base.frames
    let from = max(
      (frames.first?.timestamp ?? span.lowerBound) - 1 / Self.frameRate(of: base),
      span.lowerBound - 1 / settings.rate)
    let to = min(frames.last?.timestamp ?? span.upperBound, span.upperBound)
    imu = to > from ? simulator.samples(after: from, through: to) : []
  }

  package var description: SequenceDescription {
    var description = base.description
    description.sensors.insert(.imu)
    let noise = settings.noise
    let note =
      "IMU synthesised from the ground truth by arscene dataset imu-from-groundtruth"
      + " (\(Self.shortest(settings.rate)) Hz, seed \(settings.seed), spline knots every"
      + " \(Self.shortest(settings.knotSpacing ?? 0)) s; bias sigma \(noise.accelerometerBiasSigma) m/s^2"
      + " and \(noise.gyroscopeBiasSigma) rad/s, noise sigma \(noise.accelerometerNoiseSigma) m/s^2"
      + " and \(noise.gyroscopeNoiseSigma) rad/s per sample)"
    description.provenance = [base.description.provenance, note].compactMap { $0 }.joined(
      separator: "; ")
    return description
  }
  package var problems: [String] {
    let outside = base.frames.filter { !span.contains($0.timestamp) }.count
    return base.problems
      + (outside > 0
        ? [
          "\(outside) of \(base.frames.count) frames lie outside the ground truth's time span:"
            + " they have no synthesised IMU samples"
        ] : [])
  }

  /// The frame with the samples after the previous frame, up to and
  /// including it.
  package func loadFrame(_ record: FrameRecord) throws(DatasetError) -> CapturedFrame {
    var frame = try base.loadFrame(record)
    let previous =
      record.index > 0 ? frames[record.index - 1].timestamp : -Double.infinity
    let start = imu.firstIndex(after: previous, by: \.timestamp)
    let end = imu.firstIndex(after: record.timestamp, by: \.timestamp)
    frame.imuSamples = start < end ? Array(imu[start..<end]) : []
    return frame
  }

  /// The sequence's frame rate, stated or from its frames' times.
  private static func frameRate(of base: any DatasetSequence) -> Double {
    if let rate = base.description.frameRate, rate > 0 { return rate }
    let frames = base.frames
    guard frames.count > 1, let first = frames.first, let last = frames.last,
      last.timestamp > first.timestamp
    else { return 30 }
    return Double(frames.count - 1) / (last.timestamp - first.timestamp)
  }

  /// 0.1 s, or one and a half times the ground truth's median pose interval
  /// when that is longer. Exact poses could take closer knots: on the
  /// synthetic walk's exact 30 Hz poses, knots every 0.2, 0.1, 0.067, 0.05
  /// and 0.033 s give back the rendered gyroscope within 0.109, 0.021,
  /// 0.0039, 0.0013 and 0.0003 rad/s RMS (the accelerometer within 0.82,
  /// 0.29, 0.097, 0.049 and 0.019 m/s^2). A real ground truth's jitter does
  /// not allow it: on the 7-Scenes kitchen (KinectFusion, 1-2 cm) the
  /// specific force's magnitude spreads by 3.2 m/s^2 (p99 21.7) with knots
  /// every 0.05 s, 0.88 (p99 12.3) every 0.1 s and 0.32 (p99 11.0) every
  /// 0.2 s; knots closer than the poses would follow nothing but the penalty.
  package static func defaultKnotSpacing(for poses: [TimedPose]) -> Double {
    let intervals = zip(poses, poses.dropFirst()).map { $1.timestamp - $0.timestamp }.sorted()
    let median = intervals.isEmpty ? 0 : intervals[intervals.count / 2]
    return max(0.1, 1.5 * median)
  }

  private static func worldUp(
    of base: any DatasetSequence, given: SIMD3<Double>?
  ) throws(DatasetError) -> SIMD3<Double> {
    if let given {
      let length = (given * given).sum().squareRoot()
      guard length.isFinite, length > 0 else {
        throw DatasetError("the world's up direction must be a non-zero vector")
      }
      return given / length
    }
    guard let gravity = base.description.gravity else {
      throw DatasetError(
        file: base.url.path,
        "states no gravity in its ground truth's world, so the IMU's gravity cannot be placed;"
          + " give the world's up direction (--world-up x,y,z)")
    }
    return -gravity
  }

  /// The shortest rotation taking unit vector a onto unit vector b.
  private static func rotation(taking a: SIMD3<Double>, to b: SIMD3<Double>) -> Quaternion {
    let axis = a.cross(b)
    let sine = (axis * axis).sum().squareRoot()
    let cosine = (a * b).sum()
    if sine < 1e-12 {
      return cosine > 0
        ? Quaternion(angle: 0, axis: SIMD3(1, 0, 0)) : Quaternion(angle: .pi, axis: SIMD3(1, 0, 0))
    }
    return Quaternion(angle: atan2(sine, cosine), axis: axis / sine)
  }

  private static func shortest(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(value)
  }
}
