import ARScene
import Foundation

/// How a replay runs.
public struct ReplayOptions: Sendable {
  /// Stop after this many frames; nil replays them all. With several
  /// passes, each pass plays this many.
  public var maxFrames: Int?
  /// Play the frames this many times over in one session (`--loop`), each
  /// pass's timestamps continuing one frame period after the previous
  /// pass's last frame (see ``ReplayTimeline``): a long run from a short
  /// sequence, with the session's memory and map carried across. 1 (the
  /// default) plays them once.
  public var passes: Int = 1
  /// Put per-stage timings in the frame events. Off for byte-identical output.
  public var includeTimings: Bool = true
  /// Write a `tick` event with the camera for every tick of the loop.
  public var includeTicks: Bool = false
  /// Pace the loop to the wall clock like a live camera: frames that arrive
  /// while the engine is still busy are dropped (only the newest is taken)
  /// and ticks that end after the next tick's deadline are counted as
  /// missed. Off (the default) runs on a virtual clock as fast as possible,
  /// processes every frame and is deterministic.
  public var isRealtime: Bool = false
  /// The coaching to run every tick; nil for none.
  public var coaching: ReplayCoaching? = ReplayCoaching()
  /// The loop's tunables (60 ticks a second by default).
  public var loop = LoopConfiguration()
  /// Taps, drags and turns performed on their ticks (placed objects).
  public var interactions: [ScriptedInteraction] = []
  /// Where to save the session's world map (keyframes, anchors, placed
  /// objects) after the last frame; nil saves none.
  public var worldMapDestination: URL? = nil

  public init(
    maxFrames: Int? = nil, includeTimings: Bool = true, includeTicks: Bool = false,
    isRealtime: Bool = false, coaching: ReplayCoaching? = ReplayCoaching(),
    interactions: [ScriptedInteraction] = []
  ) {
    self.maxFrames = maxFrames
    self.includeTimings = includeTimings
    self.includeTicks = includeTicks
    self.isRealtime = isRealtime
    self.coaching = coaching
    self.interactions = interactions
  }
}
