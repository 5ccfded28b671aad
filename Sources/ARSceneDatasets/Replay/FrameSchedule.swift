import ARScene

/// The tick at which each frame of a replay is due: the first tick at or
/// after the frame's time since the first frame.
struct FrameSchedule {
  /// The longest pause between two frames the loop ticks through; beyond it
  /// the timestamps are almost surely not seconds.
  static let maximumGap = 3600.0

  let arrivalTicks: [Int]

  /// Throws when two neighbouring frames are so far apart that ticking
  /// through the pause would take long for nothing.
  init(records: [FrameRecord], loop: SessionLoop) throws {
    guard let first = records.first else {
      arrivalTicks = []
      return
    }
    var ticks: [Int] = []
    ticks.reserveCapacity(records.count)
    var previous = first
    for record in records {
      let gap = record.timestamp - previous.timestamp
      if gap.isFinite, gap > Self.maximumGap {
        throw DatasetError(
          file: record.colorPath,
          "frame \(record.index) at \(record.timestamp) s comes \(gap) s after frame"
            + " \(previous.index): over \(Int(Self.maximumGap)) s without a frame."
            + " Are the timestamps in seconds?")
      }
      ticks.append(loop.tickIndex(dueAt: record.timestamp - first.timestamp))
      previous = record
    }
    arrivalTicks = ticks
  }
}
