/// The camera was found again after tracking was lost or frames stopped:
/// what ``FrameUpdate/relocalization`` reports on the frame it happened.
/// Tracking continues in the same world, so every anchor and placed object
/// is where it was; only the camera jumps from where it was held to where
/// it is.
public struct Relocalization: Equatable, Sendable {
  /// worldFromCamera as it was held while the camera was lost.
  public var heldCameraTransform: Transform
  /// worldFromCamera where the camera turned out to be.
  public var cameraTransform: Transform
  /// Seconds (frame clock) from the last frame tracked before the loss to
  /// this one.
  public var lostDuration: Double

  /// A relocalization with the given values.
  public init(heldCameraTransform: Transform, cameraTransform: Transform, lostDuration: Double) {
    self.heldCameraTransform = heldCameraTransform
    self.cameraTransform = cameraTransform
    self.lostDuration = lostDuration
  }

  /// How far the reported camera moved, metres.
  public var correctionMeters: Float {
    let d = cameraTransform.translation - heldCameraTransform.translation
    return (d * d).sum().squareRoot()
  }

  /// How far it turned, degrees.
  public var correctionDegrees: Float {
    heldCameraTransform.rotationDegrees(to: cameraTransform)
  }
}
