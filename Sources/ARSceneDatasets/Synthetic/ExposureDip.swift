import Foundation

/// The light of the dark scenario: full exposure, then a smooth fade to
/// near black over the first quarter of the event, darkness, and a smooth
/// recovery over the last quarter. Gain changes linearly in log space, as a
/// dimmer appears to the eye and an auto-exposure loop behaves.
package struct ExposureDip: Equatable, Sendable {
  /// The gain at the bottom of the dip (1 = nominal exposure).
  package var floor = 0.02
  package var interval: ClosedRange<Double>

  package init(interval: ClosedRange<Double>, floor: Double = 0.02) {
    self.interval = interval
    self.floor = floor
  }

  /// Exposure gain at t, in [floor, 1].
  package func gain(at t: Double) -> Double {
    let length = interval.upperBound - interval.lowerBound
    guard length > 0, interval.contains(t) else { return 1 }
    let ramp = length / 4
    let depth: Double
    if t < interval.lowerBound + ramp {
      depth = smoothstep((t - interval.lowerBound) / ramp)
    } else if t > interval.upperBound - ramp {
      depth = smoothstep((interval.upperBound - t) / ramp)
    } else {
      depth = 1
    }
    return exp(log(floor) * depth)
  }

  private func smoothstep(_ x: Double) -> Double {
    let s = min(max(x, 0), 1)
    return s * s * (3 - 2 * s)
  }
}
