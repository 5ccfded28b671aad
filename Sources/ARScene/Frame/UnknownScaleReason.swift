internal import CVisionCore

/// Why a frame's positions are not in metres
/// (``TrackingStatistics/unknownScaleReason``): what the person, or the
/// recording, can do about it.
public enum UnknownScaleReason: String, Sendable, CaseIterable {
  /// Neither depth nor an IMU gives the scale: monocular tracking, chosen
  /// (``WorldTrackingConfiguration/TrackingMode/monocular``) or for want of
  /// an IMU.
  case noIMU
  /// Visual-inertial: the map's keyframes do not yet span the seconds of
  /// motion the scale is estimated from; moving on gives it.
  case collectingMotion
  /// Visual-inertial: the motion so far does not tell the scale, with too
  /// little acceleration in it (a camera that only turns, or moves evenly).
  case tooLittleAcceleration
  /// Visual-inertial: the IMU's motion and the camera's disagree beyond
  /// noise (the camera-to-IMU extrinsics or the clocks are wrong, the visual
  /// track jumps, or the IMU was made up from smoothed poses), so no scale
  /// is made up.
  case imuDisagrees

  /// The reason `vc_tracking_statistics_t.unknown_scale_reason` names; nil
  /// for none (the scale is known) or an unknown value.
  init?(core value: Int32) {
    let reasons: [(vc_unknown_scale_reason_t, UnknownScaleReason)] = [
      (VC_UNKNOWN_SCALE_NO_IMU, .noIMU), (VC_UNKNOWN_SCALE_COLLECTING_MOTION, .collectingMotion),
      (VC_UNKNOWN_SCALE_TOO_LITTLE_ACCELERATION, .tooLittleAcceleration),
      (VC_UNKNOWN_SCALE_IMU_DISAGREES, .imuDisagrees),
    ]
    guard let found = reasons.first(where: { Int64($0.0.rawValue) == Int64(value) }) else {
      return nil
    }
    self = found.1
  }
}
