/// What one tick of a ``SessionRunner`` did: the loop's tick (its frames,
/// the camera, the coaching) and what the placed objects did on it.
public struct RunnerUpdate: Sendable {
  /// The tick: its index, session time and camera (measured on a tick with
  /// a frame, predicted between frames).
  public var tick: Tick
  /// The frames processed on this tick, oldest first: usually none or one.
  public var frameUpdates: [FrameUpdate]
  /// Anchors changed by the tick itself, on ticks without a frame (image
  /// anchors whose tracking or grace period ended).
  public var anchorChanges: AnchorChanges
  /// The coaching's decision on this tick; nil for a runner without
  /// coaching.
  public var coaching: CoachingUpdate?
  /// What the placed objects did on this tick: settling, following a new
  /// raycast result, hidden while relocalizing, shown again.
  public var placementEvents: [PlacementEvent]

  /// An update with the given parts (no anchor changes or placement events
  /// unless given).
  public init(
    tick: Tick, frameUpdates: [FrameUpdate], anchorChanges: AnchorChanges = AnchorChanges(),
    coaching: CoachingUpdate?, placementEvents: [PlacementEvent] = []
  ) {
    self.tick = tick
    self.frameUpdates = frameUpdates
    self.anchorChanges = anchorChanges
    self.coaching = coaching
    self.placementEvents = placementEvents
  }

  /// The camera at this tick.
  public var camera: Camera { tick.camera }

  /// The coaching message to show now, when it changed on this tick:
  /// `.some(nil)` when the message was cleared, nil when nothing changed.
  public var changedCoachingMessage: CoachingMessage?? {
    guard let coaching, coaching.changed else { return nil }
    return .some(coaching.message)
  }

  /// Anchors added by this tick's frames, in order.
  public var addedAnchors: [any Anchor] { frameUpdates.flatMap(\.addedAnchors) }

  /// Anchors updated by this tick's frames and by the tick itself, in order.
  public var updatedAnchors: [any Anchor] {
    frameUpdates.flatMap(\.updatedAnchors) + anchorChanges.updated
  }

  /// Anchors removed by this tick's frames and by the tick itself, in order.
  public var removedAnchors: [AnchorRemoval] {
    frameUpdates.flatMap(\.removedAnchors) + anchorChanges.removed
  }
}
