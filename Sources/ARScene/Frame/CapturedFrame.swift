/// What a camera delivers at one instant: the input to ``Session/process(_:)``.
public struct CapturedFrame: Sendable {
  /// Seconds; strictly increasing across the frames of a session.
  public var timestamp: Double
  /// The pinhole model of ``capturedImage``.
  public var intrinsics: CameraIntrinsics
  /// ``PixelFormat/rgb8``, ``PixelFormat/bgr8`` or ``PixelFormat/gray8``.
  public var capturedImage: PixelBuffer
  /// A depth map registered to ``capturedImage``, or nil without depth.
  /// Camera tracking needs it: ARScene tracks RGB-D cameras, and a session
  /// given frames without depth measures no pose (its state stays
  /// ``Camera/TrackingState/limited(_:)``).
  public var depth: DepthData?
  /// Inertial samples since the previous frame, oldest first.
  public var imuSamples: [IMUSample]

  /// A frame; without depth or inertial samples unless given.
  public init(
    timestamp: Double, intrinsics: CameraIntrinsics, capturedImage: PixelBuffer,
    depth: DepthData? = nil, imuSamples: [IMUSample] = []
  ) {
    self.timestamp = timestamp
    self.intrinsics = intrinsics
    self.capturedImage = capturedImage
    self.depth = depth
    self.imuSamples = imuSamples
  }
}
