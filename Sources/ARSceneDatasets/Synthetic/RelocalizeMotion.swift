import Foundation

/// A walk that is interrupted: at the gap's start the frames and the IMU stop
/// (an app switch, a call) while the person carries the camera elsewhere;
/// at the gap's end they resume with the camera at `resumeAt`'s place of the
/// walk, from then on walking on from there.
///
/// Walk time runs with session time outside the gap, and jumps by
/// `resumeAt - gap.upperBound` across it along a smootherstep, so velocity
/// and acceleration (hence the IMU) are continuous at both ends of the gap;
/// what happens inside it is never rendered nor measured.
public struct RelocalizeMotion: CameraMotion {
  public var walk: HandheldWalk
  public var gap: ClosedRange<Double>
  /// The walk's time whose pose the camera has when the frames resume.
  public var resumeAt: Double

  public init(walk: HandheldWalk, gap: ClosedRange<Double>, resumeAt: Double) {
    self.walk = walk
    self.gap = gap
    self.resumeAt = resumeAt
  }

  /// How fast the interrupted walk goes round the room: faster than the plain
  /// walk, so that a few seconds of mapping see enough of the room to come
  /// back to, and the place it resumes at is far from where it stopped.
  public static let angularSpeed = 0.3

  /// The scenario's gap: 4 s (at most 40% of the sequence), centred.
  public static func gap(duration: Double) -> ClosedRange<Double> {
    ScenarioEvent(nominal: 4, maximumFraction: 0.4).interval(in: duration)
  }

  /// Where the walk resumes: `returns`, a place the camera saw early on,
  /// turned away from where it stopped by the arc walked since (at least
  /// 60 degrees and 1 m with the default gap); otherwise the opposite side
  /// of the room, looking at what the camera never saw.
  public static func resumeTime(gap: ClosedRange<Double>, returns: Bool) -> Double {
    returns ? min(0.25, gap.lowerBound / 4) : gap.lowerBound / 2 + Double.pi / angularSpeed
  }

  public func walkTime(at t: Double) -> Double {
    if t <= gap.lowerBound { return t }
    let jump = resumeAt - gap.upperBound
    if t >= gap.upperBound { return t + jump }
    let x = (t - gap.lowerBound) / (gap.upperBound - gap.lowerBound)
    let smootherstep = x * x * x * (x * (x * 6 - 15) + 10)
    return t + jump * smootherstep
  }

  public func pose(at t: Double) -> CameraPose { walk.pose(at: walkTime(at: t)) }
}
