import Foundation

/// A picture to recognise in the world (a poster, a book cover, a painting),
/// like ARKit's `ARReferenceImage`: its pixels, a name, and its printed size.
///
/// ```swift
/// let poster = try ReferenceImage(
///   image: PixelBuffer.read(contentsOf: url), name: "poster", physicalWidth: 0.42)
/// var configuration = WorldTrackingConfiguration()
/// configuration.detectionImages = [poster]
/// ```
public struct ReferenceImage: Sendable {
  /// Unique among the images a session looks for; ``ImageAnchor``s carry it.
  public let name: String
  /// RGB8, BGR8 or GRAY8 pixels, the first row along the picture's top edge.
  public let image: PixelBuffer
  /// Metres: width as given, height from the pixels' aspect ratio.
  public let physicalSize: SIMD2<Float>

  /// Checks only what needs no image analysis (name, width, format); the
  /// session validates the picture itself (``validate()``).
  public init(image: PixelBuffer, name: String, physicalWidth: Float) throws(ARSceneError) {
    guard !name.isEmpty else {
      throw ARSceneError(.invalidArgument, "reference image name is empty")
    }
    guard physicalWidth.isFinite, physicalWidth > 0 else {
      throw ARSceneError(
        .invalidArgument,
        "reference image '\(name)': physical width must be a positive number of metres,"
          + " got \(physicalWidth)")
    }
    guard image.format.isColor else {
      throw ARSceneError(
        .invalidImage,
        "reference image '\(name)' must be RGB8, BGR8 or GRAY8, got \(image.format.rawValue)")
    }
    self.name = name
    self.image = image
    self.physicalSize = SIMD2(
      physicalWidth, physicalWidth * Float(image.height) / Float(image.width))
  }

  /// Examines the picture as recognition would (texture, spread, repetition)
  /// and scores it. Throws when the picture cannot be recognised, with the
  /// reason; the checks between images of one set (duplicate names and
  /// content) run when a session is given the set.
  public func validate() throws(ARSceneError) -> ReferenceImageValidation {
    let set = try CoreReferenceImageSet()
    return try set.add(self)
  }
}

extension ReferenceImage: Equatable {
  /// Same name, size and pixels.
  public static func == (a: ReferenceImage, b: ReferenceImage) -> Bool {
    guard a.name == b.name, a.physicalSize == b.physicalSize, a.image.format == b.image.format,
      a.image.width == b.image.width, a.image.height == b.image.height
    else { return false }
    let rowBytes = a.image.width * a.image.format.bytesPerPixel
    return a.image.withUnsafeBytes { x in
      b.image.withUnsafeBytes { y in
        (0..<a.image.height).allSatisfy { row in
          memcmp(
            x.baseAddress! + row * a.image.bytesPerRow, y.baseAddress! + row * b.image.bytesPerRow,
            rowBytes) == 0
        }
      }
    }
  }
}
