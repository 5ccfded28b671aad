import ARScene
import Foundation

/// How a replay runs.
public struct ReplayOptions: Sendable {
  /// Stop after this many frames; nil replays them all. With several
  /// passes, each pass plays this many.
  public var maxFrames: Int?
  /// Play the frames this many times over in one session (`--loop`), each
  /// pass's timestamps continuing one frame period after the previous
  /// pass's last frame (see `ReplayTimeline`): a long run from a short
  /// sequence, with the session's memory and map carried across. 1 (the
  /// default) plays them once.
  public var passes: Int = 1
  /// The most passes a replay takes: a million passes of even a short
  /// sequence is days of replay, and counts of frames times passes stay far
  /// from overflowing.
  public static let maximumPasses = 1_000_000
  /// Put per-stage timings in the frame events. Off for byte-identical output.
  public var includeTimings: Bool = true
  /// Write a `tick` event with the camera for every tick of the loop.
  public var includeTicks: Bool = false
  /// Put the frame's feature points (`Frame.rawFeaturePoints`: the map
  /// points tracking followed, in the world, with their identifiers) in its
  /// frame event, as `featurePoints`. Off by default: hundreds of points a
  /// frame. Without depth they are what planes and estimated-plane
  /// raycasts are found from.
  public var includeFeaturePoints: Bool = false
  /// Pace the loop to the wall clock like a live camera: frames that arrive
  /// while the engine is still busy are dropped (only the newest is taken)
  /// and ticks that end after the next tick's deadline are counted as
  /// missed. Off (the default) runs on a virtual clock as fast as possible,
  /// processes every frame and is deterministic.
  public var isRealtime: Bool = false
  /// Threads the replay uses (`--threads`): with 2, frames are read and
  /// decoded on a second thread while the engine works on the one before
  /// (except with ``isRealtime``, which decodes while it waits for a tick);
  /// with 1, everything runs on the caller's thread. The events are the same
  /// either way. Defaults to 2 where the machine has two cores or more.
  public var threads: Int = ReplayOptions.defaultThreads
  /// 2 on a machine with two cores or more, else 1.
  public static var defaultThreads: Int {
    ProcessInfo.processInfo.activeProcessorCount >= 2 ? 2 : 1
  }
  /// Frames decoded ahead of the engine with two threads: enough to ride
  /// over one slow decode, few enough that memory stays small (a 640x480
  /// colour and depth frame is 1.5 MB).
  static let framesDecodedAhead = 3
  /// The coaching to run every tick; nil for none.
  public var coaching: ReplayCoaching? = ReplayCoaching()
  /// The loop's tunables (60 ticks a second by default).
  public var loop = LoopConfiguration()
  /// Taps, drags and turns performed on their ticks (placed objects).
  public var interactions: [ScriptedInteraction] = []
  /// Where to save the session's world map (keyframes, anchors, placed
  /// objects) after the last frame; nil saves none.
  public var worldMapDestination: URL? = nil
  /// Where to write the scene's mesh after the last frame (`.ply`, `.obj`
  /// or `.glb`); nil writes none. The configuration's
  /// `WorldTrackingConfiguration.sceneReconstruction` must not be none.
  public var meshDestination: URL? = nil
  /// With a mesh destination: compare the finished mesh's depth with the
  /// depth of every Nth frame whose pose was measured, from its camera
  /// (``MeshDepthAgreement``, in the summary); nil compares none.
  public var meshDepthCheckInterval: Int? = nil

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
