import ARScene
import Foundation

/// Plays a recorded sequence through a ``Session`` and reports what happened
/// as JSON Lines events: `session` first, one `frame` per frame, `summary`
/// last.
///
/// Everything a frame causes is written *before* that frame's `frame` event,
/// in this order: `trackingState` (when the state changed), then
/// `anchorAdded`, `anchorUpdated` and `anchorRemoved` (each group in order of
/// creation). A reader can therefore apply events as they come and take the
/// `frame` event as "this frame is complete".
///
/// Anchor events carry `"anchor": {"id", "kind": "plane", "transform": [16
/// column-major floats, world_from_anchor], "alignment", "classification",
/// "center": [x, y, z], "extent": {"width", "height", "rotationOnYAxis"},
/// "boundary": [[x, z], ...]}` (anchor coordinates, metres, radians); a
/// removal carries the anchor as last reported and `"absorbedBy"`, the id of
/// the anchor it was merged into, or null. Image anchors carry `"kind":
/// "image"`, `"name"` (the reference's), `"transform"`, `"isTracked"` and
/// `"estimatedScaleFactor"`.
///
/// Every event has `type`, `t` (session time: seconds since the first frame)
/// and `frame` (index). Without timings the events depend only on the
/// sequence and the configuration, byte for byte.
public struct Replay {
  public let sequence: any DatasetSequence
  public let configuration: WorldTrackingConfiguration
  public let options: ReplayOptions

  public init(
    sequence: any DatasetSequence,
    configuration: WorldTrackingConfiguration = WorldTrackingConfiguration(),
    options: ReplayOptions = ReplayOptions()
  ) {
    self.sequence = sequence
    self.configuration = configuration.adopting(gravityOf: sequence)
    self.options = options
  }

  /// The frames this replay will process.
  public var frames: ArraySlice<FrameRecord> {
    sequence.frames.prefix(options.maxFrames ?? sequence.frames.count)
  }

