import ARScene

extension WorldTrackingConfiguration {
  /// This configuration with the sequence's stated depth noise
  /// (``SequenceDescription/depthNoise``) when the caller left the tracking's
  /// at its default: the sensor, not the engine, decides how far one depth
  /// reading can be trusted. Bundle adjustment weighs every keyframe's depth
  /// of a point by it, so a sensor noisier than assumed pulls the map apart
  /// (ARKitScenes' LiDAR: see ``ARKitScenesReader/lidarDepthNoise``).
  public func adopting(depthNoiseOf sequence: any DatasetSequence) -> WorldTrackingConfiguration {
    var configuration = self
    if let noise = sequence.description.depthNoise,
      configuration.tracking.depthNoise == TrackingOptions().depthNoise
    {
      configuration.tracking.depthNoise = noise
    }
    return configuration
  }
}
