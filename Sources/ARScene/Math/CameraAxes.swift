/// The one place on the Swift side where camera axes are converted (the core
/// has its own, src/common/conventions.h): between OpenCV's camera axes (+X
/// right, +Y down, +Z forward), which TUM, 7-Scenes and most datasets use for
/// ground truth, and ARKit's (+X right, +Y up, looking down -Z), which the
/// engine's API uses. The flip is half a turn about X and is its own inverse:
/// `worldFromARKitCamera = worldFromOpenCVCamera * Transform.cameraAxesFlip`.
extension Transform {
  /// Half a turn about X, between OpenCV's camera axes and ARKit's; its own inverse.
  public static let cameraAxesFlip = Transform(
    SIMD4(1, 0, 0, 0), SIMD4(0, -1, 0, 0), SIMD4(0, 0, -1, 0), SIMD4(0, 0, 0, 1))
}

extension Quaternion {
  /// ``Transform/cameraAxesFlip`` as a rotation, for double-precision poses:
  /// `worldFromOpenCVCamera = worldFromARKitCamera * Quaternion.cameraAxesFlip`.
  public static let cameraAxesFlip = Quaternion(x: 1, y: 0, z: 0, w: 0)
}
