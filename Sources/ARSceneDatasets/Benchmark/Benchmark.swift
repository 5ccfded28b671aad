import ARScene
import Foundation

/// Measures the pipeline on a sequence: every core stage, the engine's whole
/// frame and, separately, image decoding (I/O, not counted in the frame).
///
/// Each repeat streams the sequence through a fresh session after `warmup`
/// unmeasured frames. Frames are decoded as they come (memory stays flat for
/// long sequences), between frames, as an app receives them from a camera:
/// decoding is timed on its own, never inside the frame, and never competes
/// with the engine's worker thread. After the repeats, one more pass plays
/// the sequence as `replay` does (with two ``threads``, decoding a few frames
/// ahead on a second thread): its wall clock, decoding, loop and placement
/// included, gives the replay's throughput.
/// Frames go through the 60 Hz `SessionLoop` with coaching, as in a
/// replay; the `loop` stage is the loop's own cost per tick (prediction and
/// coaching, frame processing left out), over every tick, with or without a
/// frame.
public struct Benchmark {
  public let sequence: any DatasetSequence
  public let configuration: WorldTrackingConfiguration
  public var repeats: Int
  /// The most repeats a benchmark takes (each is a whole pass over the
  /// sequence; frames times repeats stays far from overflowing).
  public static let maximumRepeats = 100_000
  public var warmupFrames: Int
  public var maxFrames: Int?
  /// Objects to place (on the lower half of the image, on the first
  /// normally tracked frame) and keep up every tick: adds the stages
  /// "placementTap" (per tap) and "placementTick" (per tick of the loop,
  /// with or without a frame), measured apart from the frame and the loop.
  /// 0 (the default) places nothing.
  public var placedObjects = 0
  /// 2 decodes frames on a second thread while the engine works, as a
  /// replay does; 1 decodes each before it is processed.
  public var threads = ReplayOptions.defaultThreads
  /// Measures the machine unit (``MachineUnit``) before the frames,
  /// between repeats and after them, and states every time in it too.
  /// false leaves it out (the report says so).
  public var measuresMachineUnit = true

  public init(
    sequence: any DatasetSequence, configuration: WorldTrackingConfiguration = .init(),
    repeats: Int = 3, warmupFrames: Int = 10, maxFrames: Int? = nil
  ) {
    self.sequence = sequence
    self.configuration = configuration.adopting(gravityOf: sequence).adopting(
      depthNoiseOf: sequence)
    self.repeats = repeats
    self.warmupFrames = warmupFrames
    self.maxFrames = maxFrames
  }

  /// Replays the sequence `repeats` times after the warm-up and times each
  /// stage, then once more as `replay` runs it. `progress` gets the frames
  /// done and the total over all passes. Throws ``DatasetError`` naming the
  /// frame that cannot be read or that the session rejects, or the setting
  /// out of range.
  public func run(progress: (Int, Int) -> Void = { _, _ in }) throws(DatasetError)
    -> BenchmarkReport
  {
    try DatasetError.wrapping { try measure(progress: progress) }
  }

