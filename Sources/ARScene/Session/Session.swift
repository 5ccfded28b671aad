internal import CVisionCore

/// Tracks the world from a stream of frames, like ARKit's `ARSession`.
///
/// Processing is synchronous and deterministic: the same frames and
/// configuration give the same results. A session is not thread-safe; use it
/// from one thread (or actor) at a time.
///
/// ```swift
/// let session = try Session(configuration: WorldTrackingConfiguration())
/// let update = try session.process(capturedFrame)
/// print(update.frame.lightEstimate?.ambientIntensity ?? 0)
/// ```
public final class Session {
  public let configuration: WorldTrackingConfiguration
  private let core: CoreSession
  private var processedFrames = 0

  public init(configuration: WorldTrackingConfiguration = WorldTrackingConfiguration())
    throws(ARSceneError)
  {
    try configuration.validate()
    self.configuration = configuration
    self.core = try CoreSession(options: configuration.coreOptions)
  }

  /// Processes one frame. A frame that is rejected (wrong sizes, timestamps not
  /// increasing, non-finite values) throws and leaves the session unchanged.
  public func process(_ captured: CapturedFrame) throws(ARSceneError) -> FrameUpdate {
    let timestamp = try Self.nanoseconds(captured.timestamp, what: "frame timestamp")
    var imu = [vc_imu_sample_t]()
    imu.reserveCapacity(captured.imuSamples.count)
    for (index, sample) in captured.imuSamples.enumerated() {
      let t = try Self.nanoseconds(sample.timestamp, what: "IMU sample \(index) timestamp")
      let a = sample.acceleration
      let w = sample.rotationRate
      imu.append(
        vc_imu_sample_t(timestamp_ns: t, acceleration: (a.x, a.y, a.z), rotation_rate: (w.x, w.y, w.z)))
    }
    let k = captured.intrinsics
    guard let width = Int32(exactly: k.width), let height = Int32(exactly: k.height) else {
      throw ARSceneError(.invalidImage, "camera image size \(k.width)x\(k.height) is too large")
    }
    let intrinsics = vc_camera_intrinsics_t(
      fx: k.fx, fy: k.fy, cx: k.cx, cy: k.cy, width: width, height: height)

    var result = vc_frame_result_t()
    try captured.capturedImage.withCoreView { (color) throws(ARSceneError) in
      try withOptionalDepthView(captured.depth) { (depth) throws(ARSceneError) in
        try imu.withUnsafeBufferPointer { (samples) throws(ARSceneError) in
          var input = vc_frame_input_t(
            timestamp_ns: timestamp, intrinsics: intrinsics, color: color, depth: depth,
            imu_samples: samples.baseAddress, imu_sample_count: Int32(samples.count))
          try core.check(vc_session_process_frame(core.handle, &input, &result))
        }
      }
    }

    let frame = Frame(
      timestamp: captured.timestamp,
      index: processedFrames,
      camera: Camera(intrinsics: k),
      lightEstimate: configuration.isLightEstimationEnabled
        ? LightEstimate(
          ambientIntensity: result.light_estimate.ambient_intensity,
          ambientColorTemperature: result.light_estimate.ambient_color_temperature) : nil,
      statistics: ImageStatistics(
        meanLuminance: result.statistics.mean_luminance,
        sharpness: result.statistics.sharpness,
        validDepthFraction: result.statistics.valid_depth_fraction),
      timings: try core.stageTimings())
    processedFrames += 1
    return FrameUpdate(frame: frame)
  }

  /// Seconds to the core's nanoseconds; NaN, infinities and values beyond
  /// ±292 years are refused rather than trapping in the conversion.
  private static func nanoseconds(_ seconds: Double, what: String) throws(ARSceneError) -> Int64 {
    let ns = (seconds * 1e9).rounded()
    guard ns.isFinite, let value = Int64(exactly: ns) else {
      throw ARSceneError(.invalidArgument, "\(what) \(seconds) s is not a finite time")
    }
    return value
  }
}

/// Calls body with a pointer to the core's view of depth, or nil without depth.
private func withOptionalDepthView<R>(
  _ depth: DepthData?, _ body: (UnsafePointer<vc_depth_view_t>?) throws(ARSceneError) -> R
) throws(ARSceneError) -> R {
  guard let depth else { return try body(nil) }
  return try depth.depthMap.withCoreView { (image) throws(ARSceneError) -> R in
    var view = vc_depth_view_t(image: image, units_per_metre: depth.unitsPerMetre)
    return try body(&view)
  }
}
