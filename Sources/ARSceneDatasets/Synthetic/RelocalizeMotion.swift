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
package struct RelocalizeMotion: CameraMotion {
  package var walk: HandheldWalk
  package var gap: ClosedRange<Double>
  /// The walk's time whose pose the camera has when the frames resume.
  package var resumeAt: Double

  package init(walk: HandheldWalk, gap: ClosedRange<Double>, resumeAt: Double) {
    self.walk = walk
    self.gap = gap
    self.resumeAt = resumeAt
  }

  /// How fast the interrupted walk goes round the room: faster than the plain
  /// walk, so that a few seconds of mapping see enough of the room to come
  /// back to, and the place it resumes at is far from where it stopped.
  package static let angularSpeed = 0.3

  /// The scenario's gap: 4 s (at most 40% of the sequence), centred.
  package static func gap(duration: Double) -> ClosedRange<Double> {
    ScenarioEvent(nominal: 4, maximumFraction: 0.4).interval(in: duration)
  }

  /// The relocalize scenario's walk: it resumes at a place the camera saw
  /// early on, still looking at the room's middle, turned away from where it
  /// stopped by the arc walked since (at least 60 degrees and 1 m with the
  /// default gap), so what it sees after the gap is a part of the map.
  package static func returning(walk: HandheldWalk, gap: ClosedRange<Double>) -> RelocalizeMotion {
    RelocalizeMotion(walk: walk, gap: gap, resumeAt: min(0.25, gap.lowerBound / 4))
  }

  /// The relocalize-elsewhere scenario's walk: during the gap the person
  /// turns around (half a turn about the vertical, eased in and out by
  /// ``SpinningMotion``), so after it the camera looks away from the room's
  /// middle, at walls that were behind it all the while before the gap: it
  /// never sees a mapped place again, and a relocalizer that answers is wrong.
  ///
  /// Before the gap the walk looks inwards and sees the far side of the room;
  /// looking outwards, it sees the wall nearest the circle, so the views do
  /// not overlap as long as the walk after the gap stays on (or near) the
  /// arc walked before it. It resumes so that the arc it walks after the gap
  /// (`duration` is the sequence's) is centred on the circle's crossing of
  /// the +x axis: the room is longest along x, so there the wall it faces is
  /// farthest from the circle, at least 0.65 m on every drawn path. Every
  /// drawn path stays clear of its pre-gap views in sequences up to 12 s
  /// (360 frames at 30 Hz), the default path up to 17 s; in longer ones the
  /// walk before the gap has seen so much of the room that no wall is left
  /// behind it.
  package static func turningAway(
    walk: HandheldWalk, gap: ClosedRange<Double>, duration: Double
  ) -> SpinningMotion {
    let afterGap = max(duration - gap.upperBound, 0)
    let resumeAt =
      (Double.pi / 2 - walk.path.startAngle) / walk.path.angularSpeed - afterGap / 2
    return SpinningMotion(
      base: RelocalizeMotion(walk: walk, gap: gap, resumeAt: resumeAt),
      start: gap.lowerBound, end: gap.upperBound, turn: .pi)
  }

  package func walkTime(at t: Double) -> Double {
    if t <= gap.lowerBound { return t }
    let jump = resumeAt - gap.upperBound
    if t >= gap.upperBound { return t + jump }
    let x = (t - gap.lowerBound) / (gap.upperBound - gap.lowerBound)
    let smootherstep = x * x * x * (x * (x * 6 - 15) + 10)
    return t + jump * smootherstep
  }

  package func pose(at t: Double) -> CameraPose { walk.pose(at: walkTime(at: t)) }
}