  /// Runs the replay. `emit` receives each event line (without newline);
  /// `progress` the number of frames done and the total.
  /// Throws ``DatasetError`` naming the frame's file when a frame cannot be read
  /// or is rejected by the session; events before it have been emitted.
  /// `pose` receives every measured camera pose, in the sequence's
  /// ground-truth camera convention (what `--trajectory` writes) from the
  /// first frame tracked normally on (earlier poses are provisional: the
  /// world's up may still settle); frames whose pose is held or absent are
  /// left out rather than guessed.
  /// `onFrame` receives each frame's ``FrameUpdate`` after its events were
  /// emitted: the frame, every anchor after it (``FrameUpdate/planeAnchors``)
  /// and what changed.
  public func run(
    emit: (String) throws -> Void,
    progress: (Int, Int) -> Void = { _, _ in },
    pose: (TimedPose) throws -> Void = { _ in },
    onFrame: (FrameUpdate) throws -> Void = { _ in }
  ) throws -> ReplaySummary {
    let started = Date()
    let session = try Self.makeSession(configuration)
    let frames = self.frames
    let origin = frames.first?.timestamp ?? 0
    var summary = ReplaySummary(sequenceName: sequence.description.name)
    summary.problems = sequence.problems
    var intensitySum = 0.0
    var trackingState = Camera.TrackingState.notAvailable
    var depthCheck = DepthCheck()
    var lastAnchors: [PlaneAnchor] = []
    var hasBeenNormal = false
    summary.planeDetection = Self.planeDetectionNames(configuration.planeDetection)

    try emit(sessionEvent(frameCount: frames.count).text)
    for record in frames {
      let decodeStart = DispatchTime.now().uptimeNanoseconds
      let captured = try sequence.loadFrame(record)
      let decodeMilliseconds = Double(DispatchTime.now().uptimeNanoseconds - decodeStart) / 1e6
      let update: FrameUpdate
      do {
        update = try session.process(captured)
      } catch {
        throw DatasetError(
          file: record.colorPath, "frame \(record.index) at \(record.timestamp) s: \(error.message)"
        )
      }
      let frame = update.frame
      let t = record.timestamp - origin
      if frame.camera.trackingState != trackingState {
        trackingState = frame.camera.trackingState
        try emit(trackingStateEvent(trackingState, t: t, frame: frame.index).text)
        summary.trackingStateChanges += 1
      }
      for anchor in update.addedAnchors {
        try emit(anchorEvent("anchorAdded", anchor, t: t, frame: frame.index).text)
      }
      for anchor in update.updatedAnchors {
        try emit(anchorEvent("anchorUpdated", anchor, t: t, frame: frame.index).text)
      }
      for removal in update.removedAnchors {
        var event = anchorEvent("anchorRemoved", removal.anchor, t: t, frame: frame.index)
        if let absorber = removal.absorbedBy {
          event.add("absorbedBy", absorber.uuidString)
          summary.planeAnchorsMerged += 1
        } else {
          event.addNull("absorbedBy")
        }
        try emit(event.text)
      }
      summary.planeAnchorsAdded += update.addedAnchors.count { $0 is PlaneAnchor }
      summary.planeAnchorsUpdated += update.updatedAnchors.count { $0 is PlaneAnchor }
      summary.planeAnchorsRemoved += update.removedAnchors.count { $0.anchor is PlaneAnchor }
      lastAnchors = update.planeAnchors
      try emit(frameEvent(frame, t: t, decodeMilliseconds: decodeMilliseconds).text)
      if frame.camera.trackingState == .normal { hasBeenNormal = true }
      if frame.trackingStatistics.isPoseMeasured {
        summary.framesWithMeasuredPose += 1
        // Poses before tracking first becomes normal are provisional: the
        // world's up may still turn once as it settles from the
        // accelerometer. The trajectory leaves them out.
        if hasBeenNormal { try pose(Self.groundTruthConventionPose(frame)) }
      }
      if frame.camera.trackingState == .normal { summary.framesTrackedNormally += 1 }

      summary.framesProcessed += 1
      summary.duration = t
      intensitySum += Double(frame.lightEstimate?.ambientIntensity ?? 0)
      let luminance = Double(frame.statistics.meanLuminance)
      summary.minMeanLuminance = min(summary.minMeanLuminance, luminance)
      summary.maxMeanLuminance = max(summary.maxMeanLuminance, luminance)
      if captured.depth != nil { summary.framesWithDepth += 1 }
      if !configuration.planeDetection.isEmpty {
        depthCheck.add(depth: captured.depth, validFraction: frame.statistics.validDepthFraction)
      }
      try onFrame(update)
      progress(summary.framesProcessed, frames.count)
    }
    summary.meanAmbientIntensity =
      summary.framesProcessed > 0 ? intensitySum / Double(summary.framesProcessed) : 0
    if !configuration.planeDetection.isEmpty {
      for anchor in lastAnchors {
        summary.planeAnchorsByClassification[anchor.classification, default: 0] += 1
      }
      summary.meanValidDepthFraction = depthCheck.meanValidFraction
      summary.medianDepthMetres = depthCheck.medianDepthMetres
      summary.depthDiagnostics = depthCheck.diagnostics
    }
    summary.wallSeconds = Date().timeIntervalSince(started)
    try emit(summaryEvent(summary, lastFrame: max(frames.count - 1, 0)).text)
    return summary
  }

  private static func makeSession(_ configuration: WorldTrackingConfiguration) throws -> Session {
    do {
      return try Session(configuration: configuration)
    } catch {
      throw DatasetError("configuration: \(error.message)")
    }
  }

