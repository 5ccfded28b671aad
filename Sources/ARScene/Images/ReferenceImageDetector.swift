/// Finds reference images in single pictures, without a session: the same
/// index and verification a session runs, with more points per picture.
///
/// ```swift
/// let detector = try ReferenceImageDetector(referenceImages: covers)
/// for detection in try detector.detect(in: photo) {
///   print(detection.name, detection.corners)
/// }
/// ```
public final class ReferenceImageDetector {
  /// The images it looks for, in the order given; ``ImageDetection/referenceIndex`` indexes this.
  public let referenceImages: [ReferenceImage]
  private let set: CoreReferenceImageSet

  /// Validates every image and builds the index; throws naming the first
  /// image that is rejected, or when there are more than
  /// ``WorldTrackingConfiguration/maximumDetectionImages``.
  public init(referenceImages: [ReferenceImage]) throws(ARSceneError) {
    try WorldTrackingConfiguration.validateDetectionImages(referenceImages)
    self.referenceImages = referenceImages
    self.set = try CoreReferenceImageSet(images: referenceImages)
  }

  /// Every reference found in picture, best score first. Without
  /// intrinsics a ~53 degree field of view is assumed
  /// (fx = fy = the longer side), so poses are approximate.
  public func detect(in picture: PixelBuffer, intrinsics: CameraIntrinsics? = nil)
    throws(ARSceneError) -> [ImageDetection]
  {
    try set.detect(in: picture, intrinsics: intrinsics).map(ImageDetection.init(core:))
  }

  /// Validates each image in order as a set would, without stopping at the
  /// first rejected one: for each, the validation and, when it is rejected,
  /// the error naming it. Later images are checked against the accepted
  /// ones (duplicate names and content).
  public static func examine(_ images: [ReferenceImage]) throws(ARSceneError)
    -> [(validation: ReferenceImageValidation, error: ARSceneError?)]
  {
    let set = try CoreReferenceImageSet()
    return images.map { set.examine($0) }
  }
}
