import Dispatch
import Foundation

/// Paces a `--realtime` replay: tick k is due `k` tick durations after the
/// clock started, on the wall clock.
final class WallClock {
  private let tickNanoseconds: Double
  private var start: UInt64?

  init(tickDuration: Double) {
    tickNanoseconds = tickDuration * 1e9
  }

  /// Sleeps until tick `index` is due; the first call starts the clock.
  func wait(forTick index: Int) {
    let now = DispatchTime.now().uptimeNanoseconds
    guard let start else {
      self.start = now
      return
    }
    let due = start + UInt64(Double(index) * tickNanoseconds)
    if due > now { usleep(useconds_t(min((due - now) / 1000, 1_000_000))) }
  }

  /// The tick whose time it is now on the wall clock; 0 before the start.
  func currentTick() -> Int {
    guard let start else { return 0 }
    return Int(Double(DispatchTime.now().uptimeNanoseconds - start) / tickNanoseconds)
  }
}
