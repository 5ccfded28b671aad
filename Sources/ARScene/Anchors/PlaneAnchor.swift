import Foundation

/// A flat surface found in the world, like ARKit's `ARPlaneAnchor`.
///
/// The anchor's frame lies in the plane: its +Y is the plane's normal
/// (pointing to the side the plane was seen from) and its origin is on the
/// plane, so every point of the surface has y = 0 in anchor coordinates.
/// ``center``, ``planeExtent`` and ``boundary`` are in that frame; the anchor
/// grows and its frame may move a little as more of the surface is seen.
public struct PlaneAnchor: Anchor, Equatable {
  /// From the core's plane counter, so replays give the same identifiers; see
  /// ``Anchor/identifier``.
  public var identifier: UUID
  /// `worldFromAnchor`.
  public var transform: Transform
  /// Horizontal or vertical, like ARKit's `ARPlaneAnchor.alignment`.
  public var alignment: Alignment
  /// The centre of ``planeExtent`` in anchor coordinates (y = 0), metres.
  public var center: SIMD3<Float>
  /// The surface's bounding rectangle in anchor coordinates, like ARKit's
  /// `ARPlaneAnchor.planeExtent`.
  public var planeExtent: PlaneExtent
  /// The outline of the seen surface in anchor coordinates: (x, z) pairs in
  /// metres, counter-clockwise seen from +Y. At most 64 vertices.
  public var boundary: [SIMD2<Float>]
  /// Square metres of the seen surface (at most the extent's area).
  public var area: Float
  /// What the surface is; ``Classification/none`` unless
  /// ``classificationStatus`` is ``ClassificationStatus/known``.
  public var classification: Classification
  /// Whether ``classification`` is decided, like ARKit's `ARPlaneAnchor.classificationStatus`.
  public var classificationStatus: ClassificationStatus

  /// A plane anchor with the given state; by default ``Classification/none`` with status
  /// ``ClassificationStatus/notAvailable``.
  public init(
    identifier: UUID, transform: Transform, alignment: Alignment, center: SIMD3<Float>,
    planeExtent: PlaneExtent, boundary: [SIMD2<Float>], area: Float,
    classification: Classification = .none,
    classificationStatus: ClassificationStatus = .notAvailable
  ) {
    self.identifier = identifier
    self.transform = transform
    self.alignment = alignment
    self.center = center
    self.planeExtent = planeExtent
    self.boundary = boundary
    self.area = area
    self.classification = classification
    self.classificationStatus = classificationStatus
  }

  /// How a plane lies relative to gravity, like `ARPlaneAnchor.Alignment`.
  public enum Alignment: String, CaseIterable, Sendable {
    /// The normal points up or down: floors, table tops, ceilings.
    case horizontal
    /// The normal is level: walls, doors, cupboard fronts.
    case vertical
  }
}
