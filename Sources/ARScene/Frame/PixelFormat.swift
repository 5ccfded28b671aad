/// How the pixels of a ``PixelBuffer`` are laid out.
public enum PixelFormat: String, Sendable, CaseIterable {
  /// 8-bit red, green, blue.
  case rgb8
  /// 8-bit blue, green, red (what OpenCV decodes colour images to).
  case bgr8
  /// 8-bit grey.
  case gray8
  /// Unsigned 16-bit depth in units given by ``DepthData/unitsPerMeter``.
  case depthUInt16
  /// 32-bit float depth in metres; 0, NaN and infinities mean "no depth".
  case depthFloat32

  /// Bytes one pixel takes.
  public var bytesPerPixel: Int {
    switch self {
    case .rgb8, .bgr8: 3
    case .gray8: 1
    case .depthUInt16: 2
    case .depthFloat32: 4
    }
  }

  /// Whether this is one of the colour formats a ``CapturedFrame`` image may have.
  public var isColor: Bool { self == .rgb8 || self == .bgr8 || self == .gray8 }
}
