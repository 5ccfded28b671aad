import Foundation

/// Per-stage latencies of a benchmark run, as a table and as JSON.
public struct BenchmarkReport: Sendable {
  public var sequenceName: String
  public var frames: Int
  public var repeats: Int
  /// Stage name to statistics, in pipeline order (`decode` first).
  public var stages: [(name: String, statistics: LatencyStatistics)]
  /// The engine's whole frame (`Session/process(_:)`), decoding excluded.
  public var frame: LatencyStatistics
  /// Frames the engine processed per second of its own time.
  public var framesPerSecond: Double
  /// Frames whose engine time exceeded the 60 Hz budget.
  public var overBudget: Int
  /// Results of the session's workers (image work, map keyframes) collected
  /// by the main path, each in the frame after its own (a fixed offset),
  /// and how many of them it had to wait for longer than
  /// ``holdUpMilliseconds`` (stage `workerWait` has the times).
  public var workerCollections: Int
  public var workerHoldUps: Int
  /// Threads the run used (see ``Benchmark/threads``).
  public var threads: Int
  /// Frames replayed per second of wall-clock time, decoding included: what
  /// `arscene replay` achieves on this sequence.
  public var replayFramesPerSecond: Double
  /// The process's peak resident memory at the end of the run.
  public var peakMemoryMegabytes: Double
  /// The machine unit measured in the same run; nil when it was left out
  /// (`--no-unit`).
  public var machineUnit: MachineUnit?
  public static let budgetMilliseconds = 1000.0 / 60.0
  /// A collection that takes longer than this waited for the worker.
  public static let holdUpMilliseconds = 0.1
  /// Frames after their own that worker results join.
  public static let workerJoinOffsetFrames = 1

  public var table: String {
    var lines = [
      "Benchmark of \(sequenceName): \(frames) frames x \(repeats) repeats (milliseconds)",
      pad("stage", 18)
        + ["p50", "p90", "p99", "max", "mean"].map { pad($0, 9, left: true) }.joined(),
    ]
    for (name, statistics) in stages { lines.append(row(name, statistics)) }
    lines.append(row("frame (engine)", frame))
    lines.append(
      String(
        format: "%.1f frames/s; %d of %d frames over the %.1f ms budget (decoding excluded)",
        framesPerSecond, overBudget, frame.count, Self.budgetMilliseconds))
    if workerCollections > 0 {
      lines.append(
        "workers: results join \(Self.workerJoinOffsetFrames) frame after their own;"
          + " \(workerHoldUps) of \(workerCollections) collections waited for the worker"
          + String(format: " (over %.1f ms)", Self.holdUpMilliseconds))
    }
    lines.append(
      String(format: "replay: %.1f frames/s, decoding included", replayFramesPerSecond)
        + " (\(threads == 1 ? "1 thread" : "\(threads) threads"));"
        + String(format: " peak memory %.0f MB", peakMemoryMegabytes))
    lines += unitLines
    return lines.joined(separator: "\n")
  }

  /// The unit, a warning when the machine's speed changed, and every
  /// stage's percentiles in units.
  private var unitLines: [String] {
    guard let unit = machineUnit else {
      return ["machine unit: not measured (--no-unit); the times above are in milliseconds only"]
    }
    var lines = [unit.summary]
    if let warning = unit.speedWarning { lines.append(warning) }
    lines.append(
      pad("stage (units)", 18)
        + ["p50", "p90", "p99", "max"].map { pad($0, 9, left: true) }.joined())
    for (name, statistics) in stages + [("frame (engine)", frame)] {
      lines.append(
        pad(name, 18)
          + unitPercentiles(statistics, unit).map { pad(String(format: "%.3f", $0), 9, left: true) }
          .joined())
    }
    return lines
  }

  private func unitPercentiles(_ s: LatencyStatistics, _ unit: MachineUnit) -> [Double] {
    [s.p50, s.p90, s.p99, s.max].map(unit.units)
  }

  public var json: String {
    func stats(_ s: LatencyStatistics) -> JSONLine {
      var line = JSONLine()
      line.add("p50", s.p50, decimals: 3)
      line.add("p90", s.p90, decimals: 3)
      line.add("p99", s.p99, decimals: 3)
      line.add("max", s.max, decimals: 3)
      line.add("mean", s.mean, decimals: 3)
      return line
    }
    var stageObject = JSONLine()
    for (name, statistics) in stages { stageObject.add(name, stats(statistics)) }
    var root = JSONLine()
    root.add("sequence", sequenceName)
    root.add("frames", frames)
    root.add("repeats", repeats)
    root.add("stages", stageObject)
    root.add("frame", stats(frame))
    root.add("fps", framesPerSecond, decimals: 1)
    root.add("overBudget", overBudget)
    root.add("workerJoinOffsetFrames", Self.workerJoinOffsetFrames)
    root.add("workerCollections", workerCollections)
    root.add("workerHoldUps", workerHoldUps)
    root.add("threads", threads)
    root.add("replayFps", replayFramesPerSecond, decimals: 1)
    root.add("peakMemoryMB", peakMemoryMegabytes, decimals: 1)
    // The unit and, beside the milliseconds above, the same percentiles in
    // units (kept apart so the millisecond objects keep their shape).
    if let machineUnit {
      root.add("machineUnit", machineUnit.json)
      func inUnits(_ s: LatencyStatistics) -> JSONLine {
        var line = JSONLine()
        for (key, value) in zip(["p50", "p90", "p99", "max"], unitPercentiles(s, machineUnit)) {
          line.add(key, value, decimals: 4)
        }
        return line
      }
      var stageUnits = JSONLine()
      for (name, statistics) in stages { stageUnits.add(name, inUnits(statistics)) }
      root.add("stagesInUnits", stageUnits)
      root.add("frameInUnits", inUnits(frame))
    } else {
      root.addNull("machineUnit")
    }
    return root.text
  }

  private func row(_ name: String, _ s: LatencyStatistics) -> String {
    pad(name, 18)
      + [s.p50, s.p90, s.p99, s.max, s.mean].map { pad(String(format: "%.3f", $0), 9, left: true) }
      .joined()
  }

  private func pad(_ text: String, _ width: Int, left: Bool = false) -> String {
    let padding = String(repeating: " ", count: max(width - text.count, 0))
    return left ? padding + text : text + padding
  }
}
