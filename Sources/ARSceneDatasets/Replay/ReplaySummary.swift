import ARScene
import Foundation

/// What a replay did, for the closing `summary` event and the readable summary.
public struct ReplaySummary: Sendable {
  public var sequenceName: String
  public var framesProcessed = 0
  /// The replay was asked to stop (`run(shouldStop:)`, Ctrl-C in the CLI)
  /// before the sequence ended: everything reported covers the frames
  /// processed until then.
  public var wasStopped = false
  /// Times the sequence was played over in the session (`--loop`).
  public var passes = 1
  /// Session time of the last frame, seconds since the first.
  public var duration = 0.0
  /// Wall-clock seconds the replay took, decoding included.
  public var wallSeconds = 0.0
  public var meanAmbientIntensity = 0.0
  public var minMeanLuminance = Double.infinity
  public var maxMeanLuminance = -Double.infinity
  public var framesWithDepth = 0
  /// Frames whose tracking state was `normal`.
  public var framesTrackedNormally = 0
  /// Frames with a pose measured from that frame. A trajectory holds those
  /// from the first normal frame on; the ones before are provisional.
  public var framesWithMeasuredPose = 0
  public var trackingStateChanges = 0
  /// Times the camera was found again in the same world after a loss or
  /// an interruption, and times the session gave up and started over.
  public var relocalizations = 0
  public var sessionResets = 0
  /// Where world up came from after the last frame, and the session time of
  /// the first frame in which it was judged from the scene (nil otherwise).
  public var worldUp: Frame.WorldUp?
  public var worldUpDecidedAt: Double?
  /// Frames that found a mapped place again (points unseen for 5 s or more
  /// tracked again: a loop), and the session time of the first.
  public var revisitFrames = 0
  public var firstRevisitAt: Double?
  /// Frames with a measured pose whose positions had no metric scale
  /// (tracking without depth, before or without the IMU's scale).
  public var framesWithoutScale = 0
  /// Why the last of those had none.
  public var lastUnknownScaleReason: UnknownScaleReason?
  /// Frames in which a loop closure's correction of the map took effect
  /// (`mapCorrected` events), and the session time of the first.
  public var mapCorrections = 0
  public var firstMapCorrectionAt: Double?
  /// The world map saved after the last frame: its size in bytes and the
  /// milliseconds taken to snapshot, encode and write it.
  public var savedWorldMap: (bytes: Int, milliseconds: Double)?
  /// The mesh written after the last frame (`--mesh`).
  public var savedMesh: SavedMesh?
  /// Non-fatal findings of the dataset reader.
  public var problems: [String] = []
  /// The plane kinds the replay detected: "horizontal", "vertical"; empty
  /// when plane detection was off (and the plane fields below stay 0).
  public var planeDetection: [String] = []
  /// Plane anchors alive after the last frame, by classification.
  public var planeAnchorsByClassification: [PlaneAnchor.Classification: Int] = [:]
  /// `anchorAdded`, `anchorUpdated` and `anchorRemoved` events written.
  public var planeAnchorsAdded = 0
  public var planeAnchorsUpdated = 0
  public var planeAnchorsRemoved = 0
  /// Of the removals, those absorbed by another anchor (one surface, two anchors).
  public var planeAnchorsMerged = 0
  /// Mean `ImageStatistics/validDepthFraction` over the frames with depth.
  public var meanValidDepthFraction = 0.0
  /// Median depth in metres over pixels sampled from the depth maps; nil
  /// when no depth map had a valid pixel.
  public var medianDepthMeters: Double?
  /// Why the depth cannot give planes, one plain sentence each: no depth,
  /// all-zero depth, depth mostly holes, a depth scale off by 1000. Empty
  /// when the depth looks usable or plane detection was off.
  public var depthDiagnostics: [String] = []
  /// Ticks of the 60 Hz loop, and of them those without a frame (camera
  /// predicted).
  public var ticks = 0
  public var predictedTicks = 0
  /// With `--realtime`: frames skipped because a newer one was waiting, and
  /// ticks that ended after the next tick was due.
  public var framesDropped = 0
  public var deadlinesMissed = 0
  /// The loop's own cost per tick, frame processing left out; nil before
  /// any tick. A measurement: it varies from run to run.
  public var loopLatency: LatencyStatistics?
  /// The coaching's goal ("anyPlane", "image:poster") and language, nil
  /// without coaching.
  public var coachingGoal: String?
  public var coachingLanguage: String?
  /// Every change of the coaching message, in order.
  public var coachingTimeline: [CoachingChange] = []

