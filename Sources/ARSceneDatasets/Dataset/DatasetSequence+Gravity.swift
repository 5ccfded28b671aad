import ARScene

extension DatasetSequence {
  /// World up in the first frame's camera (ARKit camera axes), for a sequence
  /// that states gravity in its ground-truth world but has no IMU to measure
  /// it: as if the accelerometer had been read once at the first frame. nil
  /// when the sequence has an IMU (the engine measures gravity itself), no
  /// stated gravity, or no ground-truth pose at the first frame.
  public var initialUpDirection: SIMD3<Float>? {
    guard imu.isEmpty, let gravity = description.gravity,
      description.groundTruthConvention == "opencv",
      let first = frames.first, let pose = groundTruth.pose(at: first.timestamp, maximumGap: 0.1)
    else { return nil }
    let worldFromCamera = pose.rotation * Quaternion.cameraAxesFlip  // ARKit camera axes
    let up = worldFromCamera.conjugate.rotate(-gravity)
    return SIMD3<Float>(Float(up.x), Float(up.y), Float(up.z))
  }
}

extension WorldTrackingConfiguration {
  /// This configuration with the sequence's stated gravity filled in when the
  /// caller did not choose an up direction.
  public func adopting(gravityOf sequence: any DatasetSequence) -> WorldTrackingConfiguration {
    var configuration = self
    if configuration.initialUpDirection == nil {
      configuration.initialUpDirection = sequence.initialUpDirection
    }
    return configuration
  }
}
