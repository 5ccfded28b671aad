import Histogram

/// Latency percentiles of one stage, in milliseconds, and the mean: a stage
/// that runs on some frames only (image recognition) is budgeted by its
/// cost amortised over all frames.
public struct LatencyStatistics: Equatable, Sendable {
  public var p50: Double
  public var p90: Double
  public var p99: Double
  public var max: Double
  public var mean: Double
  public var count: Int
}

/// Collects latencies at microsecond resolution with three significant digits
/// (HdrHistogram), so percentiles cost the same however many frames ran.
struct LatencyRecorder {
  private var histogram = Histogram<UInt64>(
    highestTrackableValue: 60_000_000, numberOfSignificantValueDigits: .three)

  private var total = 0.0

  mutating func record(milliseconds: Double) {
    total += max(milliseconds, 0)
    let microseconds = UInt64((max(milliseconds, 0) * 1000).rounded())
    _ = histogram.record(min(microseconds, 60_000_000))
  }

  var statistics: LatencyStatistics {
    func ms(_ value: UInt64) -> Double { Double(value) / 1000 }
    return LatencyStatistics(
      p50: ms(histogram.valueAtPercentile(50)), p90: ms(histogram.valueAtPercentile(90)),
      p99: ms(histogram.valueAtPercentile(99)), max: ms(histogram.max),
      mean: histogram.totalCount > 0 ? total / Double(histogram.totalCount) : 0,
      count: Int(histogram.totalCount))
  }
}
