import ARScene

/// The frames a replay plays, in order: the sequence's frames (up to
/// ``ReplayOptions/maxFrames``) played ``ReplayOptions/passes`` times over in
/// one session (`arscene replay --loop N`). Each pass after the first is
/// moved on in time so that its first frame comes one frame period after
/// the previous pass's last frame: timestamps keep increasing, and the
/// session sees one long recording (a soak test's half hour from an 18 s
/// orbit). Elements are the frames' records with their timestamps as
/// played; ``source(at:)`` gives the record as the sequence lists it.
struct ReplayTimeline: RandomAccessCollection, Sendable {
  /// One pass's frames, as the sequence lists them.
  let records: [FrameRecord]
  let passes: Int
  /// Seconds from one pass's first frame to the next pass's first frame:
  /// the pass's span plus one frame period.
  let passDuration: Double

  /// `passes` must be at least 1. `fallbackFrameRate` (the sequence's stated
  /// rate) gives the frame period when one pass has a single frame; without
  /// it, 30 frames a second.
  init(records: [FrameRecord], passes: Int, fallbackFrameRate: Double? = nil) {
    self.records = records
    self.passes = passes
    guard let first = records.first, let last = records.last, records.count > 1 else {
      let rate = fallbackFrameRate.flatMap { $0.isFinite && $0 > 0 ? $0 : nil } ?? 30
      passDuration = 1 / rate
      return
    }
    // The median interval, so that a pause in the recording (a relocalize
    // scenario's gap) does not stretch the seam between passes.
    let intervals = zip(records.dropFirst(), records).map { $0.timestamp - $1.timestamp }.sorted()
    passDuration = last.timestamp - first.timestamp + intervals[intervals.count / 2]
  }

  var startIndex: Int { 0 }
  var endIndex: Int { records.count * passes }

  /// The frame at `position` as played: the sequence's record with its
  /// timestamp moved on by its pass's offset.
  subscript(position: Int) -> FrameRecord {
    var record = source(at: position)
    let pass = pass(at: position)
    if pass > 0 { record.timestamp += offset(ofPass: pass) }
    return record
  }

  /// The frame at `position` as the sequence lists it.
  func source(at position: Int) -> FrameRecord { records[position % records.count] }

  /// Which pass `position` is in, from 0.
  func pass(at position: Int) -> Int { position / records.count }

  /// Seconds added to the timestamps of pass `pass`.
  func offset(ofPass pass: Int) -> Double { Double(pass) * passDuration }

  /// A decoded frame moved to where `position` plays it: its timestamp and
  /// its inertial samples moved on by its pass's offset. The first frame of
  /// a later pass gets the samples recorded after the sequence's last frame
  /// (moved on as the previous pass) and those up to its first frame (moved
  /// on as this pass), each after the previous frame, so that the seam has
  /// what inertial data the recording has. The first pass is left as it is.
  func place(_ frame: CapturedFrame, at position: Int, imu: [IMUSample]) -> CapturedFrame {
    let pass = pass(at: position)
    guard pass > 0 else { return frame }
    let shift = offset(ofPass: pass)
    var placed = frame
    placed.timestamp += shift
    guard position % records.count == 0, let first = records.first, let last = records.last else {
      placed.imuSamples = frame.imuSamples.map { Self.moved($0, by: shift) }
      return placed
    }
    let previousOffset = offset(ofPass: pass - 1)
    let previousFrameTime = last.timestamp + previousOffset
    let afterLast = imu.lazy.filter { $0.timestamp > last.timestamp }.map {
      Self.moved($0, by: previousOffset)
    }
    let upToFirst = imu.lazy.filter { $0.timestamp <= first.timestamp }.map {
      Self.moved($0, by: shift)
    }
    var samples: [IMUSample] = []
    for sample in Array(afterLast) + Array(upToFirst)
    where sample.timestamp > (samples.last?.timestamp ?? previousFrameTime)
      && sample.timestamp <= placed.timestamp
    {
      samples.append(sample)
    }
    placed.imuSamples = samples
    return placed
  }

  private static func moved(_ sample: IMUSample, by offset: Double) -> IMUSample {
    var moved = sample
    moved.timestamp += offset
    return moved
  }
}
