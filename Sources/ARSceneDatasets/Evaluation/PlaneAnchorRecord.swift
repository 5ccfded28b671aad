import ARScene
import Foundation

/// One plane anchor as the engine reported it on one frame: what the plane
/// evaluation reads, kept free of the session's own types so that anchors can
/// come from a replay, from an events file or be made by hand in a test.
///
/// The fields are ARKit's `ARPlaneAnchor`'s: the anchor's frame has +Y along
/// the plane's normal (towards the side it is seen from) and its origin on
/// the plane; `center`, `extent` and `boundary` are in that frame.
public struct PlaneAnchorRecord: Equatable, Sendable {
  /// ARKit's `ARPlaneExtent`, the library's own type.
  public typealias Extent = PlaneExtent

  /// Stable for the anchor's life (the session's identifier, as events print it).
  public var id: String
  /// world_from_anchor in the engine's world (ARKit axes, +Y up).
  public var worldFromAnchor: Transform
  /// "horizontal" or "vertical", spelled as annotations.json spells it.
  public var alignment: String
  /// "none", "wall", "floor", "ceiling", "table" or "seat"; "none" also while
  /// the engine has not decided.
  public var classification: String
  /// The extent's centre in the anchor's frame (y = 0).
  public var center: SIMD3<Float>
  public var extent: Extent
  /// The boundary polygon in the anchor's frame as (x, z) pairs; may be
  /// non-convex, may be empty (the extent's rectangle stands in for it).
  public var boundary: [SIMD2<Float>]

  public init(
    id: String, worldFromAnchor: Transform, alignment: String, classification: String,
    center: SIMD3<Float> = .zero, extent: Extent, boundary: [SIMD2<Float>] = []
  ) {
    self.id = id
    self.worldFromAnchor = worldFromAnchor
    self.alignment = alignment
    self.classification = classification
    self.center = center
    self.extent = extent
    self.boundary = boundary
  }

  /// The footprint in the anchor's frame as (x, z): the boundary when it is a
  /// polygon, otherwise the extent's rectangle.
  public var footprint: [SIMD2<Double>] {
    if boundary.count >= 3 { return boundary.map { SIMD2<Double>($0) } }
    let c = cos(Double(extent.rotationOnYAxis))
    let s = sin(Double(extent.rotationOnYAxis))
    let halfWidth = Double(extent.width) / 2
    let halfHeight = Double(extent.height) / 2
    // A rotation by θ about +Y takes (x, z) to (x cos θ + z sin θ, -x sin θ + z cos θ).
    return [(-1.0, -1.0), (-1.0, 1.0), (1.0, 1.0), (1.0, -1.0)].map { sx, sz in
      let x = sx * halfWidth
      let z = sz * halfHeight
      return SIMD2(Double(center.x) + x * c + z * s, Double(center.z) - x * s + z * c)
    }
  }
}
