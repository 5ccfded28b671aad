/// The camera of one processed frame.
public struct Camera: Equatable, Sendable {
  public var intrinsics: CameraIntrinsics
  /// Width and height of the captured image in pixels.
  public var imageResolution: SIMD2<Int> { SIMD2(intrinsics.width, intrinsics.height) }

  public init(intrinsics: CameraIntrinsics) {
    self.intrinsics = intrinsics
  }
}
