/// One step of the 60 Hz update loop, as everything advanced every tick sees
/// it: tracked raycasts, placed objects, image grace timers and coaching.
///
/// Ticks come every ``duration`` seconds of session time whether or not a
/// camera frame arrived; on a tick without a frame the camera is predicted
/// (``isCameraPredicted``), so a 30 Hz camera still yields 60 smooth updates
/// per second.
public struct Tick: Equatable, Sendable {
  /// The tick's number, 0 for the session's first tick.
  public var index: Int
  /// Session time of the tick in seconds.
  public var time: Double
  /// The time since the previous tick in seconds (1/60 at 60 Hz).
  public var duration: Double
  /// The camera at ``time``: measured when a frame was processed on this tick,
  /// otherwise predicted from the last measured motion.
  public var camera: Camera
  /// True when no frame was processed on this tick.
  public var isCameraPredicted: Bool

  /// A tick with the given values.
  public init(
    index: Int, time: Double, duration: Double, camera: Camera, isCameraPredicted: Bool
  ) {
    self.index = index
    self.time = time
    self.duration = duration
    self.camera = camera
    self.isCameraPredicted = isCameraPredicted
  }
}
