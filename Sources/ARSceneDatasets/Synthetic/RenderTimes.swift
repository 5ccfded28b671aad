import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How long rendering took, frame by frame, in CPU time of the rendering
/// thread: what the frames cost on one core, whatever else the machine is
/// doing. Only reported, never written into a sequence, which stays
/// byte-identical.
public struct RenderTimes: Sendable {
  /// Milliseconds per frame, in frame order.
  public private(set) var milliseconds: [Double] = []

  public init() {}

  public var median: Double { percentile(0.5) }
  public var maximum: Double { milliseconds.max() ?? 0 }

  /// The value below which `fraction` of the frames fall (nearest rank).
  public func percentile(_ fraction: Double) -> Double {
    guard !milliseconds.isEmpty else { return 0 }
    let sorted = milliseconds.sorted()
    let rank = Int((fraction * Double(sorted.count)).rounded(.up)) - 1
    return sorted[min(max(rank, 0), sorted.count - 1)]
  }

  /// Runs body and records its CPU time.
  mutating func measure<T>(_ body: () throws -> T) rethrows -> T {
    let start = Self.threadCPUTime()
    let result = try body()
    milliseconds.append((Self.threadCPUTime() - start) * 1000)
    return result
  }

  private static func threadCPUTime() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
  }
}
