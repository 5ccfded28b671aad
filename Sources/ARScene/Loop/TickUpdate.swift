/// What one tick of the ``SessionLoop`` did.
public struct TickUpdate: Sendable {
  /// The tick: its number, time and camera.
  public var tick: Tick
  /// The frames processed on this tick, oldest first: usually none or one
  /// (a 30 Hz camera brings one every other tick).
  public var frameUpdates: [FrameUpdate]
  /// Anchors changed by the tick itself, on ticks without a frame: image
  /// anchors that stopped being tracked or whose grace period ended.
  public var anchorChanges: AnchorChanges
  /// The coaching's decision on this tick, when the loop has coaching.
  public var coaching: CoachingUpdate?
  /// Wall time the loop spent on its own work (prediction, coaching, and
  /// whatever else advances per tick), without processing frames. Varies
  /// from run to run; it is a measurement, not a result.
  public var loopMilliseconds: Double

  /// An update from its parts; no anchor changes unless given.
  public init(
    tick: Tick, frameUpdates: [FrameUpdate], anchorChanges: AnchorChanges = AnchorChanges(),
    coaching: CoachingUpdate?, loopMilliseconds: Double
  ) {
    self.tick = tick
    self.frameUpdates = frameUpdates
    self.anchorChanges = anchorChanges
    self.coaching = coaching
    self.loopMilliseconds = loopMilliseconds
  }
}
