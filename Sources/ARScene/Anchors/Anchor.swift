import Foundation

/// Something with a place in the world, like ARKit's `ARAnchor`.
///
/// Anchors are values: a ``FrameUpdate`` hands out the state of each anchor
/// after that frame, and the same ``identifier`` names the same real thing in
/// every later update until the anchor is removed.
public protocol Anchor: Sendable {
  /// Stable for the anchor's life and never reused within a session.
  /// Derived from the session's own counter, so replaying the same frames
  /// with the same configuration gives the same identifiers.
  var identifier: UUID { get }
  /// `worldFromAnchor`: the anchor's position and orientation in world
  /// coordinates (metres, ARKit axes).
  var transform: Transform { get }
}

/// An anchor that left the session during a frame.
public struct AnchorRemoval: Sendable {
  /// The anchor as it was last reported, before it was removed.
  public var anchor: any Anchor
  /// The anchor that absorbed this one when the two turned out to be one
  /// surface (that anchor grows by this one's extent, and is in the same
  /// update's ``FrameUpdate/updatedAnchors`` or ``FrameUpdate/addedAnchors``);
  /// nil when the anchor was simply removed.
  public var absorbedBy: UUID?

  public init(anchor: any Anchor, absorbedBy: UUID?) {
    self.anchor = anchor
    self.absorbedBy = absorbedBy
  }
}