  private func sessionEvent(frameCount: Int) -> JSONLine {
    let description = sequence.description
    var event = Self.header(type: "session", t: 0, frame: 0)
    event.add("sequence", description.name)
    event.add("format", sequence.format)
    event.add("frames", frameCount)
    var camera = JSONLine()
    camera.add("width", description.camera.width)
    camera.add("height", description.camera.height)
    camera.add("fx", description.camera.fx, decimals: 4)
    camera.add("fy", description.camera.fy, decimals: 4)
    camera.add("cx", description.camera.cx, decimals: 4)
    camera.add("cy", description.camera.cy, decimals: 4)
    event.add("camera", camera)
    event.add("sensors", description.sensors.map(\.rawValue).sorted())
    var configuration = JSONLine()
    configuration.add("lightEstimation", self.configuration.isLightEstimationEnabled)
    configuration.add("statisticsSampleStep", self.configuration.statisticsSampleStep)
    configuration.add("planeDetection", Self.planeDetectionNames(self.configuration.planeDetection))
    event.add("configuration", configuration)
    return event
  }

  /// The engine reports world_from_camera with ARKit camera axes; datasets'
  /// ground truth (TUM, 7-Scenes) uses OpenCV's, so trajectories are written
  /// that way for `evo_ape tum GT EST -a` to compare directly.
  static func groundTruthConventionPose(_ frame: Frame) -> TimedPose {
    let worldFromCamera = frame.camera.transform * .cameraAxesFlip
    return TimedPose(
      timestamp: frame.timestamp, rotation: worldFromCamera.rotation,
      translation: SIMD3<Double>(worldFromCamera.translation))
  }

  private func trackingStateEvent(_ state: Camera.TrackingState, t: Double, frame: Int) -> JSONLine
  {
    var event = Self.header(type: "trackingState", t: t, frame: frame)
    switch state {
    case .notAvailable:
      event.add("state", "notAvailable")
      event.addNull("reason")
    case .normal:
      event.add("state", "normal")
      event.addNull("reason")
    case .limited(let reason):
      event.add("state", "limited")
      event.add("reason", "\(reason)")
    }
    return event
  }

  private func frameEvent(_ frame: Frame, t: Double, decodeMilliseconds: Double) -> JSONLine {
    var event = Self.header(type: "frame", t: t, frame: frame.index)
    event.add("timestamp", frame.timestamp)
    event.add("trackingState", "\(frame.camera.trackingState)")
    if frame.camera.trackingState != .notAvailable {
      event.add("worldFromCamera", frame.camera.transform.columnMajor.map(Double.init), decimals: 6)
    }
    var tracking = JSONLine()
    tracking.add("trackedFeatures", frame.trackingStatistics.trackedFeatures)
    tracking.add("inliers", frame.trackingStatistics.inliers)
    tracking.add("mapPoints", frame.trackingStatistics.mapPoints)
    tracking.add("keyframe", frame.trackingStatistics.isKeyframe)
    tracking.add("poseMeasured", frame.trackingStatistics.isPoseMeasured)
    event.add("tracking", tracking)
    if let light = frame.lightEstimate {
      var estimate = JSONLine()
      estimate.add("ambientIntensity", Double(light.ambientIntensity), decimals: 2)
      estimate.add("ambientColorTemperature", Double(light.ambientColorTemperature), decimals: 1)
      event.add("lightEstimate", estimate)
    } else {
      event.addNull("lightEstimate")
    }
    var statistics = JSONLine()
    statistics.add("meanLuminance", Double(frame.statistics.meanLuminance), decimals: 4)
    statistics.add("sharpness", Double(frame.statistics.sharpness), decimals: 2)
    statistics.add("validDepthFraction", Double(frame.statistics.validDepthFraction), decimals: 4)
    event.add("statistics", statistics)
    if options.includeTimings {
      var timings = JSONLine()
      timings.add("decode", decodeMilliseconds, decimals: 3)
      for stage in frame.timings { timings.add(stage.name, stage.milliseconds, decimals: 3) }
      event.add("timings", timings)
    }
    return event
  }

