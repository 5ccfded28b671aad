internal import CVisionCore

extension Camera {
  /// How well the camera is tracked, like ARKit's `ARCamera.TrackingState`.
  /// Each case mirrors a `vc_tracking_state_t`, each reason a
  /// `vc_tracking_state_reason_t` with the same raw value.
  public enum TrackingState: Hashable, Sendable {
    /// `VC_TRACKING_STATE_NOT_AVAILABLE`: no frame has been processed, so
    /// there is no pose.
    case notAvailable
    /// `VC_TRACKING_STATE_LIMITED`: a pose is reported but may be poor or
    /// held from an earlier frame; the reason says why.
    case limited(Reason)
    /// `VC_TRACKING_STATE_NORMAL`: the pose is measured from this frame and
    /// trustworthy.
    case normal

    /// Why tracking is limited.
    public enum Reason: Int32, CaseIterable, Sendable {
      /// `VC_TRACKING_STATE_REASON_INITIALIZING`: no stable map yet (the
      /// first frames, or just after a new map was started at the held pose).
      case initializing = 1
      /// `VC_TRACKING_STATE_REASON_RELOCALIZING`: tracking was lost and the
      /// map is not in view; the pose is held at the last good one.
      case relocalizing = 2
      /// `VC_TRACKING_STATE_REASON_EXCESSIVE_MOTION`: the camera moves too
      /// fast; motion blur or displacement defeats tracking.
      case excessiveMotion = 3
      /// `VC_TRACKING_STATE_REASON_INSUFFICIENT_FEATURES`: too little
      /// texture or depth in view.
      case insufficientFeatures = 4
      /// `VC_TRACKING_STATE_REASON_INSUFFICIENT_LIGHT`: too dark to track.
      case insufficientLight = 5
    }

    /// The state the core reported; unknown values (a newer core) read as
    /// `.notAvailable` or `.limited(.relocalizing)`, never as `.normal`.
    init(core state: vc_tracking_state_t, reason: vc_tracking_state_reason_t) {
      switch state {
      case VC_TRACKING_STATE_NORMAL:
        self = .normal
      case VC_TRACKING_STATE_LIMITED:
        self = .limited(Reason(rawValue: Int32(bitPattern: reason.rawValue)) ?? .relocalizing)
      default:
        self = .notAvailable
      }
    }
  }
}

extension Camera.TrackingState: CustomStringConvertible {
  /// `normal`, `notAvailable` or `limited(insufficientLight)`.
  public var description: String {
    switch self {
    case .notAvailable: "notAvailable"
    case .normal: "normal"
    case .limited(let reason): "limited(\(reason))"
    }
  }
}