  /// One change of the coaching message: shown (or cleared, nil) at a tick.
  public struct CoachingChange: Equatable, Sendable {
    public var t: Double
    public var tick: Int
    public var message: CoachingMessage?
  }

  public init(sequenceName: String) { self.sequenceName = sequenceName }

  /// Plane anchors alive after the last frame.
  public var planeAnchorCount: Int { planeAnchorsByClassification.values.reduce(0, +) }

  /// A few lines for a person at a terminal.
  public var readableText: String { readableText(includingTimes: true) }

  /// The same lines; without `includingTimes`, the wall time and the loop's
  /// cost are left out, so that the text is the same for the same replay.
  package func readableText(includingTimes: Bool) -> String {
    let fps = wallSeconds > 0 ? Double(framesProcessed) / wallSeconds : 0
    var lines = [
      (wasStopped ? "Stopped early; replayed " : "Replayed ")
        + "\(sequenceName): \(framesProcessed) frames"
        + (passes > 1 ? " (\(passes) passes in one session)" : "")
        + ", \(String(format: "%.2f", duration)) s of camera time"
        + (includingTimes
          ? " in \(String(format: "%.2f", wallSeconds)) s (\(String(format: "%.0f", fps)) frames/s)."
          : "."),
      "Light: mean intensity \(String(format: "%.0f", meanAmbientIntensity)) lm;"
        + " brightness \(String(format: "%.2f", framesProcessed > 0 ? minMeanLuminance : 0))"
        + "...\(String(format: "%.2f", framesProcessed > 0 ? maxMeanLuminance : 0)).",
      "Depth in \(framesWithDepth) of \(framesProcessed) frames.",
      "Tracking: normal in \(framesTrackedNormally) of \(framesProcessed) frames"
        + " (\(String(format: "%.1f", framesProcessed > 0 ? 100 * Double(framesTrackedNormally) / Double(framesProcessed) : 0))%),"
        + " a measured pose in \(framesWithMeasuredPose), \(trackingStateChanges) state changes.",
    ]
    if let untrackedText { lines.append(untrackedText) }
    if framesWithoutScale > 0 {
      lines.append(
        "Scale: unknown in \(framesWithoutScale) of the \(framesWithMeasuredPose) frames with a"
          + " measured pose (tracked without depth, and without the IMU's scale): their positions"
          + " are in a unit of the map's own, not metres."
          + (lastUnknownScaleReason.map { " Last, because \(Self.words(for: $0))." } ?? ""))
    }
    if let worldUpText { lines.append(worldUpText) }
    if let first = firstRevisitAt {
      lines.append(
        "Loops: came back to mapped places in \(revisitFrames) frame(s), first at"
          + String(format: " %.2f s; tracked against the points first seen there.", first))
    }
    if let first = firstMapCorrectionAt {
      lines.append(
        "Loop closure: the map was corrected \(mapCorrections) time(s), first at"
          + String(format: " %.2f s.", first))
    }
    if relocalizations > 0 || sessionResets > 0 {
      lines.append(
        "Relocalized \(relocalizations) time(s) in the same world;"
          + " started over \(sessionResets) time(s).")
    }
    if let saved = savedWorldMap {
      lines.append(
        "World map saved: \(String(format: "%.2f", Double(saved.bytes) / 1_048_576)) MB"
          + " in \(String(format: "%.1f", saved.milliseconds)) ms.")
    }
    if let mesh = savedMesh { lines.append(mesh.readableText) }
    if !planeDetection.isEmpty {
      let classes = PlaneAnchor.Classification.allCases.compactMap { kind in
        planeAnchorsByClassification[kind].flatMap { $0 > 0 ? "\(kind.rawValue) \($0)" : nil }
      }
      lines.append(
        "Planes (\(planeDetection.joined(separator: ", "))): \(planeAnchorCount) at the end"
          + (classes.isEmpty ? "" : " (\(classes.joined(separator: ", ")))")
          + "; \(planeAnchorsAdded) added, \(planeAnchorsUpdated) updates,"
          + " \(planeAnchorsRemoved) removed (\(planeAnchorsMerged) merged into another).")
    }
    lines += depthDiagnostics.map { "Depth unusable for planes: \($0)" }
    lines.append(loopText(includingCost: includingTimes))
    lines += coachingText
    if !problems.isEmpty {
      lines.append("Dataset problems (\(problems.count)):")
      lines += problems.prefix(5).map { "  \($0)" }
      if problems.count > 5 { lines.append("  ... and \(problems.count - 5) more") }
    }
    return lines.joined(separator: "\n")
  }

