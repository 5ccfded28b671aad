/// Pairs each colour frame with the depth image nearest in time, as TUM's
/// `associate.py` does: the Kinect's two cameras are not synchronised, so
/// their timestamps differ by a few milliseconds.
enum DepthAssociation {
  /// `associate.py`'s default maximum difference, seconds.
  static let tolerance = 0.02

  /// For each of `times` (sorted), the index in `candidates` (sorted) of the
  /// nearest candidate no more than `tolerance` away, or nil. A candidate may
  /// serve several times.
  static func nearest(
    to times: [Double], in candidates: [Double], tolerance: Double = tolerance
  ) -> [Int?] {
    var next = 0  // first candidate not before the current time
    return times.map { time in
      while next < candidates.count, candidates[next] < time { next += 1 }
      let around = [next - 1, next].filter { candidates.indices.contains($0) }
      guard let best = around.min(by: { abs(candidates[$0] - time) < abs(candidates[$1] - time) })
      else { return nil }
      return abs(candidates[best] - time) <= tolerance ? best : nil
    }
  }
}
