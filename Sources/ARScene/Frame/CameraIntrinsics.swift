/// A pinhole camera: focal lengths and principal point in pixels of an image of
/// `width` x `height` pixels (pixel centres at integer coordinates, y down).
public struct CameraIntrinsics: Equatable, Sendable {
  public var fx: Double
  public var fy: Double
  public var cx: Double
  public var cy: Double
  public var width: Int
  public var height: Int

  public init(fx: Double, fy: Double, cx: Double, cy: Double, width: Int, height: Int) {
    self.fx = fx
    self.fy = fy
    self.cx = cx
    self.cy = cy
    self.width = width
    self.height = height
  }

  /// Why these intrinsics cannot describe a camera, or nil when they can.
  public var problem: String? {
    if ![fx, fy, cx, cy].allSatisfy(\.isFinite) { return "intrinsics contain NaN or infinity" }
    if fx <= 0 || fy <= 0 { return "focal lengths must be > 0 (fx=\(fx), fy=\(fy))" }
    if width <= 0 || height <= 0 { return "image size must be > 0 (\(width)x\(height))" }
    return nil
  }
}
