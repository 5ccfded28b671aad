import ARScene
import Foundation

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
  var medianDepthMeters: Double? { frameMedians.median }

  /// Plain sentences, worst problem first; empty when depth looks usable.
  var diagnostics: [String] {
    guard framesProcessed > 0 else { return [] }
    if framesWithDepth == 0 {
      return [
        "no depth: none of the \(framesProcessed) frames has a depth map, so planes can come"
          + " only from the points tracking follows, once an IMU has given metres (without an"
          + " IMU, none)."
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
    if let median = medianDepthMeters, !Self.plausibleMedianDepth.contains(median) {
      let metres = String(format: median < 1 ? "%.4f" : "%.1f", median)
      found.append(
        median > Self.plausibleMedianDepth.upperBound
          ? "median depth is \(metres) m, over"
            + " \(String(format: "%.0f", Self.plausibleMedianDepth.upperBound)) m: depth looks like"
            + " millimetres read as metres (scale off by 1000?). Check the depth scale"
            + " (depthUnitsPerMeter in sequence.json)."
          : "median depth is \(metres) m, under"
            + " \(String(format: "%.0f", 100 * Self.plausibleMedianDepth.lowerBound)) cm: depth"
            + " looks like metres read as millimetres (scale off by 1000?). Check the depth scale"
            + " (depthUnitsPerMeter in sequence.json).")
    }
    return found
  }

  /// The median depth of one map in metres over a sparse grid, holes left out.
  private static func medianMetres(_ depth: DepthData) -> Double? {
    let map = depth.depthMap
    guard map.width > 0, map.height > 0 else { return nil }
    let scale = map.format == .depthFloat32 ? 1 : 1 / Double(depth.unitsPerMeter)
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
    return values.median
  }
}
