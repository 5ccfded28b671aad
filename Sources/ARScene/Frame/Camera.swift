/// The camera of one processed frame, like ARKit's `ARCamera`.
public struct Camera: Equatable, Sendable {
  /// The pinhole model of the captured image, like ARKit's `ARCamera.intrinsics`.
  public var intrinsics: CameraIntrinsics
  /// Width and height of the captured image in pixels.
  public var imageResolution: SIMD2<Int> { SIMD2(intrinsics.width, intrinsics.height) }
  /// The camera's pose, worldFromCamera in ARKit axes (the camera looks down
  /// -Z with +Y up). The world's origin is where the camera started; its +Y
  /// is up when gravity is known (see
  /// ``WorldTrackingConfiguration/worldAlignment``). While tracking is
  /// limited this may be the last good pose, held: it never jumps.
  public var transform: Transform
  /// How well the camera is tracked, like ARKit's `ARCamera.trackingState`.
  public var trackingState: TrackingState

  /// A camera; by default at the world's origin with tracking not available.
  public init(
    intrinsics: CameraIntrinsics, transform: Transform = .identity,
    trackingState: TrackingState = .notAvailable
  ) {
    self.intrinsics = intrinsics
    self.transform = transform
    self.trackingState = trackingState
  }
}
