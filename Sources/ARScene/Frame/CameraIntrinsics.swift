internal import CVisionCore

/// A pinhole camera: focal lengths and principal point in pixels of an image of
/// `width` x `height` pixels (pixel centres at integer coordinates, y down).
public struct CameraIntrinsics: Equatable, Sendable {
  /// The focal length along x, in pixels.
  public var fx: Double
  /// The focal length along y, in pixels.
  public var fy: Double
  /// The principal point's x, in pixels.
  public var cx: Double
  /// The principal point's y, in pixels (y down).
  public var cy: Double
  /// The image's width in pixels.
  public var width: Int
  /// The image's height in pixels.
  public var height: Int

  /// Intrinsics with the given values, unchecked; ``problem`` says whether they describe a camera.
  public init(fx: Double, fy: Double, cx: Double, cy: Double, width: Int, height: Int) {
    self.fx = fx
    self.fy = fy
    self.cx = cx
    self.cy = cy
    self.width = width
    self.height = height
  }

  /// Why these intrinsics cannot describe a camera, or nil when they can:
  /// the core's own check (`vc_camera_intrinsics_check`), the one every
  /// frame goes through. Finite values, 1...16384 pixels on a side, focal
  /// lengths 0.01...100 times the longer side, the principal point inside
  /// the image.
  public var problem: String? {
    guard width > 0, height > 0, width <= Int(Int32.max), height <= Int(Int32.max) else {
      return "camera image size must be > 0, got \(width)x\(height)"
    }
    var core = vc_camera_intrinsics_t(
      fx: fx, fy: fy, cx: cx, cy: cy, width: Int32(width), height: Int32(height))
    guard vc_camera_intrinsics_check(&core) != VC_STATUS_OK else { return nil }
    return String(cString: vc_last_error_message())
  }
}
