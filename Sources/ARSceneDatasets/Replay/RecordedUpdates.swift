import ARScene

/// A recorded sequence played through a `SessionRunner` on a virtual
/// clock, as the updates of one tick after another (see
/// `SessionRunner/updates(replaying:maxFrames:)`).
///
/// Each step of the iteration runs the runner's next tick with the frames
/// due on it (a 30 Hz recording brings one every other tick of the 60 Hz
/// loop), so work happens as the loop asks for it, on the caller's thread:
/// the same sequence gives the same updates. The iteration ends after the
/// tick of the last frame. The next frames are read and decoded ahead on a
/// second thread (three at most), as `arscene replay` does.
public struct RecordedUpdates: AsyncSequence {
  public typealias Element = RunnerUpdate
  public typealias Failure = DatasetError

  let runner: SessionRunner
  let sequence: any DatasetSequence
  let records: [FrameRecord]

  public func makeAsyncIterator() -> Iterator {
    Iterator(player: Player(runner: runner, sequence: sequence, records: records))
  }

  public struct Iterator: AsyncIteratorProtocol {
    public typealias Element = RunnerUpdate
    public typealias Failure = DatasetError

    let player: Player

    public mutating func next() async throws(DatasetError) -> RunnerUpdate? {
      try player.nextTick()
    }

    public mutating func next(isolation actor: isolated (any Actor)?) async throws(DatasetError)
      -> RunnerUpdate?
    {
      try player.nextTick()
    }
  }

  /// The state of one iteration; a class so that an iteration abandoned
  /// half way stops the decoding thread when it is let go.
  final class Player {
    private let runner: SessionRunner
    private let records: [FrameRecord]
    private let prefetcher: FramePrefetcher
    /// The runner's tick that the first frame goes on; later frames follow
    /// at their time since the first.
    private var firstTick: Int?
    private var next = 0

    init(runner: SessionRunner, sequence: any DatasetSequence, records: [FrameRecord]) {
      self.runner = runner
      self.records = records
      prefetcher = FramePrefetcher(
        count: records.count, depth: ReplayOptions.framesDecodedAhead,
        decode: { position in try sequence.loadFrame(records[position]) })
    }

    deinit { prefetcher.stop() }

    /// The tick on which the frame at `position` is due.
    private func arrivalTick(at position: Int, firstTick: Int) -> Int {
      firstTick + runner.loop.tickIndex(dueAt: records[position].timestamp - records[0].timestamp)
    }

    func nextTick() throws(DatasetError) -> RunnerUpdate? {
      guard next < records.count else {
        prefetcher.stop()
        return nil
      }
      let tickIndex = runner.loop.nextTickIndex
      let firstTick = self.firstTick ?? tickIndex
      self.firstTick = firstTick
      var frames: [CapturedFrame] = []
      var positions: [Int] = []
      while next < records.count, arrivalTick(at: next, firstTick: firstTick) <= tickIndex {
        do {
          frames.append(try prefetcher.frame(at: next).frame)
        } catch let error as DatasetError {
          throw error
        } catch {
          throw DatasetError(file: records[next].colorPath, "\(error)")
        }
        positions.append(next)
        next += 1
      }
      let processedBefore = runner.loop.processedFrameCount
      do {
        return try runner.tick(processing: frames)
      } catch {
        let record = records[
          positions[
            Swift.min(runner.loop.processedFrameCount - processedBefore, positions.count - 1)]]
        throw DatasetError(rejected: record, error)
      }
    }
  }
}
