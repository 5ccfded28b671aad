/// Whole-image measurements behind tracking quality and coaching.
public struct ImageStatistics: Equatable, Sendable {
  /// Mean luma, 0 (black) to 1 (white).
  public var meanLuminance: Float
  /// Variance of the Laplacian of the grey image in (grey levels)²: small when
  /// the image is blurred or has no texture.
  public var sharpness: Float
  /// Fraction of pixels with a depth measurement; 0 without depth.
  public var validDepthFraction: Float

  /// Statistics with the given values.
  public init(meanLuminance: Float, sharpness: Float, validDepthFraction: Float) {
    self.meanLuminance = meanLuminance
    self.sharpness = sharpness
    self.validDepthFraction = validDepthFraction
  }
}
