extension WorldTrackingConfiguration {
  /// Throws ``ARSceneError/Code/invalidArgument`` naming the first bad
  /// relocalization setting.
  func validateRelocalization() throws(ARSceneError) {
    guard interruptionThreshold.isFinite, (0.05...3600).contains(interruptionThreshold) else {
      throw ARSceneError(
        .invalidArgument,
        "interruptionThreshold must be 0.05...3600 seconds, got \(interruptionThreshold)")
    }
    if let timeout = relocalizationTimeout {
      guard timeout.isFinite, timeout > 0 else {
        throw ARSceneError(
          .invalidArgument, "relocalizationTimeout must be > 0 seconds or nil, got \(timeout)")
      }
    }
    if initialWorldMap != nil, !isRelocalizationEnabled {
      throw ARSceneError(
        .invalidArgument,
        "initialWorldMap needs isRelocalizationEnabled: a session without relocalization"
          + " cannot look for the camera in a map")
    }
  }
}
