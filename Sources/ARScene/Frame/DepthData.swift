/// A depth map registered to the colour image: same size, same intrinsics.
public struct DepthData: Sendable {
  /// ``PixelFormat/depthUInt16`` or ``PixelFormat/depthFloat32``.
  public var depthMap: PixelBuffer
  /// For ``PixelFormat/depthUInt16``: units per metre (1000 for millimetres,
  /// 5000 for TUM RGB-D). Ignored for float depth, which is in metres.
  public var unitsPerMeter: Float

  /// Depth with `unitsPerMeter` integer units to the metre (default 1000, millimetres).
  public init(depthMap: PixelBuffer, unitsPerMeter: Float = 1000) {
    self.depthMap = depthMap
    self.unitsPerMeter = unitsPerMeter
  }
}
