import ARScene
import Foundation

/// Plays a recorded sequence through a `Session` and reports what happened
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
/// With scripted interactions (``ReplayOptions/interactions``) each tick
/// adds, after its frames' events, what happened to placed objects:
/// `objectPlaced` or `placementRejected` for a tap, `objectMoved` for a drag
/// or turn, then the tick's `raycastUpdated` and `objectMoved` (see
/// `ReplayPlacement`); the coaching hears of each tap at the next tick.
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
    self.configuration = configuration.adopting(gravityOf: sequence).adopting(
      depthNoiseOf: sequence)
    self.options = options
  }

  /// The frames one pass of this replay processes (``ReplayOptions/passes``
  /// plays them that many times over).
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
  /// `refinedTrajectory` receives, once after the last frame, every measured
  /// pose of the session (since its last reset) as the final map places it
  /// (`Session.refinedTrajectory()`), in the same convention as `pose`
  /// (`TimedPose.refining(_:with:)` matches them to `pose`'s).
  /// `onFrame` receives each frame's `FrameUpdate` after its events were
  /// emitted: the frame, every anchor after it (`FrameUpdate/planeAnchors`)
  /// and what changed.
  /// `mesh` receives the scene's mesh once after the last frame, when the
  /// replay writes one (``ReplayOptions/meshDestination``).
  /// `shouldStop` is asked before each tick: true ends the replay there as
  /// if the sequence had ended (the summary follows, with
  /// ``ReplaySummary/wasStopped``), so that what was written is complete up
  /// to the last processed frame.
  public func run(
    emit: (String) throws -> Void,
    progress: (Int, Int) -> Void = { _, _ in },
    pose: (TimedPose) throws -> Void = { _ in },
    refinedTrajectory: ([TimedPose]) throws -> Void = { _ in },
    onFrame: (FrameUpdate) throws -> Void = { _ in },
    mesh: (SceneMesh) throws -> Void = { _ in },
    shouldStop: () -> Bool = { false }
  ) throws -> ReplaySummary {
    let started = Date()
    guard options.passes >= 1 else {
      throw DatasetError("--loop must be at least 1, got \(options.passes)")
    }
    guard (1...2).contains(options.threads) else {
      throw DatasetError("--threads must be 1 or 2, got \(options.threads)")
    }
    guard !frames.count.multipliedReportingOverflow(by: options.passes).overflow else {
      throw DatasetError("--loop \(options.passes) times \(frames.count) frames is too many frames")
    }
    let inertialWarnings = try sequence.checkInertialInput(
      frames: frames, trackingMode: configuration.trackingMode)
    let loop = try Self.makeLoop(configuration, options)
    let timeline = ReplayTimeline(
      records: Array(self.frames), passes: options.passes,
      fallbackFrameRate: sequence.description.frameRate)
    var state = RunState(summary: ReplaySummary(sequenceName: sequence.description.name))
    state.summary.problems = sequence.problems + inertialWarnings
    state.summary.passes = timeline.passes
    state.summary.planeDetection = Self.planeDetectionNames(configuration.planeDetection)
    if let coaching = loop.coaching {
      state.summary.coachingGoal = coaching.goal.name
      state.summary.coachingLanguage = coaching.catalog.language.rawValue
    }
    // Objects saved with a world map come back hidden, and show once the
    // camera is found in the map.
    let savedObjects =
      try configuration.initialWorldMap.map { map throws(ARSceneError) in
        try map.anchors.filter { $0.kind == .object }
      } ?? []
    let placement =
      options.interactions.isEmpty && savedObjects.isEmpty
      ? nil
      : try ReplayPlacement(interactions: options.interactions, restoring: savedObjects)
    let schedule = try FrameSchedule(timeline: timeline, loop: loop)
    let clock = options.isRealtime ? WallClock(tickDuration: loop.configuration.tickDuration) : nil

    try emit(sessionEvent(frameCount: timeline.count, passes: timeline.passes).text)
    var next = 0
    // With --realtime, the next frame is decoded while the loop waits for
    // its tick, as a camera delivers frames decoded.
    var prefetched: (position: Int, frame: CapturedFrame, milliseconds: Double)?
    // Without it, on a virtual clock, every frame is processed in order, so a
    // worker can decode them ahead.
    let sequence = self.sequence
    let prefetcher =
      clock == nil
      ? FramePrefetcher(
        count: timeline.count,
        depth: options.threads > 1 ? ReplayOptions.framesDecodedAhead : 0,
        decode: { position in try Self.decode(at: position, of: timeline, in: sequence) })
      : nil
    defer { prefetcher?.stop() }
    while next < timeline.count {
      if shouldStop() {
        state.summary.wasStopped = true
        break
      }
      if let clock {
        let current = clock.currentTick()
        if current > loop.nextTickIndex {
          // Late: the ticks whose time has passed are skipped, as a display
          // skips refreshes it missed.
          state.summary.deadlinesMissed += current - loop.nextTickIndex
          loop.skipTicks(to: current)
        } else {
          clock.wait(forTick: loop.nextTickIndex)
        }
      }
      let tickIndex = loop.nextTickIndex
      var due: [Int] = []
      while next < timeline.count, schedule.arrivalTick(at: next) <= tickIndex {
        due.append(next)
        next += 1
      }
      // A live camera keeps only its newest image for a busy app.
      if clock != nil, due.count > 1 {
        state.summary.framesDropped += due.count - 1
        due.removeFirst(due.count - 1)
      }
      var captured: [CapturedFrame] = []
      var decodeMilliseconds: [Double] = []
      for position in due {
        if let prefetcher {
          let decoded = try prefetcher.frame(at: position)
          captured.append(decoded.frame)
          decodeMilliseconds.append(decoded.milliseconds)
        } else if let prefetched, prefetched.position == position {
          captured.append(prefetched.frame)
          decodeMilliseconds.append(prefetched.milliseconds)
        } else {
          let decoded = try timedDecode(at: position, of: timeline)
          captured.append(decoded.frame)
          decodeMilliseconds.append(decoded.milliseconds)
        }
      }
      let update: TickUpdate
      let processedBefore = loop.processedFrameCount
      do {
        update = try loop.tick(processing: captured)
      } catch {
        // Frames before the rejected one were processed, but their events are
        // not written: the tick did not complete.
        let position = due[min(loop.processedFrameCount - processedBefore, due.count - 1)]
        throw DatasetError(
          rejected: timeline[position],
          pass: timeline.passes > 1 ? timeline.pass(at: position) + 1 : nil, error)
      }
      for (offset, frameUpdate) in update.frameUpdates.enumerated() {
        try report(
          frameUpdate, captured: captured[offset], decodeMilliseconds: decodeMilliseconds[offset],
          tick: update.tick, loop: loop, state: &state, emit: emit, pose: pose)
        try onFrame(frameUpdate)
        progress(state.summary.framesProcessed, timeline.count)
      }
      let tickStamp = EventStamp(
        t: update.tick.time, frame: state.lastFrameIndex, tick: update.tick.index)
      if update.frameUpdates.isEmpty, update.tick.camera.trackingState != state.trackingState {
        // Frames stopped: the loop no longer knows where the camera is.
        state.trackingState = update.tick.camera.trackingState
        try emit(trackingStateEvent(state.trackingState, tickStamp).text)
        state.summary.trackingStateChanges += 1
      }
      if let placement {
        let step = placement.events(after: update, stamp: tickStamp, session: loop.session)
        for event in step.events { try emit(event.text) }
        for outcome in step.outcomes { loop.notePlacement(outcome) }
      }
      if let reset = update.frameUpdates.lazy.compactMap(\.reset).first {
        var event = Self.header(type: "sessionReset", tickStamp)
        event.add("reason", reset.rawValue)
        try emit(event.text)
        state.summary.sessionResets += 1
        placement?.removeAll()
      }
      try reportTick(update, state: &state, emit: emit)
      if clock != nil, next < timeline.count, prefetched?.position != next {
        let decoded = try timedDecode(at: next, of: timeline)
        prefetched = (next, decoded.frame, decoded.milliseconds)
      }
    }
    for interaction in state.summary.wasStopped ? [] : placement?.unperformed ?? [] {
      state.summary.problems.append(
        "the interaction with \(interaction.object) at t=\(interaction.time) s comes after the last frame"
      )
    }
    state.finish(planeDetection: configuration.planeDetection)
    try refinedTrajectory(
      loop.session.refinedTrajectory().map {
        Self.groundTruthConventionPose(timestamp: $0.timestamp, cameraTransform: $0.transform)
      })
    if let destination = options.worldMapDestination {
      let start = DispatchTime.now().uptimeNanoseconds
      let bytes = try saveWorldMap(
        loop.session, objects: placement?.worldMapAnchors ?? [], to: destination)
      state.summary.savedWorldMap = (
        bytes, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
      )
    }
    if let destination = options.meshDestination {
      let saved = try saveMesh(
        loop.session, to: destination, comparingWith: state.meshDepthSamples)
      state.summary.savedMesh = saved.summary
      try mesh(saved.mesh)
    }
    state.summary.wallSeconds = Date().timeIntervalSince(started)
    try emit(
      summaryEvent(
        state.summary, lastFrame: state.lastFrameIndex, tick: max(loop.nextTickIndex - 1, 0)
      ).text)
    return state.summary
  }

  /// Writes the session's map after the last frame, with its placed
  /// objects; the file is replaced only once complete.
  /// Returns the file's size in bytes.
  private func saveWorldMap(_ session: Session, objects: [WorldMapAnchor], to url: URL) throws
    -> Int
  {
    do {
      let bytes = try session.currentWorldMap(adding: objects).fileBytes()
      try WorldMap.write(bytes, to: url)
      return bytes.count
    } catch {
      throw DatasetError(file: url.path, "cannot save the world map: \(error.message)")
    }
  }

  /// Decodes the frame at `position` on this thread, timed.
  private func timedDecode(at position: Int, of timeline: ReplayTimeline) throws -> (
    frame: CapturedFrame, milliseconds: Double
  ) {
    let start = DispatchTime.now().uptimeNanoseconds
    let frame = try Self.decode(at: position, of: timeline, in: sequence)
    return (frame, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
  }

  /// Decodes the frame at `position`, moved to its pass's time.
  private static func decode(
    at position: Int, of timeline: ReplayTimeline, in sequence: any DatasetSequence
  ) throws -> CapturedFrame {
    let loaded = try sequence.loadFrame(timeline.source(at: position))
    return timeline.passes > 1 ? timeline.place(loaded, at: position, imu: sequence.imu) : loaded
  }

  /// Writes what one processed frame caused, then the frame event.
  private func report(
    _ update: FrameUpdate, captured: CapturedFrame, decodeMilliseconds: Double, tick: Tick,
    loop: SessionLoop, state: inout RunState, emit: (String) throws -> Void,
    pose: (TimedPose) throws -> Void
  ) throws {
    let frame = update.frame
    let t = loop.sessionTime(ofFrameAt: frame.timestamp)
    let stamp = EventStamp(t: t, frame: frame.index, tick: tick.index)
    state.lastFrameIndex = frame.index
    if let interval = options.meshDepthCheckInterval, frame.index % interval == 0,
      frame.trackingStatistics.isPoseMeasured, let depth = captured.depth
    {
      state.meshDepthSamples.append((frame.timestamp, frame.camera, depth))
    }
    if frame.camera.trackingState != state.trackingState {
      state.trackingState = frame.camera.trackingState
      try emit(trackingStateEvent(state.trackingState, stamp).text)
      state.summary.trackingStateChanges += 1
    }
    if let relocalization = update.relocalization {
      try emit(relocalizedEvent(relocalization, stamp).text)
      state.summary.relocalizations += 1
    }
    if update.isMapCorrected {
      var event = Self.header(type: "mapCorrected", stamp)
      event.add("loopClosures", update.loopClosures)
      try emit(event.text)
      state.summary.mapCorrections += 1
      if state.summary.firstMapCorrectionAt == nil { state.summary.firstMapCorrectionAt = stamp.t }
    }
    try reportAnchorChanges(
      added: update.addedAnchors, updated: update.updatedAnchors, removed: update.removedAnchors,
      cause: update.isMapCorrected ? "mapCorrection" : nil, stamp, state: &state, emit: emit)
    state.summary.planeAnchorsAdded += update.addedAnchors.count { $0 is PlaneAnchor }
    state.summary.planeAnchorsUpdated += update.updatedAnchors.count { $0 is PlaneAnchor }
    state.summary.planeAnchorsRemoved += update.removedAnchors.count { $0.anchor is PlaneAnchor }
    state.lastAnchors = update.planeAnchors
    let mappingChanged = frame.worldMappingStatus != state.worldMappingStatus
    state.worldMappingStatus = frame.worldMappingStatus
    let upChanged = frame.worldUp.source != state.worldUpSource
    if upChanged, frame.worldUp.source == .scene, state.summary.worldUpDecidedAt == nil {
      state.summary.worldUpDecidedAt = stamp.t
    }
    state.worldUpSource = frame.worldUp.source
    if frame.trackingStatistics.isPoseMeasured, !frame.trackingStatistics.isScaleKnown {
      state.summary.framesWithoutScale += 1
      state.summary.lastUnknownScaleReason = frame.trackingStatistics.unknownScaleReason
    }
    if frame.trackingStatistics.revisitedPoints > 0 {
      state.summary.revisitFrames += 1
      if state.summary.firstRevisitAt == nil { state.summary.firstRevisitAt = stamp.t }
    }
    state.summary.worldUp = frame.worldUp
    try emit(
      frameEvent(
        frame, stamp, decodeMilliseconds: decodeMilliseconds,
        worldMappingStatus: mappingChanged ? frame.worldMappingStatus : nil,
        worldUp: upChanged ? frame.worldUp : nil
      ).text)
    if frame.camera.trackingState == .normal { state.hasBeenNormal = true }
    if frame.trackingStatistics.isPoseMeasured {
      state.summary.framesWithMeasuredPose += 1
      // Poses before tracking first becomes normal are provisional: the
      // world's up may still turn once as it settles from the
      // accelerometer. The trajectory leaves them out.
      if state.hasBeenNormal { try pose(Self.groundTruthConventionPose(frame)) }
    }
    if frame.camera.trackingState == .normal { state.summary.framesTrackedNormally += 1 }

    state.summary.framesProcessed += 1
    state.summary.duration = t
    state.intensitySum += Double(frame.lightEstimate?.ambientIntensity ?? 0)
    let luminance = Double(frame.statistics.meanLuminance)
    state.summary.minMeanLuminance = min(state.summary.minMeanLuminance, luminance)
    state.summary.maxMeanLuminance = max(state.summary.maxMeanLuminance, luminance)
    if captured.depth != nil { state.summary.framesWithDepth += 1 }
    if !configuration.planeDetection.isEmpty {
      state.depthCheck.add(
        depth: captured.depth, validFraction: frame.statistics.validDepthFraction)
    }
  }

  /// `anchorAdded`, `anchorUpdated` and `anchorRemoved` events, in that
  /// order; a removal names the anchor that absorbed it, or null.
  private func reportAnchorChanges(
    added: [any Anchor], updated: [any Anchor], removed: [AnchorRemoval], cause: String? = nil,
    _ stamp: EventStamp, state: inout RunState, emit: (String) throws -> Void
  ) throws {
    for anchor in added {
      try emit(anchorEvent("anchorAdded", anchor, stamp).text)
    }
    for anchor in updated {
      var event = anchorEvent("anchorUpdated", anchor, stamp)
      if let cause { event.add("cause", cause) }
      try emit(event.text)
    }
    for removal in removed {
      var event = anchorEvent("anchorRemoved", removal.anchor, stamp)
      if let absorber = removal.absorbedBy {
        event.add("absorbedBy", absorber.uuidString)
        state.summary.planeAnchorsMerged += 1
      } else {
        event.addNull("absorbedBy")
      }
      try emit(event.text)
    }
  }

  /// Writes what the tick itself decided: coaching changes, then the
  /// optional per-tick camera line.
  private func reportTick(
    _ update: TickUpdate, state: inout RunState, emit: (String) throws -> Void
  ) throws {
    let tick = update.tick
    let stamp = EventStamp(t: tick.time, frame: state.lastFrameIndex, tick: tick.index)
    state.summary.ticks += 1
    if tick.isCameraPredicted { state.summary.predictedTicks += 1 }
    state.loopLatency.record(milliseconds: update.loopMilliseconds)
    try reportAnchorChanges(
      added: [], updated: update.anchorChanges.updated, removed: update.anchorChanges.removed,
      stamp, state: &state, emit: emit)
    if let coaching = update.coaching, coaching.changed {
      try emit(coachingEvent(coaching.message, stamp).text)
      state.summary.coachingTimeline.append(
        ReplaySummary.CoachingChange(t: tick.time, tick: tick.index, message: coaching.message))
    }
    if options.includeTicks { try emit(tickEvent(tick, stamp).text) }
  }

  private static func makeLoop(
    _ configuration: WorldTrackingConfiguration, _ options: ReplayOptions
  ) throws -> SessionLoop {
    do {
      let session = try Session(configuration: configuration)
      let coaching = try options.coaching.map { coaching throws(ARSceneError) in
        try CoachingController(
          goal: coaching.goal(for: configuration.planeDetection),
          configuration: coaching.configuration, catalog: coaching.catalog)
      }
      return try SessionLoop(session: session, configuration: options.loop, coaching: coaching)
    } catch {
      throw DatasetError("configuration: \(error.message)")
    }
  }

  /// `frames` counts every pass's; `passes` is written only with more than
  /// one, so a single pass's event stays as it always was.
  private func sessionEvent(frameCount: Int, passes: Int) -> JSONLine {
    let description = sequence.description
    var event = Self.header(type: "session", EventStamp(t: 0, frame: 0, tick: 0))
    event.add("sequence", description.name)
    event.add("format", sequence.format)
    event.add("frames", frameCount)
    if passes > 1 { event.add("passes", passes) }
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
    configuration.add("tickRate", options.loop.tickRate, decimals: 3)
    configuration.add("realtime", options.isRealtime)
    if let coaching = options.coaching {
      var json = JSONLine()
      json.add("goal", coaching.goal(for: self.configuration.planeDetection).name)
      json.add("language", coaching.catalog.language.rawValue)
      json.add("device", coaching.catalog.device.rawValue)
      if let object = coaching.catalog.objectName {
        json.add("object", object)
      } else {
        json.addNull("object")
      }
      configuration.add("coaching", json)
    } else {
      configuration.addNull("coaching")
    }
    event.add("configuration", configuration)
    return event
  }

  /// The engine reports world_from_camera with ARKit camera axes; datasets'
  /// ground truth (TUM, 7-Scenes) uses OpenCV's, so trajectories are written
  /// that way for `evo_ape tum GT EST -a` to compare directly.
  static func groundTruthConventionPose(_ frame: Frame) -> TimedPose {
    groundTruthConventionPose(timestamp: frame.timestamp, cameraTransform: frame.camera.transform)
  }

  /// The same for an ARKit-axes worldFromCamera at `timestamp`.
  static func groundTruthConventionPose(timestamp: Double, cameraTransform: Transform) -> TimedPose
  {
    let worldFromCamera = cameraTransform * .cameraAxesFlip
    return TimedPose(
      timestamp: timestamp, rotation: worldFromCamera.rotation,
      translation: SIMD3<Double>(worldFromCamera.translation))
  }

  private func trackingStateEvent(_ state: Camera.TrackingState, _ stamp: EventStamp) -> JSONLine {
    var event = Self.header(type: "trackingState", stamp)
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

  /// `relocalized`: the camera found again in the same world, with the
  /// jump from where it was held (metres, degrees) and how long it was lost.
  private func relocalizedEvent(_ relocalization: Relocalization, _ stamp: EventStamp) -> JSONLine {
    var event = Self.header(type: "relocalized", stamp)
    event.add("lostSeconds", relocalization.lostDuration, decimals: 6)
    var correction = JSONLine()
    correction.add("metres", Double(relocalization.correctionMeters), decimals: 4)
    correction.add("degrees", Double(relocalization.correctionDegrees), decimals: 3)
    event.add("correction", correction)
    event.add(
      "heldWorldFromCamera",
      relocalization.heldCameraTransform.columnMajor.map(Double.init), decimals: 6)
    event.add(
      "worldFromCamera", relocalization.cameraTransform.columnMajor.map(Double.init), decimals: 6)
    return event
  }

  /// `worldMappingStatus` and `worldUp` are written only when they changed
  /// since the last frame event (`worldUp`: its source).
  private func frameEvent(
    _ frame: Frame, _ stamp: EventStamp, decodeMilliseconds: Double,
    worldMappingStatus: Frame.WorldMappingStatus?, worldUp: Frame.WorldUp?
  ) -> JSONLine {
    var event = Self.header(type: "frame", stamp)
    event.add("timestamp", frame.timestamp)
    event.add("trackingState", "\(frame.camera.trackingState)")
    if let worldMappingStatus { event.add("worldMappingStatus", "\(worldMappingStatus)") }
    if let worldUp {
      var up = JSONLine()
      up.add("source", "\(worldUp.source)")
      up.add("confidence", Double(worldUp.confidence), decimals: 4)
      event.add("worldUp", up)
    }
    if frame.camera.trackingState != .notAvailable {
      event.add("worldFromCamera", frame.camera.transform.columnMajor.map(Double.init), decimals: 6)
    }
    var tracking = JSONLine()
    tracking.add("trackedFeatures", frame.trackingStatistics.trackedFeatures)
    tracking.add("inliers", frame.trackingStatistics.inliers)
    tracking.add("mapPoints", frame.trackingStatistics.mapPoints)
    tracking.add("keyframe", frame.trackingStatistics.isKeyframe)
    tracking.add("poseMeasured", frame.trackingStatistics.isPoseMeasured)
    // Only when a mapped place is found again, so other frames' events stay
    // as they were.
    if frame.trackingStatistics.revisitedPoints > 0 {
      tracking.add("revisitedPoints", frame.trackingStatistics.revisitedPoints)
    }
    // Only for poses without metres (tracking without depth), so RGB-D
    // events stay as they were.
    if frame.trackingStatistics.isPoseMeasured, !frame.trackingStatistics.isScaleKnown {
      tracking.add("scaleKnown", false)
      if let reason = frame.trackingStatistics.unknownScaleReason {
        tracking.add("scaleUnknownBecause", reason.rawValue)
      }
    }
    event.add("tracking", tracking)
    if options.includeFeaturePoints, let points = frame.rawFeaturePoints {
      event.add("featurePoints", points.eventField)
    }
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

  private func summaryEvent(_ summary: ReplaySummary, lastFrame: Int, tick: Int) -> JSONLine {
    var event = Self.header(
      type: "summary", EventStamp(t: summary.duration, frame: lastFrame, tick: tick))
    event.add("framesProcessed", summary.framesProcessed)
    // Only when it happened, so that a complete replay's events are as before.
    if summary.wasStopped { event.add("stopped", true) }
    event.add("framesWithDepth", summary.framesWithDepth)
    event.add("framesTrackedNormally", summary.framesTrackedNormally)
    event.add("framesWithMeasuredPose", summary.framesWithMeasuredPose)
    // Only when some were, so that RGB-D replays' events are as before.
    if summary.framesWithoutScale > 0 {
      event.add("framesWithoutScale", summary.framesWithoutScale)
    }
    event.add("meanAmbientIntensity", summary.meanAmbientIntensity, decimals: 2)
    var revisits = JSONLine()
    revisits.add("frames", summary.revisitFrames)
    if let first = summary.firstRevisitAt {
      revisits.add("firstAt", first, decimals: 6)
    } else {
      revisits.addNull("firstAt")
    }
    event.add("revisits", revisits)
    if summary.mapCorrections > 0 {
      var corrections = JSONLine()
      corrections.add("count", summary.mapCorrections)
      corrections.add("firstAt", summary.firstMapCorrectionAt ?? 0, decimals: 6)
      event.add("mapCorrections", corrections)
    }
    if let worldUp = summary.worldUp {
      var up = JSONLine()
      up.add("source", "\(worldUp.source)")
      up.add("confidence", Double(worldUp.confidence), decimals: 4)
      if let decided = summary.worldUpDecidedAt {
        up.add("decidedAt", decided, decimals: 6)
      } else {
        up.addNull("decidedAt")
      }
      event.add("worldUp", up)
    }
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
    if let median = summary.medianDepthMeters {
      planes.add("medianDepth", median, decimals: 4)
    } else {
      planes.addNull("medianDepth")
    }
    planes.add("depthDiagnostics", summary.depthDiagnostics)
    event.add("planes", planes)
    var loop = JSONLine()
    loop.add("ticks", summary.ticks)
    loop.add("predictedTicks", summary.predictedTicks)
    loop.add("framesDropped", summary.framesDropped)
    loop.add("deadlinesMissed", summary.deadlinesMissed)
    if options.includeTimings, let latency = summary.loopLatency {
      loop.add("loopMillisecondsMedian", latency.p50, decimals: 4)
      loop.add("loopMillisecondsP99", latency.p99, decimals: 4)
    }
    event.add("loop", loop)
    event.add("coachingMessages", summary.coachingTimeline.count)
    return event
  }

  private func coachingEvent(_ message: CoachingMessage?, _ stamp: EventStamp) -> JSONLine {
    var event = Self.header(type: "coaching", stamp)
    guard let message else {
      event.addNull("message")
      return event
    }
    var json = JSONLine()
    json.add("key", message.key)
    json.add("text", message.text)
    json.add("urgency", "\(message.urgency)")
    json.add("action", message.action.rawValue)
    json.add("hideAppUI", message.hideAppUI)
    event.add("message", json)
    return event
  }

  private func tickEvent(_ tick: Tick, _ stamp: EventStamp) -> JSONLine {
    var event = Self.header(type: "tick", stamp)
    event.add("predicted", tick.isCameraPredicted)
    event.add("trackingState", "\(tick.camera.trackingState)")
    event.add("worldFromCamera", tick.camera.transform.columnMajor.map(Double.init), decimals: 6)
    return event
  }

  /// "horizontal", "vertical": the configuration's plane kinds as events name them.
  static func planeDetectionNames(_ detection: WorldTrackingConfiguration.PlaneDetection)
    -> [String]
  {
    (detection.contains(.horizontal) ? ["horizontal"] : [])
      + (detection.contains(.vertical) ? ["vertical"] : [])
  }

  private func anchorEvent(_ type: String, _ anchor: any Anchor, _ stamp: EventStamp) -> JSONLine {
    var event = Self.header(type: type, stamp)
    event.add("anchor", Self.anchorJSON(anchor))
    return event
  }

  /// An anchor as events print it: metres and radians, 6 decimals for the
  /// transform, 4 (a tenth of a millimetre) for the plane's own geometry.
  static func anchorJSON(_ anchor: any Anchor) -> JSONLine {
    var json = JSONLine()
    json.add("id", anchor.identifier.uuidString)
    let kind =
      anchor is PlaneAnchor
      ? "plane"
      : anchor is ImageAnchor ? "image" : anchor is MeshAnchor ? "mesh" : "\(type(of: anchor))"
    json.add("kind", kind)
    json.add("transform", anchor.transform.columnMajor.map(Double.init), decimals: 6)
    if let mesh = anchor as? MeshAnchor {
      // The geometry goes to the mesh file and the API, not into events.
      json.add("revision", mesh.revision)
      json.add("vertexCount", mesh.vertexCount)
      json.add("faceCount", mesh.faceCount)
      return json
    }
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

  static func header(type: String, _ stamp: EventStamp) -> JSONLine {
    var event = JSONLine()
    event.add("type", type)
    event.add("t", stamp.t)
    event.add("frame", stamp.frame)
    event.add("tick", stamp.tick)
    return event
  }
}
