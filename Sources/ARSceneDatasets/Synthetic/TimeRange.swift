/// A stretch of a sequence, from the timestamp of its first frame to that of
/// its last, both included (so a single frame is a range with from == to).
public struct TimeRange: Equatable, Sendable {
  public var from: Double
  public var to: Double

  public init(from: Double, to: Double) {
    self.from = from
    self.to = to
  }

  public func contains(_ t: Double) -> Bool { from <= t && t <= to }

  /// The runs of consecutive frames for which `flags` holds, given each
  /// frame's timestamp.
  public static func runs(_ flags: [Bool], times: [Double]) -> [TimeRange] {
    var ranges: [TimeRange] = []
    var start: Int?
    for index in 0...flags.count {
      let on = index < flags.count && flags[index]
      if on, start == nil { start = index }
      if !on, let first = start {
        ranges.append(TimeRange(from: times[first], to: times[index - 1]))
        start = nil
      }
    }
    return ranges
  }
}
