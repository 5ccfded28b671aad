import ARScene

/// What a replay keeps between ticks: the summary being built and what it
/// needs to decide the next events.
struct RunState {
  var summary: ReplaySummary
  var trackingState = Camera.TrackingState.notAvailable
  var worldMappingStatus = Frame.WorldMappingStatus.notAvailable
  /// Nil before the first frame, so the first frame event says where up
  /// came from.
  var worldUpSource: Frame.WorldUp.Source?
  var lastFrameIndex = 0
  var lastAnchors: [PlaneAnchor] = []
  var hasBeenNormal = false
  var intensitySum = 0.0
  var depthCheck = DepthCheck()
  /// Cameras and depth of the frames the mesh is compared with
  /// (ReplayOptions.meshDepthCheckInterval).
  var meshDepthSamples: [MeshDepthAgreement.Sample] = []
  var loopLatency = LatencyRecorder()

  /// Fills in the summary's totals after the last tick.
  mutating func finish(planeDetection: WorldTrackingConfiguration.PlaneDetection) {
    let frames = summary.framesProcessed
    summary.meanAmbientIntensity = frames > 0 ? intensitySum / Double(frames) : 0
    if !planeDetection.isEmpty {
      for anchor in lastAnchors {
        summary.planeAnchorsByClassification[anchor.classification, default: 0] += 1
      }
      summary.meanValidDepthFraction = depthCheck.meanValidFraction
      summary.medianDepthMeters = depthCheck.medianDepthMeters
      summary.depthDiagnostics = depthCheck.diagnostics
    }
    if summary.ticks > 0 { summary.loopLatency = loopLatency.statistics }
  }
}
