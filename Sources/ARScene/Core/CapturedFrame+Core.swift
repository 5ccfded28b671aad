internal import CVisionCore

extension CapturedFrame {
  /// Calls body with the core's view of this frame: pixels wrapped, not
  /// copied, and valid only during the call. Throws for a timestamp or a
  /// size the core cannot represent.
  func withCoreInput<R>(
    _ body: (UnsafeMutablePointer<vc_frame_input_t>) throws(ARSceneError) -> R
  ) throws(ARSceneError) -> R {
    let timestamp = try Self.nanoseconds(self.timestamp, what: "frame timestamp")
    var imu = [vc_imu_sample_t]()
    imu.reserveCapacity(imuSamples.count)
    for (index, sample) in imuSamples.enumerated() {
      let t = try Self.nanoseconds(sample.timestamp, what: "IMU sample \(index) timestamp")
      let a = sample.acceleration
      let w = sample.rotationRate
      imu.append(
        vc_imu_sample_t(
          timestamp_ns: t, acceleration: (a.x, a.y, a.z), rotation_rate: (w.x, w.y, w.z)))
    }
    let k = intrinsics
    guard let width = Int32(exactly: k.width), let height = Int32(exactly: k.height) else {
      throw ARSceneError(.invalidImage, "camera image size \(k.width)x\(k.height) is too large")
    }
    let coreIntrinsics = vc_camera_intrinsics_t(
      fx: k.fx, fy: k.fy, cx: k.cx, cy: k.cy, width: width, height: height)
    return try capturedImage.withCoreView { (color) throws(ARSceneError) -> R in
      try withOptionalDepthView(depth) { (depth) throws(ARSceneError) -> R in
        try imu.withUnsafeBufferPointer { (samples) throws(ARSceneError) -> R in
          var input = vc_frame_input_t(
            timestamp_ns: timestamp, intrinsics: coreIntrinsics, color: color, depth: depth,
            imu_samples: samples.baseAddress, imu_sample_count: Int32(samples.count))
          return try body(&input)
        }
      }
    }
  }

  /// Seconds to the core's nanoseconds; NaN, infinities and values beyond
  /// ±292 years are refused rather than trapping in the conversion.
  static func nanoseconds(_ seconds: Double, what: String) throws(ARSceneError) -> Int64 {
    guard seconds.isFinite else {
      throw ARSceneError(.invalidArgument, "\(what) \(seconds) s is not a finite time")
    }
    let ns = (seconds * 1e9).rounded()
    guard let value = Int64(exactly: ns) else {
      throw ARSceneError(
        .invalidArgument,
        "\(what) \(seconds) s is outside ±9.2e9 s (292 years), the range of the engine's"
          + " nanosecond clock (are milliseconds or nanoseconds written as seconds?)")
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
    var view = vc_depth_view_t(image: image, units_per_metre: depth.unitsPerMeter)
    return try body(&view)
  }
}
