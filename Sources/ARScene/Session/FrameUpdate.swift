/// Everything one call to ``Session/process(_:)`` produced.
///
/// Anchor changes are relative to the previous update, like the
/// `session(_:didAdd:)`, `didUpdate` and `didRemove` callbacks of ARKit's
/// `ARSessionDelegate`: an anchor appears in ``addedAnchors`` once, in
/// ``updatedAnchors`` whenever it changed meaningfully (pose, extent,
/// boundary or class), and in ``removedAnchors`` once, at the end.
public struct FrameUpdate: Sendable {
  /// The processed frame: its camera, light and statistics, like ARKit's `ARFrame`.
  public var frame: Frame
  /// Every anchor after this frame, like ARKit's `ARFrame.anchors`.
  public var anchors: [any Anchor]
  /// Anchors first reported in this frame.
  public var addedAnchors: [any Anchor]
  /// Anchors that changed in this frame, in their new state.
  public var updatedAnchors: [any Anchor]
  /// Anchors that left in this frame, each as last reported, with the
  /// anchor that absorbed it when two turned out to be one surface.
  public var removedAnchors: [AnchorRemoval]
  /// Set on the frame where the camera was found again after a loss or an
  /// interruption: tracking goes on in the same world.
  public var relocalization: Relocalization?
  /// Set when the session started over by itself after this frame; the
  /// next frame begins a new world.
  public var reset: SessionReset?
  /// Set when a loop closure corrected the map before this frame (see
  /// ``WorldTrackingConfiguration/isLoopClosureEnabled``): the camera, the
  /// plane anchors (in ``updatedAnchors``) and what is placed on them moved
  /// with the map, each by the correction of the part of the map it was
  /// last seen in.
  public var isMapCorrected = false
  /// Loops closed in this session so far.
  public var loopClosures = 0

  /// An update from its parts; no anchors, relocalization or reset unless given.
  public init(
    frame: Frame, anchors: [any Anchor] = [], addedAnchors: [any Anchor] = [],
    updatedAnchors: [any Anchor] = [], removedAnchors: [AnchorRemoval] = [],
    relocalization: Relocalization? = nil, reset: SessionReset? = nil
  ) {
    self.frame = frame
    self.anchors = anchors
    self.addedAnchors = addedAnchors
    self.updatedAnchors = updatedAnchors
    self.removedAnchors = removedAnchors
    self.relocalization = relocalization
    self.reset = reset
  }

  /// The plane anchors among ``anchors``.
  public var planeAnchors: [PlaneAnchor] { anchors.compactMap { $0 as? PlaneAnchor } }
}
