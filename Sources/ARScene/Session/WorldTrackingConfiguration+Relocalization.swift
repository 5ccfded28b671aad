extension WorldTrackingConfiguration {
  /// Throws ``ARSceneError/Code/invalidArgument`` naming the first bad
  /// relocalization setting the core does not hold (the core's are checked
  /// through it).
  func validateRelocalization() throws(ARSceneError) {
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
