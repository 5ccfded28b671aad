/// How a replay runs.
public struct ReplayOptions: Sendable {
  /// Stop after this many frames; nil replays them all.
  public var maxFrames: Int?
  /// Put per-stage timings in the frame events. Off for byte-identical output.
  public var includeTimings: Bool = true
  /// Taps, drags and turns performed on their frames (placed objects).
  public var interactions: [ScriptedInteraction] = []

  public init(
    maxFrames: Int? = nil, includeTimings: Bool = true, interactions: [ScriptedInteraction] = []
  ) {
    self.maxFrames = maxFrames
    self.includeTimings = includeTimings
    self.interactions = interactions
  }
}
