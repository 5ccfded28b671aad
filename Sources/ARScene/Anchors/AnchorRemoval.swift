import Foundation

/// An anchor that left the session during a frame.
public struct AnchorRemoval: Sendable {
  /// The anchor as it was last reported, before it was removed.
  public var anchor: any Anchor
  /// The anchor that absorbed this one when the two turned out to be one
  /// surface (that anchor grows by this one's extent, and is in the same
  /// update's ``FrameUpdate/updatedAnchors`` or ``FrameUpdate/addedAnchors``);
  /// nil when the anchor was simply removed.
  public var absorbedBy: UUID?

  /// The removal of `anchor`, absorbed by the anchor `absorbedBy` names, or by none when nil.
  public init(anchor: any Anchor, absorbedBy: UUID?) {
    self.anchor = anchor
    self.absorbedBy = absorbedBy
  }
}