  /// Why no frame had a pose, when depth says why: without depth, tracking
  /// starts only once the camera has moved sideways, and without this line
  /// the summary would only show tracking that never starts.
  private var untrackedText: String? {
    guard framesProcessed > 0, framesWithMeasuredPose == 0, framesWithDepth == 0 else {
      return nil
    }
    return "Not tracked: none of the \(framesProcessed) frames has a depth map, and tracking"
      + " without depth never started: it needs the camera to move sideways (a camera that"
      + " only turns shows no depth), so no frame had a pose."
  }

  private var worldUpText: String? {
    guard let worldUp else { return nil }
    switch worldUp.source {
    case .given: return "World up: given (by the data set's gravity or a world map)."
    case .accelerometer: return "World up: measured by the accelerometer."
    case .none: return "World up: unknown; the world keeps the first camera's axes."
    case .undecided:
      // Up is judged only on frames with a measured pose, so a replay whose
      // tracking hardly started is undecided for that reason, not for want
      // of floor: the count tells the two apart.
      let judged = framesWithMeasuredPose == 0 ? "none here" : "\(framesWithMeasuredPose) here"
      return "World up: undecided; no accelerometer, and the planes in view did not settle it."
        + " They are judged in frames with a measured pose (\(judged)), and up needs several"
        + " such frames with enough floor or table in view"
        + String(
          format: " (the best direction's share so far %.2f). No planes were published.",
          worldUp.confidence)
    case .scene:
      return "World up: judged from the planes in view"
        + (worldUpDecidedAt.map { String(format: " at %.2f s", $0) } ?? "")
        + String(format: " (no accelerometer; confidence %.2f).", worldUp.confidence)
    }
  }

  private func loopText(includingCost: Bool) -> String {
    var text =
      "Loop: \(ticks) ticks at 60 Hz, \(predictedTicks) of them without a frame (camera predicted)"
    if includingCost, let latency = loopLatency {
      text += String(format: "; own cost %.4f ms median, %.4f ms p99", latency.p50, latency.p99)
    }
    if framesDropped > 0 || deadlinesMissed > 0 {
      text += "; \(framesDropped) frames dropped, \(deadlinesMissed) deadlines missed"
    }
    return text + "."
  }

  /// The coaching timeline, one line per change.
  private var coachingText: [String] {
    guard let coachingGoal else { return [] }
    guard !coachingTimeline.isEmpty else {
      return ["Coaching (\(coachingGoal), \(coachingLanguage ?? "en")): no message."]
    }
    return ["Coaching (\(coachingGoal), \(coachingLanguage ?? "en")):"]
      + coachingTimeline.map { change in
        let time = String(format: "%7.2f s", change.t)
        guard let message = change.message else { return "  \(time)  (cleared)" }
        return "  \(time)  \(message.key): \(message.text)"
      }
  }

  /// Why a frame had no scale, in words for the summary.
  static func words(for reason: UnknownScaleReason) -> String {
    switch reason {
    case .noIMU: return "there is no IMU to give it (monocular)"
    case .collectingMotion: return "the map's keyframes did not yet span enough seconds of motion"
    case .tooLittleAcceleration:
      return "the motion had too little acceleration to tell it (a camera that only turns?)"
    case .imuDisagrees:
      return "the IMU's motion and the camera's disagreed beyond noise (camera-to-IMU extrinsics,"
        + " clocks, or an IMU made up from smoothed poses?), so none was made up"
    }
  }
}
