internal import CVisionCore

extension DepthData {
  /// This depth map, measured by a separate depth camera, as the colour camera
  /// would see it: same size and intrinsics as the colour image, so that depth
  /// and colour pixels line up. Recordings from sensors whose depth and colour
  /// cameras sit apart (Kinect v1, 7-Scenes) need this before a frame is built.
  ///
  /// Each valid depth pixel is moved into the colour camera and kept where it
  /// lands; where several land on one pixel the nearest wins, where none lands
  /// the result is 0 (no depth). For ``PixelFormat/depthUInt16`` both 0 and
  /// 65535 mean no depth on input (Kinect v1 datasets mark missing readings
  /// with 65535). The work runs in the vision core, one pass over the pixels.
  ///
  /// - Parameters:
  ///   - colorIntrinsics: The colour camera; its size is the result's size.
  ///   - depthIntrinsics: The depth camera; its size must be this map's size.
  ///   - colorFromDepth: The depth camera's pose in the colour camera's frame,
  ///     in ARKit camera axes on both sides (+X right, +Y up, looking down -Z).
  ///     Datasets give it in OpenCV axes; convert with
  ///     ``Transform/cameraAxesFlip`` on both sides.
  /// - Returns: ``PixelFormat/depthUInt16`` depth at this map's
  ///   ``unitsPerMeter`` (1000, millimetres, for float input).
  public func registered(
    to colorIntrinsics: CameraIntrinsics, depthIntrinsics: CameraIntrinsics,
    colorFromDepth: Transform
  ) throws(ARSceneError) -> DepthData {
    let outUnitsPerMetre: Float = depthMap.format == .depthUInt16 ? unitsPerMeter : 1000
    var depthCamera = try depthIntrinsics.core(named: "depth intrinsics")
    var colorCamera = try colorIntrinsics.core(named: "colour intrinsics")
    let matrix = colorFromDepth.columnMajor
    let width = colorIntrinsics.width
    let height = colorIntrinsics.height
    // Sizes the core refuses get no buffer, so that a corrupt size cannot
    // trap or allocate gigabytes here before the core names the problem.
    let plausible =
      (1...Self.largestSide).contains(width) && (1...Self.largestSide).contains(height)
    // The core writes straight into the new image's memory.
    let map = try PixelBuffer(
      format: .depthUInt16, width: plausible ? width : 1, height: plausible ? height : 1
    ) { (out) throws(ARSceneError) in
      try depthMap.withCoreView { (image) throws(ARSceneError) in
        var view = vc_depth_view_t(image: image, units_per_metre: unitsPerMeter)
        let status = matrix.withUnsafeBufferPointer { transform in
          vc_depth_register(
            &view, &depthCamera, transform.baseAddress, &colorCamera,
            plausible ? out.baseAddress?.assumingMemoryBound(to: UInt16.self) : nil,
            Int32(clamping: width * MemoryLayout<UInt16>.stride), outUnitsPerMetre)
        }
        try CoreStatus.check(status)
      }
    }
    return DepthData(depthMap: map, unitsPerMeter: outUnitsPerMetre)
  }

  /// The core's limit on an image side (see vc_depth_register).
  private static let largestSide = Int(VC_MAX_IMAGE_SIDE)
}

extension CameraIntrinsics {
  /// The core's struct; a size that does not fit 32 bits is refused here
  /// rather than wrapping around (the core checks everything else).
  fileprivate func core(named name: String) throws(ARSceneError) -> vc_camera_intrinsics_t {
    guard let w = Int32(exactly: width), let h = Int32(exactly: height) else {
      throw ARSceneError(.invalidImage, "\(name): image size \(width)x\(height) is too large")
    }
    return vc_camera_intrinsics_t(fx: fx, fy: fy, cx: cx, cy: cy, width: w, height: h)
  }
}
