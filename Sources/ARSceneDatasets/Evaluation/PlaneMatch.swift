import ARScene
import Foundation

/// How one plane anchor lies against one ground-truth plane, measured in the
/// ground truth's world after ``PlaneWorldAlignment``.
public struct PlaneMatch: Equatable, Sendable {
  /// Angle between the anchor's +Y and the plane's normal, degrees (0...180:
  /// an anchor facing the wrong way is 180 degrees off, not 0).
  public var normalErrorDegrees: Double
  /// Distance along the plane's normal from its centre to the anchor's plane,
  /// metres (>= 0; infinite when the anchor's plane is perpendicular).
  public var offsetError: Double
  /// Square metres of the anchor's footprint, projected onto the plane, that
  /// fall on the plane's polygon.
  public var overlapArea: Double
  /// Square metres of the anchor's footprint projected onto the plane.
  public var anchorArea: Double
  /// Square metres of the plane's polygon.
  public var planeArea: Double
  /// Whether the anchor's alignment is the plane's.
  public var sameAlignment: Bool
  /// Whether the anchor's classification is the plane's.
  public var sameClassification: Bool

  /// Overlap over union of the anchor's footprint and the plane's polygon.
  public var intersectionOverUnion: Double {
    let union = anchorArea + planeArea - overlapArea
    return union > 0 ? overlapArea / union : 0
  }

  /// The share of the anchor's footprint that lies on the plane.
  public var overlapFraction: Double { anchorArea > 0 ? overlapArea / anchorArea : 0 }

  init(
    anchor: PlaneAnchorRecord, plane: SyntheticAnnotations.Plane, coordinates: PlaneCoordinates,
    alignment: PlaneWorldAlignment
  ) {
    let m = anchor.worldFromAnchor.columns
    let anchorNormal = PlaneCoordinates.normalized(
      alignment.applyDirection(SIMD3<Double>(Double(m.1.x), Double(m.1.y), Double(m.1.z))))
    let anchorOrigin = alignment.applyPoint(
      SIMD3<Double>(Double(m.3.x), Double(m.3.y), Double(m.3.z)))
    let cosine = PlaneCoordinates.dot(anchorNormal, coordinates.normal)
    normalErrorDegrees = acos(min(1, max(-1, cosine))) * 180 / .pi
    // The line through the plane's centre along its normal meets the anchor's
    // plane at centre + s normal.
    if abs(cosine) < 1e-9 {
      offsetError = .infinity
    } else {
      offsetError = abs(
        PlaneCoordinates.dot(anchorNormal, anchorOrigin - coordinates.origin) / cosine)
    }
    let footprint = Self.footprint(anchor, on: coordinates, alignment: alignment)
    let polygon = plane.polygon.map { coordinates.project(SIMD3<Double>($0)) }
    // Annotated planes are faces of boxes (rectangles), so the plane's polygon
    // is the convex clipper and the anchor's boundary may be any shape.
    overlapArea = PlanePolygon.overlapArea(footprint, convex: polygon)
    anchorArea = PlanePolygon.area(footprint)
    planeArea = PlanePolygon.area(polygon)
    sameAlignment = anchor.alignment == plane.alignment
    sameClassification = anchor.classification == plane.classification
  }

  /// The anchor's footprint projected onto a ground-truth plane's (x, z).
  static func footprint(
    _ anchor: PlaneAnchorRecord, on coordinates: PlaneCoordinates, alignment: PlaneWorldAlignment
  ) -> [SIMD2<Double>] {
    anchor.footprint.map { point in
      let world = anchor.worldFromAnchor.transformPoint(
        SIMD3<Float>(Float(point.x), 0, Float(point.y)))
      return coordinates.project(alignment.applyPoint(SIMD3<Double>(world)))
    }
  }
}
