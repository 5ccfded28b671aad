import ARScene
import Foundation

/// What makes a recording's IMU unusable for visual-inertial tracking, found
/// before the replay starts: the metric scale would otherwise come out
/// silently wrong (an accelerometer in g makes every motion 9.81 times too
/// small), or never at all. Each problem is one sentence naming the file.
///
/// RGB-D tracking uses the accelerometer for gravity's direction only, which
/// none of these spoil; so the check applies where the IMU drives tracking
/// (see ``Replay``).
public enum IMUCheck {
  /// Frames outside the IMU's span are tracked without it; more than this
  /// share of them is a stream on another clock, or of another recording.
  public static let maximumUncoveredShare = 0.1
  /// The slowest IMU visual-inertial tracking takes (phones record 100 Hz and
  /// more; EuRoC 200 Hz).
  public static let minimumRate = 50.0
  /// A gap longer than this many of the IMU's median intervals, and than
  /// `minimumGapSeconds`, is a hole in the stream, not jitter.
  public static let gapIntervals = 5.0
  public static let minimumGapSeconds = 0.05
  /// The accelerometer's median magnitude, m/s^2: gravity (9.81) plus or
  /// minus what a hand or a vehicle adds. Near 1 it is in g.
  public static let plausibleAcceleration = 4.9...19.6
  public static let accelerationInG = 0.5...2.0
  /// The gyroscope's median rate above this (rad/s, about 170 degrees a
  /// second, sustained) is a unit mistake: degrees per second.
  public static let maximumMedianRotationRate = 3.0

  /// The problems of `imu` (time-ordered) for frames at `frameTimes`
  /// (increasing), worst first; empty when it is usable. `file` names the
  /// IMU's file in the messages. A few frames at either end outside the
  /// IMU's span are no problem but a warning (``warnings(of:frameTimes:file:)``).
  public static func problems(
    of imu: [IMUSample], frameTimes: [Double], file: String
  ) -> [String] {
    guard imu.count >= 2 else {
      return [
        "\(file): \(imu.count) IMU sample\(imu.count == 1 ? "" : "s"); visual-inertial tracking needs a stream of them"
      ]
    }
    let interval = medianInterval(imu)
    var found: [String] = []
    if let problem = rateProblem(interval: interval, file: file) { found.append(problem) }
    if let problem = gapProblem(imu, interval: interval, file: file) { found.append(problem) }
    if let (problem, share) = coverageProblem(
      imu, interval: interval, frameTimes: frameTimes, file: file),
      share > maximumUncoveredShare
    {
      found.append(problem)
    }
    if let problem = accelerometerProblem(imu, file: file) { found.append(problem) }
    if let problem = gyroscopeProblem(imu, file: file) { found.append(problem) }
    return found
  }

  /// What is worth saying about a usable IMU: frames at either end that it
  /// does not reach, tracked without it.
  public static func warnings(
    of imu: [IMUSample], frameTimes: [Double], file: String
  ) -> [String] {
    guard imu.count >= 2,
      let (problem, share) = coverageProblem(
        imu, interval: medianInterval(imu), frameTimes: frameTimes, file: file),
      share <= maximumUncoveredShare
    else { return [] }
    return [problem + "; they are tracked without it"]
  }

  /// The median time between samples, in seconds (0 without two samples).
  private static func medianInterval(_ imu: [IMUSample]) -> Double {
    zip(imu.dropFirst(), imu).map { $0.timestamp - $1.timestamp }.median ?? 0
  }

  private static func rateProblem(interval: Double, file: String) -> String? {
    // A thousandth of slack: 50 Hz's 0.02 s interval is 49.99... Hz in binary.
    guard interval > 0, interval > 1.001 / minimumRate else { return nil }
    return "\(file): the IMU records \(format(1 / interval)) samples a second;"
      + " visual-inertial tracking needs at least \(format(minimumRate)) Hz"
  }

  private static func gapProblem(_ imu: [IMUSample], interval: Double, file: String) -> String? {
    let limit = max(gapIntervals * interval, minimumGapSeconds)
    guard
      let (after, before) = zip(imu.dropFirst(), imu).first(where: {
        $0.timestamp - $1.timestamp > limit
      })
    else { return nil }
    return
      "\(file): no IMU sample from \(seconds(before.timestamp)) s to \(seconds(after.timestamp)) s"
      + " (a gap of \(format(after.timestamp - before.timestamp)) s where the IMU's interval is"
      + " \(format(interval)) s)"
  }

  /// The frames outside the IMU's span, said, and their share of all.
  private static func coverageProblem(
    _ imu: [IMUSample], interval: Double, frameTimes: [Double], file: String
  ) -> (String, Double)? {
    guard let first = frameTimes.first, let last = frameTimes.last,
      let start = imu.first?.timestamp, let end = imu.last?.timestamp
    else { return nil }
    let slack = max(2 * interval, minimumGapSeconds)
    let uncovered = frameTimes.filter { $0 < start - slack || $0 > end + slack }.count
    guard uncovered > 0 else { return nil }
    let share = Double(uncovered) / Double(frameTimes.count)
    let message =
      "\(file): the IMU's samples span \(seconds(start))...\(seconds(end)) s but the frames"
      + " \(seconds(first))...\(seconds(last)) s: \(uncovered) frame\(uncovered == 1 ? " has" : "s have")"
      + " no IMU around \(uncovered == 1 ? "its" : "their") time"
      + (share > maximumUncoveredShare ? " (another clock?)" : "")
    return (message, share)
  }

  private static func accelerometerProblem(_ imu: [IMUSample], file: String) -> String? {
    guard let magnitude = imu.map({ magnitude($0.acceleration) }).median else {
      return nil
    }
    if accelerationInG.contains(magnitude) {
      return "\(file): the accelerometer's median magnitude is \(format(magnitude)): in g rather"
        + " than m/s^2 (gravity reads 9.81 m/s^2; multiply by 9.81)"
    }
    guard !plausibleAcceleration.contains(magnitude) else { return nil }
    return "\(file): the accelerometer's median magnitude is \(format(magnitude)) m/s^2, not near"
      + " gravity's 9.81: not a specific force in m/s^2"
  }

  private static func gyroscopeProblem(_ imu: [IMUSample], file: String) -> String? {
    if imu.allSatisfy({ $0.rotationRate == .zero }) {
      return "\(file): the IMU has no gyroscope (every rotation rate is 0); visual-inertial"
        + " tracking needs one (--tracking monocular tracks without the IMU)"
    }
    guard let rate = imu.map({ magnitude($0.rotationRate) }).median,
      rate > maximumMedianRotationRate
    else { return nil }
    return "\(file): the gyroscope's median rate is \(format(rate)), over"
      + " \(format(maximumMedianRotationRate)) rad/s all the time: in degrees per second rather"
      + " than radians per second?"
  }

  private static func magnitude(_ v: SIMD3<Float>) -> Double {
    Double((v * v).sum()).squareRoot()
  }

  /// Three significant digits.
  private static func format(_ value: Double) -> String {
    String(format: "%.3g", value)
  }

  /// A time on the recording's clock, to the millisecond.
  private static func seconds(_ value: Double) -> String {
    String(format: "%.3f", value)
  }
}
