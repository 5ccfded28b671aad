internal import CVisionCore

/// What examining a ``ReferenceImage`` found: how well it will be recognised
/// and tracked, and why it cannot be when it cannot.
public struct ReferenceImageValidation: Equatable, Sendable {
  /// Why a reference image is rejected.
  public enum Issue: String, CaseIterable, Sendable {
    /// Too few pixels along a side for its details to be recognised.
    case tooSmall
    /// Too few distinctive points, or all in a small part of the picture.
    case tooLittleTexture
    /// Its points look alike across the picture (tiles, stripes, grids).
    case repetitivePattern
    /// Another image in the set has the same name.
    case duplicateName
    /// Another image in the set shows the same picture.
    case duplicateContent
    /// The physical width is missing, zero, negative or not finite.
    case invalidPhysicalWidth
  }

  /// nil when the image is accepted.
  public var issue: Issue?
  /// 0...100: more, better spread and more distinctive points score higher.
  public var quality: Int
  /// Distinctive points found over the picture's scales.
  public var featureCount: Int
  /// Fraction (0...1) of an 8 x 8 grid over the picture holding points.
  public var coverage: Float
  /// Fraction (0...1) of points with a look-alike elsewhere in the picture.
  public var repetition: Float

  init(core: vc_reference_image_validation_t) {
    issue =
      switch core.issue {
      case VC_REFERENCE_IMAGE_ISSUE_TOO_SMALL: .tooSmall
      case VC_REFERENCE_IMAGE_ISSUE_TOO_LITTLE_TEXTURE: .tooLittleTexture
      case VC_REFERENCE_IMAGE_ISSUE_REPETITIVE_PATTERN: .repetitivePattern
      case VC_REFERENCE_IMAGE_ISSUE_DUPLICATE_NAME: .duplicateName
      case VC_REFERENCE_IMAGE_ISSUE_DUPLICATE_CONTENT: .duplicateContent
      case VC_REFERENCE_IMAGE_ISSUE_INVALID_PHYSICAL_WIDTH: .invalidPhysicalWidth
      default: nil
      }
    quality = Int(core.quality)
    featureCount = Int(core.feature_count)
    coverage = core.coverage
    repetition = core.repetition
  }
}
