import Foundation

/// A recognised reference image in the world, like ARKit's `ARImageAnchor`.
///
/// The anchor's frame is the picture's: origin at its centre, +X along its
/// top edge to the right, +Y out of the picture towards the viewer, +Z down
/// the picture, so the picture lies in the anchor's x-z plane, spanning
/// ``ReferenceImage/physicalSize`` metres.
public struct ImageAnchor: Anchor, Equatable {
  /// From the session's image counter, in order of first sighting; see ``Anchor/identifier``.
  public var identifier: UUID
  /// `worldFromAnchor`.
  public var transform: Transform
  /// The picture recognised, like ARKit's `ARImageAnchor.referenceImage`.
  public var referenceImage: ReferenceImage
  /// True while the picture is in view and followed in the camera image; false
  /// while it is out of sight, when ``transform`` is where it was last seen.
  /// The anchor is removed once it has been out of sight for the
  /// configuration's grace period.
  public var isTracked: Bool
  /// The ratio of the picture's measured size to its given physical size,
  /// from the frame's depth (how far the depth puts the picture over how far
  /// the given width puts it); 1 without depth, which cannot tell a small
  /// near picture from a large far one. ``transform`` keeps the given size.
  public var estimatedScaleFactor: Float

  /// An image anchor with the given state; `estimatedScaleFactor` defaults to 1, as without depth.
  public init(
    identifier: UUID, transform: Transform, referenceImage: ReferenceImage, isTracked: Bool,
    estimatedScaleFactor: Float = 1
  ) {
    self.identifier = identifier
    self.transform = transform
    self.referenceImage = referenceImage
    self.isTracked = isTracked
    self.estimatedScaleFactor = estimatedScaleFactor
  }
}
