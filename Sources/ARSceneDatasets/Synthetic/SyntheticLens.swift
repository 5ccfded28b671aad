import ARScene
internal import CVisionSynthetic

/// A synthetic camera's lens with radial and tangential distortion (OpenCV's
/// model): renders are pinhole, and this resamples each one as the lens would
/// have imaged it, the inverse of ``LensUndistortion``. The resampling maps
/// are computed once, in the synthetic library.
final class SyntheticLens: @unchecked Sendable {
  // Never mutated after init; the library only reads it.
  private let handle: OpaquePointer
  private let camera: CameraIntrinsics

  /// Throws naming the problem when `coefficients` are not a lens's (the
  /// engine's rule, ``LensUndistortion/problem(with:)``).
  init(camera: CameraIntrinsics, coefficients: [Double]) throws(DatasetError) {
    if let problem = LensUndistortion.problem(with: coefficients) {
      throw DatasetError("--lens-distortion \(problem)")
    }
    var k = vc_camera_intrinsics_t(
      fx: camera.fx, fy: camera.fy, cx: camera.cx, cy: camera.cy,
      width: Int32(clamping: camera.width), height: Int32(clamping: camera.height))
    var made: OpaquePointer?
    let status = coefficients.withUnsafeBufferPointer {
      vc_synthetic_lens_create(&k, $0.baseAddress, Int32(clamping: $0.count), &made)
    }
    guard status == VC_STATUS_OK, let made else {
      throw DatasetError(
        "the lens cannot be simulated: \(String(cString: vc_synthetic_last_error_message()))")
    }
    self.handle = made
    self.camera = camera
  }

  deinit { vc_synthetic_lens_destroy(handle) }

  /// The lens's view of a pinhole render of the camera's size (RGB8 colour
  /// or 16-bit depth).
  func imaged(_ render: PixelBuffer) throws(DatasetError) -> PixelBuffer {
    let format: vc_pixel_format_t
    switch render.format {
    case .rgb8: format = VC_PIXEL_FORMAT_RGB8
    case .depthUInt16: format = VC_PIXEL_FORMAT_DEPTH_U16
    default: throw DatasetError("a synthetic render is RGB8 or 16-bit depth")
    }
    let rowBytes = render.width * render.format.bytesPerPixel
    var out = [UInt8](repeating: 0, count: rowBytes * render.height)
    let status = render.withUnsafeBytes { pixels in
      out.withUnsafeMutableBytes { target in
        var view = vc_image_view_t(
          data: pixels.baseAddress, width: Int32(clamping: render.width),
          height: Int32(clamping: render.height), stride_bytes: Int32(clamping: render.bytesPerRow),
          format: format)
        return vc_synthetic_lens_apply(
          handle, &view, target.baseAddress, Int32(clamping: rowBytes))
      }
    }
    guard status == VC_STATUS_OK else {
      throw DatasetError(
        "the lens cannot image a render: \(String(cString: vc_synthetic_last_error_message()))")
    }
    do {
      return try PixelBuffer(
        format: render.format, width: render.width, height: render.height, bytes: out)
    } catch {
      throw DatasetError(error.message)
    }
  }
}