  private func summaryEvent(_ summary: ReplaySummary, lastFrame: Int) -> JSONLine {
    var event = Self.header(type: "summary", t: summary.duration, frame: lastFrame)
    event.add("framesProcessed", summary.framesProcessed)
    event.add("framesWithDepth", summary.framesWithDepth)
    event.add("framesTrackedNormally", summary.framesTrackedNormally)
    event.add("framesWithMeasuredPose", summary.framesWithMeasuredPose)
    event.add("meanAmbientIntensity", summary.meanAmbientIntensity, decimals: 2)
    event.add("problems", summary.problems)
    var planes = JSONLine()
    planes.add("detection", summary.planeDetection)
    planes.add("anchors", summary.planeAnchorCount)
    var classes = JSONLine()
    for kind in PlaneAnchor.Classification.allCases {
      classes.add(kind.rawValue, summary.planeAnchorsByClassification[kind] ?? 0)
    }
    planes.add("byClassification", classes)
    planes.add("added", summary.planeAnchorsAdded)
    planes.add("updated", summary.planeAnchorsUpdated)
    planes.add("removed", summary.planeAnchorsRemoved)
    planes.add("merged", summary.planeAnchorsMerged)
    planes.add("meanValidDepthFraction", summary.meanValidDepthFraction, decimals: 4)
    if let median = summary.medianDepthMetres {
      planes.add("medianDepth", median, decimals: 4)
    } else {
      planes.addNull("medianDepth")
    }
    planes.add("depthDiagnostics", summary.depthDiagnostics)
    event.add("planes", planes)
    return event
  }

  /// "horizontal", "vertical": the configuration's plane kinds as events name them.
  static func planeDetectionNames(_ detection: WorldTrackingConfiguration.PlaneDetection)
    -> [String]
  {
    (detection.contains(.horizontal) ? ["horizontal"] : [])
      + (detection.contains(.vertical) ? ["vertical"] : [])
  }

  private func anchorEvent(_ type: String, _ anchor: any Anchor, t: Double, frame: Int)
    -> JSONLine
  {
    var event = Self.header(type: type, t: t, frame: frame)
    event.add("anchor", Self.anchorJSON(anchor))
    return event
  }

  /// An anchor as events print it: metres and radians, 6 decimals for the
  /// transform, 4 (a tenth of a millimetre) for the plane's own geometry.
  static func anchorJSON(_ anchor: any Anchor) -> JSONLine {
    var json = JSONLine()
    json.add("id", anchor.identifier.uuidString)
    let kind =
      anchor is PlaneAnchor ? "plane" : anchor is ImageAnchor ? "image" : "\(type(of: anchor))"
    json.add("kind", kind)
    json.add("transform", anchor.transform.columnMajor.map(Double.init), decimals: 6)
    if let image = anchor as? ImageAnchor {
      json.add("name", image.referenceImage.name)
      json.add("isTracked", image.isTracked)
      json.add("estimatedScaleFactor", Double(image.estimatedScaleFactor), decimals: 4)
      return json
    }
    guard let plane = anchor as? PlaneAnchor else { return json }
    json.add("alignment", plane.alignment.rawValue)
    json.add("classification", plane.classification.rawValue)
    json.add(
      "center", [plane.center.x, plane.center.y, plane.center.z].map(Double.init), decimals: 4)
    var extent = JSONLine()
    extent.add("width", Double(plane.planeExtent.width), decimals: 4)
    extent.add("height", Double(plane.planeExtent.height), decimals: 4)
    extent.add("rotationOnYAxis", Double(plane.planeExtent.rotationOnYAxis), decimals: 4)
    json.add("extent", extent)
    json.add("boundary", plane.boundary.map { [Double($0.x), Double($0.y)] }, decimals: 4)
    return json
  }

  static func header(type: String, t: Double, frame: Int) -> JSONLine {
    var event = JSONLine()
    event.add("type", type)
    event.add("t", t)
    event.add("frame", frame)
    return event
  }
}
