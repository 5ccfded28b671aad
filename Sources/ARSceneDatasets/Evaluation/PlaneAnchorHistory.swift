/// The plane anchors alive on each processed frame, in frame order: the
/// engine's side of the plane evaluation. A replay fills it with one
/// ``record(time:anchors:)`` per frame.
public struct PlaneAnchorHistory: Sendable {
  public struct Frame: Sendable {
    /// The frame's timestamp, seconds, on the sequence's clock.
    public var time: Double
    public var anchors: [PlaneAnchorRecord]
  }

  public private(set) var frames: [Frame] = []

  public init() {}

  /// Adds a frame; times must increase.
  public mutating func record(time: Double, anchors: [PlaneAnchorRecord]) {
    precondition(frames.last.map { $0.time < time } ?? true, "plane anchor frames out of order")
    frames.append(Frame(time: time, anchors: anchors))
  }

  /// Every anchor id that ever appeared, in order of first appearance.
  public var anchorIDs: [String] {
    var seen = Set<String>()
    var ids: [String] = []
    for frame in frames {
      for anchor in frame.anchors where seen.insert(anchor.id).inserted { ids.append(anchor.id) }
    }
    return ids
  }

  /// The anchors of the last frame: the plane map after every merge.
  public var finalAnchors: [PlaneAnchorRecord] { frames.last?.anchors ?? [] }
}
