import ARScene
import Foundation

/// What a replay did, for the closing `summary` event and the readable summary.
public struct ReplaySummary: Sendable {
  public var sequenceName: String
  public var framesProcessed = 0
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
  /// Frames with a pose measured from that frame (what a trajectory holds).
  public var framesWithMeasuredPose = 0
  public var trackingStateChanges = 0
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
  /// Mean ``ImageStatistics/validDepthFraction`` over the frames with depth.
  public var meanValidDepthFraction = 0.0
  /// Median depth in metres over pixels sampled from the depth maps; nil
  /// when no depth map had a valid pixel.
  public var medianDepthMetres: Double?
  /// Why the depth cannot give planes, one plain sentence each: no depth,
  /// all-zero depth, depth mostly holes, a depth scale off by 1000. Empty
  /// when the depth looks usable or plane detection was off.
  public var depthDiagnostics: [String] = []

  public init(sequenceName: String) { self.sequenceName = sequenceName }

  /// Plane anchors alive after the last frame.
  public var planeAnchorCount: Int { planeAnchorsByClassification.values.reduce(0, +) }

  /// A few lines for a person at a terminal.
  public var readableText: String {
    let fps = wallSeconds > 0 ? Double(framesProcessed) / wallSeconds : 0
    var lines = [
      "Replayed \(sequenceName): \(framesProcessed) frames, \(String(format: "%.2f", duration)) s of camera time"
        + " in \(String(format: "%.2f", wallSeconds)) s (\(String(format: "%.0f", fps)) frames/s).",
      "Light: mean intensity \(String(format: "%.0f", meanAmbientIntensity)) lm;"
        + " brightness \(String(format: "%.2f", framesProcessed > 0 ? minMeanLuminance : 0))"
        + "...\(String(format: "%.2f", framesProcessed > 0 ? maxMeanLuminance : 0)).",
      "Depth in \(framesWithDepth) of \(framesProcessed) frames.",
      "Tracking: normal in \(framesTrackedNormally) of \(framesProcessed) frames"
        + " (\(String(format: "%.1f", framesProcessed > 0 ? 100 * Double(framesTrackedNormally) / Double(framesProcessed) : 0))%),"
        + " a measured pose in \(framesWithMeasuredPose), \(trackingStateChanges) state changes.",
    ]
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
    if !problems.isEmpty {
      lines.append("Dataset problems (\(problems.count)):")
      lines += problems.prefix(5).map { "  \($0)" }
      if problems.count > 5 { lines.append("  ... and \(problems.count - 5) more") }
    }
    return lines.joined(separator: "\n")
  }
}

/// Watches a replay's depth maps for what makes plane detection impossible
/// and says so in words, since the plane map then stays silently empty.
struct DepthCheck {
  /// Below this mean fraction of pixels with depth, depth is "mostly holes"
  /// (RGB-D sensors indoors give 60-95%).
  static let minimumValidFraction = 0.25
  /// Indoor depth has a median between these (metres); outside them the depth
  /// scale is almost surely wrong, typically by a factor of 1000.
  static let plausibleMedianDepth = 0.05...50.0
  /// Every `sampleEveryNthFrame`-th frame with depth is sampled, on a grid of
  /// about `samplesPerAxis` x `samplesPerAxis` pixels: enough for a median.
  static let sampleEveryNthFrame = 5
  static let samplesPerAxis = 32

  private var framesProcessed = 0
  private var framesWithDepth = 0
  private var validFractionSum = 0.0
  private var maximumValidFraction = 0.0
  private var frameMedians: [Double] = []

  mutating func add(depth: DepthData?, validFraction: Float) {
    framesProcessed += 1
    guard let depth else { return }
    if framesWithDepth % Self.sampleEveryNthFrame == 0,
      let median = Self.medianMetres(depth)
    {
      frameMedians.append(median)
    }
    framesWithDepth += 1
    validFractionSum += Double(validFraction)
    maximumValidFraction = max(maximumValidFraction, Double(validFraction))
  }

  var meanValidFraction: Double {
    framesWithDepth > 0 ? validFractionSum / Double(framesWithDepth) : 0
  }

  /// The median of the sampled frames' medians.
  var medianDepthMetres: Double? { Self.median(frameMedians) }

  /// Plain sentences, worst problem first; empty when depth looks usable.
  var diagnostics: [String] {
    guard framesProcessed > 0 else { return [] }
    if framesWithDepth == 0 {
      return [
        "no depth: none of the \(framesProcessed) frames has a depth map, and planes are found"
          + " in depth, so none can be detected."
      ]
    }
    if maximumValidFraction == 0 {
      return [
        "depth is all zero: none of the \(framesWithDepth) depth maps has a single valid"
          + " pixel, so no planes can be detected (a broken or unregistered depth stream?)."
      ]
    }
    var found: [String] = []
    if meanValidFraction < Self.minimumValidFraction {
      found.append(
        "depth is mostly holes: on average only \(String(format: "%.1f", 100 * meanValidFraction))%"
          + " of pixels have depth (usable depth has over"
          + " \(String(format: "%.0f", 100 * Self.minimumValidFraction))%), so few or no planes"
          + " can be found.")
    }
    if let median = medianDepthMetres, !Self.plausibleMedianDepth.contains(median) {
      let metres = String(format: median < 1 ? "%.4f" : "%.1f", median)
      found.append(
        median > Self.plausibleMedianDepth.upperBound
          ? "median depth is \(metres) m, over"
            + " \(String(format: "%.0f", Self.plausibleMedianDepth.upperBound)) m: depth looks like"
            + " millimetres read as metres (scale off by 1000?). Check the depth scale"
            + " (depthUnitsPerMetre in sequence.json)."
          : "median depth is \(metres) m, under"
            + " \(String(format: "%.0f", 100 * Self.plausibleMedianDepth.lowerBound)) cm: depth"
            + " looks like metres read as millimetres (scale off by 1000?). Check the depth scale"
            + " (depthUnitsPerMetre in sequence.json).")
    }
    return found
  }

  /// The median depth of one map in metres over a sparse grid, holes left out.
  private static func medianMetres(_ depth: DepthData) -> Double? {
    let map = depth.depthMap
    guard map.width > 0, map.height > 0 else { return nil }
    let scale = map.format == .depthFloat32 ? 1 : 1 / Double(depth.unitsPerMetre)
    guard scale.isFinite, scale > 0 else { return nil }
    let stepX = max(1, map.width / samplesPerAxis)
    let stepY = max(1, map.height / samplesPerAxis)
    var values: [Double] = []
    values.reserveCapacity(samplesPerAxis * samplesPerAxis)
    for y in stride(from: stepY / 2, to: map.height, by: stepY) {
      for x in stride(from: stepX / 2, to: map.width, by: stepX) {
        let raw = map.value(x: x, y: y)
        if raw.isFinite, raw > 0 { values.append(raw * scale) }
      }
    }
    return median(values)
  }

  private static func median(_ values: [Double]) -> Double? {
    guard !values.isEmpty else { return nil }
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }
}
