internal import CVisionCore

/// Resamples images taken through a lens with radial and tangential
/// distortion as the pinhole camera with the same intrinsics would see them.
/// The engine models every camera as a pinhole (``CameraIntrinsics``), like
/// ARKit, whose images come undistorted; recordings from other cameras state
/// their lens in OpenCV's model (TUM's freiburg1/2 Kinects, EuRoC, ROS
/// `CameraInfo` with `plumb_bob`), and their images go through this before a
/// frame is built.
///
/// The resampling maps are computed once, in the vision core; each image is
/// then one pass over its pixels. Immutable, so one undistortion may serve
/// several threads at once.
public final class LensUndistortion: @unchecked Sendable {
  /// The camera whose images this resamples: their size, and the intrinsics
  /// both of the lens's images and of the pinhole view made from them.
  public let camera: CameraIntrinsics
  /// The lens's distortion in OpenCV's order: k1 k2 p1 p2 [k3 [k4 k5 k6
  /// [s1 s2 s3 s4 [τx τy]]]].
  public let coefficients: [Double]
  // Never mutated after init; the core only reads it.
  private let handle: OpaquePointer

  /// Why `coefficients` cannot describe a lens (their count is not 4, 5, 8,
  /// 12 or 14, or one is not finite or beyond ±1000), naming the bad one; nil
  /// when they can.
  public static func problem(with coefficients: [Double]) -> String? {
    let status = coefficients.withUnsafeBufferPointer {
      vc_lens_distortion_check($0.baseAddress, Int32(clamping: $0.count))
    }
    guard status != VC_STATUS_OK else { return nil }
    let message = String(cString: vc_last_error_message())
    let prefix = "vc_lens_distortion_check: distortion "
    return message.hasPrefix(prefix) ? String(message.dropFirst(prefix.count)) : message
  }

  /// Prepares the resampling for `camera` through a lens with `coefficients`.
  /// Throws ``ARSceneError`` naming the problem when the intrinsics are not a
  /// camera's (as for a frame) or the coefficients not a lens's (see
  /// ``problem(with:)``).
  public init(camera: CameraIntrinsics, coefficients: [Double]) throws(ARSceneError) {
    guard let width = Int32(exactly: camera.width), let height = Int32(exactly: camera.height)
    else {
      throw ARSceneError(
        .invalidArgument, "camera size \(camera.width)x\(camera.height) is too large")
    }
    var core = vc_camera_intrinsics_t(
      fx: camera.fx, fy: camera.fy, cx: camera.cx, cy: camera.cy, width: width, height: height)
    var made: OpaquePointer?
    let status = coefficients.withUnsafeBufferPointer {
      vc_undistortion_create(&core, $0.baseAddress, Int32(clamping: $0.count), &made)
    }
    try CoreStatus.check(status)
    guard let made else { throw ARSceneError(.internalError, "no undistortion was made") }
    self.camera = camera
    self.coefficients = coefficients
    self.handle = made
  }

  deinit { vc_undistortion_destroy(handle) }

  /// `image` as the pinhole camera sees it: the same format and size,
  /// interpolated bilinearly, the border repeated where the pinhole view
  /// reaches beyond what the lens saw. Throws when its size is not the
  /// camera's.
  public func undistorted(_ image: PixelBuffer) throws(ARSceneError) -> PixelBuffer {
    try resampled(image)
  }

  /// Depth registered to the lens's colour image, as registered to the
  /// pinhole view: each pixel takes the nearest depth pixel, so no depth is
  /// made up across an edge, and no depth (0) where the pinhole view sees
  /// beyond the lens's.
  public func undistorted(_ depth: DepthData) throws(ARSceneError) -> DepthData {
    DepthData(depthMap: try resampled(depth.depthMap), unitsPerMeter: depth.unitsPerMeter)
  }

  private func resampled(_ image: PixelBuffer) throws(ARSceneError) -> PixelBuffer {
    guard image.width == camera.width, image.height == camera.height else {
      throw ARSceneError(
        .invalidImage,
        "image is \(image.width)x\(image.height) but the camera is"
          + " \(camera.width)x\(camera.height)")
    }
    return try PixelBuffer(format: image.format, width: image.width, height: image.height) {
      (out) throws(ARSceneError) in
      try image.withCoreView { (view) throws(ARSceneError) in
        var view = view
        try CoreStatus.check(
          vc_undistortion_apply(
            handle, &view, out.baseAddress,
            Int32(clamping: image.width * image.format.bytesPerPixel)))
      }
    }
  }
}
