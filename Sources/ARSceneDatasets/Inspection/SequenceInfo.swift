import ARScene
import Foundation

/// What `arscene dataset info` tells about a sequence.
public struct SequenceInfo: Sendable {
  public var name: String
  public var format: String
  public var path: String
  public var frames: Int
  public var duration: Double
  /// Frames per second measured from the timestamps (median interval).
  public var measuredRate: Double?
  public var declaredRate: Double?
  public var sensors: [String]
  public var camera: CameraIntrinsics
  public var depthUnitsPerMeter: Float?
  public var groundTruthPoses: Int
  public var imuSamples: Int
  public var problems: [String]

  public init(_ sequence: any DatasetSequence) {
    let description = sequence.description
    let timestamps = sequence.frames.map(\.timestamp)
    name = description.name
    format = sequence.format
    path = sequence.url.path
    frames = timestamps.count
    duration = (timestamps.last ?? 0) - (timestamps.first ?? 0)
    let intervals = zip(timestamps.dropFirst(), timestamps).map { $0 - $1 }.sorted()
    let median = intervals.isEmpty ? 0 : intervals[intervals.count / 2]
    measuredRate = median > 0 ? 1 / median : nil
    declaredRate = description.frameRate
    sensors = description.sensors.map(\.rawValue).sorted()
    camera = description.camera
    depthUnitsPerMeter = description.depthUnitsPerMeter
    groundTruthPoses = sequence.groundTruth.count
    imuSamples = sequence.imu.count
    problems = sequence.problems
  }

  public var readableText: String {
    func f(_ value: Double, _ decimals: Int = 2) -> String {
      String(format: "%.\(decimals)f", value)
    }
    var lines = [
      "\(name) (\(format)) at \(path)",
      "frames:        \(frames) over \(f(duration)) s"
        + (measuredRate.map { ", \(f($0, 1)) Hz measured" } ?? "")
        + (declaredRate.map { ", \(f($0, 1)) Hz declared" } ?? ""),
      "sensors:       \(sensors.joined(separator: ", "))",
      "camera:        \(camera.width)x\(camera.height), fx \(f(camera.fx)) fy \(f(camera.fy))"
        + " cx \(f(camera.cx)) cy \(f(camera.cy))",
      "depth:         "
        + (depthUnitsPerMeter.map { "\(f(Double($0), 0)) units per metre" } ?? "none"),
      "ground truth:  " + (groundTruthPoses > 0 ? "\(groundTruthPoses) poses" : "none"),
      "imu:           " + (imuSamples > 0 ? "\(imuSamples) samples" : "none"),
      "problems:      " + (problems.isEmpty ? "none" : "\(problems.count)"),
    ]
    lines += problems.map { "  - \($0)" }
    return lines.joined(separator: "\n")
  }
}
