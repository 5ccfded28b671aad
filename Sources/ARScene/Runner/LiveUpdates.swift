import Synchronization

/// A live source played through a ``SessionRunner`` on the wall clock (see
/// ``SessionRunner/updates(live:)``): one update every 1/60 s (the loop's
/// tick rate), with the frames that arrived since the previous tick, or the
/// camera predicted when none did.
///
/// Frames are taken from the source as they come, on a task of their own,
/// and wait for their tick. A tick that comes late (the app was busy) skips
/// the ticks whose time has passed, as a display skips refreshes it
/// missed; ``Tick/duration`` spans the gap. The first update waits for the
/// first frame. The iteration ends when the source ends (after a tick for
/// its last frames) or the iterating task is cancelled, and throws what the
/// source throws or what ``SessionRunner/tick(processing:)`` throws.
public struct LiveUpdates<Frames: AsyncSequence & Sendable>: AsyncSequence
where Frames.Element == CapturedFrame {
  /// One tick's update.
  public typealias Element = RunnerUpdate

  let runner: SessionRunner
  let frames: Frames

  /// Starts taking the source's frames; the first tick waits for one.
  public func makeAsyncIterator() -> Iterator {
    Iterator(runner: runner, frames: frames)
  }

  /// Steps through the ticks; owns the task that takes the source's frames.
  public struct Iterator: AsyncIteratorProtocol {
    /// One tick's update.
    public typealias Element = RunnerUpdate

    let pacer: Pacer

    init(runner: SessionRunner, frames: Frames) {
      pacer = Pacer(runner: runner, frames: frames)
    }

    /// Waits for the next tick's time and runs it; nil once the source has
    /// ended and its frames are ticked, or when the task is cancelled.
    public mutating func next() async throws -> RunnerUpdate? {
      try await pacer.nextTick()
    }
  }

  /// Frames received and not yet ticked, shared with the receiving task.
  final class Inbox: Sendable {
    struct Contents {
      var frames: [CapturedFrame] = []
      var isFinished = false
      var failure: (any Error)?
    }
    let contents = Mutex(Contents())
  }

  /// The state of one iteration; a class so that an iteration abandoned
  /// half way stops taking frames when it is let go.
  final class Pacer {
    private let runner: SessionRunner
    private let inbox = Inbox()
    private let receiver: Task<Void, Never>
    private let clock = ContinuousClock()
    private var start: ContinuousClock.Instant?
    /// How often an empty inbox is looked at before the first frame.
    private let idleWait: Duration

    init(runner: SessionRunner, frames: Frames) {
      self.runner = runner
      let inbox = self.inbox
      idleWait = .seconds(runner.loop.configuration.tickDuration)
      // The task holds the inbox, not the pacer: a pacer let go cancels it.
      receiver = Task { [inbox] in
        do {
          for try await frame in frames {
            inbox.contents.withLock { $0.frames.append(frame) }
          }
          inbox.contents.withLock { $0.isFinished = true }
        } catch {
          inbox.contents.withLock {
            $0.failure = error
            $0.isFinished = true
          }
        }
      }
    }

    deinit { receiver.cancel() }

    private var tickDuration: Duration { .seconds(runner.loop.configuration.tickDuration) }

    /// The frames waiting, taken; or why there will be none.
    private func takeFrames() throws -> (frames: [CapturedFrame], isFinished: Bool) {
      try inbox.contents.withLock { inbox in
        if let failure = inbox.failure, inbox.frames.isEmpty { throw failure }
        defer { inbox.frames.removeAll() }
        return (inbox.frames, inbox.isFinished)
      }
    }

    func nextTick() async throws -> RunnerUpdate? {
      do {
        guard let start else {
          // The loop's first tick needs a frame: wait for one.
          while true {
            let taken = try takeFrames()
            if !taken.frames.isEmpty {
              self.start = clock.now
              return try runner.tick(processing: taken.frames)
            }
            if taken.isFinished { return nil }
            try await clock.sleep(for: idleWait)
          }
        }
        let index = runner.loop.nextTickIndex
        let due = start + tickDuration * index
        if clock.now < due {
          try await clock.sleep(until: due)
        } else {
          // Late: the ticks whose time has passed never happen.
          let current = Int((clock.now - start) / tickDuration)
          if current > index { runner.loop.skipTicks(to: current) }
        }
        let taken = try takeFrames()
        if taken.frames.isEmpty, taken.isFinished { return nil }
        return try runner.tick(processing: taken.frames)
      } catch is CancellationError {
        receiver.cancel()
        return nil
      }
    }
  }
}

extension SessionRunner {
  /// Plays a live source through the runner on the wall clock, one update
  /// per tick of the loop (see ``LiveUpdates``):
  ///
  /// ```swift
  /// for try await update in runner.updates(live: camera.frames) {
  ///   draw(update.camera, runner.placement.objects)
  /// }
  /// ```
  public func updates<Frames: AsyncSequence & Sendable>(live frames: Frames) -> LiveUpdates<Frames>
  where Frames.Element == CapturedFrame {
    LiveUpdates(runner: self, frames: frames)
  }
}
