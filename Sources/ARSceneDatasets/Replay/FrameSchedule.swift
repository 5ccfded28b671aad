import ARScene

/// The tick at which each frame of a replay is due: the first tick at or
/// after the frame's time since the first frame.
struct FrameSchedule {
  /// The longest pause between two frames the loop ticks through; beyond it
  /// the timestamps are almost surely not seconds.
  static let maximumGap = 3600.0

  private let timeline: ReplayTimeline
  private let loop: SessionLoop

  /// Throws when two neighbouring frames are so far apart that ticking
  /// through the pause would take long for nothing. One pass is checked:
  /// passes follow each other one frame period apart.
  init(timeline: ReplayTimeline, loop: SessionLoop) throws {
    self.timeline = timeline
    self.loop = loop
    guard var previous = timeline.records.first else { return }
    for record in timeline.records {
      let gap = record.timestamp - previous.timestamp
      if gap.isFinite, gap > Self.maximumGap {
        throw DatasetError(
          file: record.colorPath,
          "frame \(record.index) at \(record.timestamp) s comes \(gap) s after frame"
            + " \(previous.index): over \(Int(Self.maximumGap)) s without a frame."
            + " Are the timestamps in seconds?")
      }
      previous = record
    }
  }

  /// The tick on which the frame at `position` of the timeline is due;
  /// computed when asked, so a long looped replay keeps no table.
  func arrivalTick(at position: Int) -> Int {
    loop.tickIndex(dueAt: timeline[position].timestamp - timeline.records[0].timestamp)
  }
}
