import ARScene

/// Small images with known content for engine tests.
enum TestImages {
  static let intrinsics = CameraIntrinsics(
    fx: 60, fy: 60, cx: 31.5, cy: 23.5, width: 64, height: 48)

  static func uniform(_ r: UInt8, _ g: UInt8, _ b: UInt8, format: PixelFormat = .rgb8)
    -> PixelBuffer
  {
    let pixel = format == .bgr8 ? [b, g, r] : [r, g, b]
    let bytes = (0..<(64 * 48)).flatMap { _ in pixel }
    return try! PixelBuffer(format: format, width: 64, height: 48, bytes: bytes)
  }

  static func gray(_ value: (Int, Int) -> UInt8, width: Int = 64, height: Int = 48) -> PixelBuffer {
    var bytes = [UInt8]()
    for y in 0..<height { for x in 0..<width { bytes.append(value(x, y)) } }
    return try! PixelBuffer(format: .gray8, width: width, height: height, bytes: bytes)
  }

  static func depth(millimetres: UInt16, width: Int = 64, height: Int = 48) -> PixelBuffer {
    let bytes = (0..<(width * height)).flatMap { _ in
      withUnsafeBytes(of: millimetres.littleEndian) { Array($0) }
    }
    return try! PixelBuffer(format: .depthUInt16, width: width, height: height, bytes: bytes)
  }

  static func frame(_ image: PixelBuffer, at timestamp: Double, depth: DepthData? = nil)
    -> CapturedFrame
  {
    CapturedFrame(timestamp: timestamp, intrinsics: intrinsics, capturedImage: image, depth: depth)
  }
}
