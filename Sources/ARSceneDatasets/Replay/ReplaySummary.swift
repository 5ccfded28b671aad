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

  public init(sequenceName: String) { self.sequenceName = sequenceName }

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
    if !problems.isEmpty {
      lines.append("Dataset problems (\(problems.count)):")
      lines += problems.prefix(5).map { "  \($0)" }
      if problems.count > 5 { lines.append("  ... and \(problems.count - 5) more") }
    }
    return lines.joined(separator: "\n")
  }
}