  private func measure(progress: (Int, Int) -> Void) throws -> BenchmarkReport {
    guard (1...Self.maximumRepeats).contains(repeats) else {
      throw DatasetError("--repeat must be 1...\(Self.maximumRepeats), got \(repeats)")
    }
    guard warmupFrames >= 0 else {
      throw DatasetError("--warmup must be >= 0, got \(warmupFrames)")
    }
    let records = Array(sequence.frames.prefix(maxFrames ?? sequence.frames.count))
    guard !records.isEmpty else {
      throw DatasetError(file: sequence.url.path, "no frames to benchmark")
    }
    _ = try sequence.checkInertialInput(frames: records, trackingMode: configuration.trackingMode)

    var decode = LatencyRecorder()
    var stageOrder: [String] = []
    var stageRecorders: [String: LatencyRecorder] = [:]
    var whole = LatencyRecorder()
    var overBudget = 0
    // Worker results collected, and those the main path had to wait for.
    var workerCollections = 0
    var workerHoldUps = 0
    var engineSeconds = 0.0
    var loopCost = LatencyRecorder()
    var placementTap = LatencyRecorder()
    var placementTick = LatencyRecorder()
    var framesDone = 0
    let framesInAll = records.count * (repeats + 1)
    /// Plays the sequence once through a fresh loop, recording the stages
    /// when `measured`; returns the wall-clock seconds of the whole pass.
    func play(measured: Bool, decodeAhead: Int) throws -> Double {
      let loop = try makeLoop()
      var placement = placedObjects > 0 ? try PlacementLoad(count: placedObjects) : nil
      func place(after update: TickUpdate) {
        guard let step = placement?.step(after: update, session: loop.session) else { return }
        guard measured else { return }
        if let taps = step.taps { placementTap.record(milliseconds: taps) }
        placementTick.record(milliseconds: step.tick)
      }
      // Warm-up frames go through their own session so caches and allocations
      // are settled without leaving their timestamps in the measured one.
      let warmupSession = try makeLoop().session
      for record in records.prefix(warmupFrames) {
        _ = try process(try sequence.loadFrame(record), in: warmupSession)
      }
      let origin = records[0].timestamp
      let passStart = DispatchTime.now().uptimeNanoseconds
      let sequence = self.sequence
      let prefetcher = FramePrefetcher(
        count: records.count, depth: decodeAhead,
        decode: { try sequence.loadFrame(records[$0]) })
      defer { prefetcher.stop() }
      for (position, record) in records.enumerated() {
        let decoded = try prefetcher.frame(at: position)
        let frame = decoded.frame
        // Ticks without a frame (every other one at 30 Hz) cost only the
        // loop's own work: prediction and coaching.
        let due = loop.tickIndex(dueAt: record.timestamp - origin)
        while loop.nextTickIndex < due {
          let predicted = try tick(loop, processing: [])
          if measured { loopCost.record(milliseconds: predicted.loopMilliseconds) }
          place(after: predicted)
        }
        let start = DispatchTime.now().uptimeNanoseconds
        let tickUpdate = try tick(loop, processing: [frame])
        let elapsed = Self.milliseconds(since: start) - tickUpdate.loopMilliseconds
        place(after: tickUpdate)
        framesDone += 1
        progress(framesDone, framesInAll)
        guard measured else { continue }
        decode.record(milliseconds: decoded.milliseconds)
        loopCost.record(milliseconds: tickUpdate.loopMilliseconds)
        whole.record(milliseconds: elapsed)
        engineSeconds += elapsed / 1000
        if elapsed > BenchmarkReport.budgetMilliseconds { overBudget += 1 }
        for update in tickUpdate.frameUpdates {
          for stage in update.frame.timings {
            if stage.name == "workerWait" {
              workerCollections += 1
              if stage.milliseconds > BenchmarkReport.holdUpMilliseconds { workerHoldUps += 1 }
            }
            if stageRecorders[stage.name] == nil { stageOrder.append(stage.name) }
            stageRecorders[stage.name, default: LatencyRecorder()].record(
              milliseconds: stage.milliseconds)
          }
        }
      }
      return Self.milliseconds(since: passStart) / 1000
    }
    // The engine is timed as an app runs it: frames arrive decoded (by the
    // camera), so decoding is done between frames and never competes with
    // the engine's worker thread. The unit is sampled around every repeat,
    // on the same thread, while no session runs.
    var unitSampler = MachineUnitSampler()
    if measuresMachineUnit { try unitSampler.checkpoint() }
    for _ in 0..<repeats {
      _ = try play(measured: true, decodeAhead: 0)
      if measuresMachineUnit { try unitSampler.checkpoint() }
    }
    // Then one pass as `replay` runs: with two threads, decoding overlaps
    // the engine; its wall clock gives the replay's throughput.
    let replaySeconds = try play(
      measured: false, decodeAhead: threads > 1 ? ReplayOptions.framesDecodedAhead : 0)

    var stages =
      [("decode", decode.statistics)] + stageOrder.map { ($0, stageRecorders[$0]!.statistics) }
      + [("loop", loopCost.statistics)]
    if placedObjects > 0 {
      stages += [
        ("placementTap", placementTap.statistics), ("placementTick", placementTick.statistics),
      ]
    }
    let wholeStatistics = whole.statistics
    return BenchmarkReport(
      sequenceName: sequence.description.name, frames: records.count, repeats: repeats,
      stages: stages.map { (name: $0.0, statistics: $0.1) }, frame: wholeStatistics,
      framesPerSecond: engineSeconds > 0 ? Double(wholeStatistics.count) / engineSeconds : 0,
      overBudget: overBudget, workerCollections: workerCollections,
      workerHoldUps: workerHoldUps, threads: threads,
      replayFramesPerSecond: replaySeconds > 0
        ? Double(records.count) / replaySeconds : 0,
      peakMemoryMegabytes: PeakMemory.megabytes, machineUnit: unitSampler.unit)
  }

  /// A loop with the coaching a replay runs, so its cost is measured too.
  private func makeLoop() throws -> SessionLoop {
    do {
      let coaching = try CoachingController(
        goal: ReplayCoaching().goal(for: configuration.planeDetection))
      return try SessionLoop(session: try Session(configuration: configuration), coaching: coaching)
    } catch {
      throw DatasetError("configuration: \(error.message)")
    }
  }

  private func tick(_ loop: SessionLoop, processing frames: [CapturedFrame]) throws -> TickUpdate {
    do { return try loop.tick(processing: frames) } catch {
      throw DatasetError("frame at \(frames.first?.timestamp ?? 0) s: \(error.message)")
    }
  }

  private func process(_ frame: CapturedFrame, in session: Session) throws -> FrameUpdate {
    do { return try session.process(frame) } catch {
      throw DatasetError("frame at \(frame.timestamp) s: \(error.message)")
    }
  }

  private static func milliseconds(since start: UInt64) -> Double {
    Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
  }
}
