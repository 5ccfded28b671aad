/// The size and orientation of a plane's bounding rectangle, like ARKit's
/// `ARPlaneExtent`: `width` along the rectangle's x, `height` along its z, the
/// rectangle turned by ``rotationOnYAxis`` about the anchor's +Y (the normal)
/// and centred on ``PlaneAnchor/center``.
public struct PlaneExtent: Equatable, Sendable {
  /// Metres along the rectangle's x axis.
  public var width: Float
  /// Metres along the rectangle's z axis.
  public var height: Float
  /// Radians about the anchor's +Y from the anchor's x axis to the
  /// rectangle's.
  public var rotationOnYAxis: Float

  /// A rectangle `width` by `height` metres, turned `rotationOnYAxis` radians (default 0).
  public init(width: Float, height: Float, rotationOnYAxis: Float = 0) {
    self.width = width
    self.height = height
    self.rotationOnYAxis = rotationOnYAxis
  }
}
