import ARScene
import Foundation

/// Relocalizes every frame of a sequence on its own against a saved map:
/// no tracking from one frame to the next, as in the 7-Scenes
/// relocalization protocol. What `arscene relocalize` runs.
///
/// Each answer is a pose in the map's world, written in the sequence's
/// ground-truth camera convention (as `replay --trajectory` writes), so the
/// map's world can be tied to ground truth once, from the mapping run's own
/// trajectory.
public struct RelocalizationRun {
  /// One frame's answer.
  public struct Answer: Sendable {
    public var frameIndex: Int
    public var timestamp: Double
    public var result: Relocalizer.Result
    /// The query alone, decoding excluded.
    public var milliseconds: Double
  }

  public let sequence: any DatasetSequence
  public let map: WorldMap
  /// The first frame (index into the sequence) and how many to query.
  public var firstFrame = 0
  public var maxFrames: Int?
  /// 2 decodes the next frames on a second thread while a frame is queried;
  /// 1 decodes each on the caller's thread (see ``ReplayOptions/threads``).
  public var threads = ReplayOptions.defaultThreads

  public init(sequence: any DatasetSequence, map: WorldMap) {
    self.sequence = sequence
    self.map = map
  }

  /// The frames this run queries.
  public var frames: ArraySlice<FrameRecord> {
    let all = sequence.frames.dropFirst(firstFrame)
    return all.prefix(maxFrames ?? all.count)
  }

  /// Queries every frame in order. Throws ``DatasetError`` naming the
  /// frame's file when it cannot be read or the map refuses it (another
  /// image size than the map's camera).
  public func run(progress: (Int, Int) -> Void = { _, _ in }) throws(DatasetError) -> [Answer] {
    try DatasetError.wrapping { try answers(progress: progress) }
  }

  private func answers(progress: (Int, Int) -> Void) throws -> [Answer] {
    let relocalizer: Relocalizer
    do {
      relocalizer = try Relocalizer(map: map)
    } catch {
      throw DatasetError("the world map cannot be relocalized in: \(error.message)")
    }
    let frames = Array(self.frames)
    var answers: [Answer] = []
    answers.reserveCapacity(frames.count)
    let sequence = self.sequence
    let prefetcher = FramePrefetcher(
      count: frames.count, depth: threads > 1 ? ReplayOptions.framesDecodedAhead : 0,
      decode: { try sequence.loadFrame(frames[$0]) })
    defer { prefetcher.stop() }
    for (position, record) in frames.enumerated() {
      let frame = try prefetcher.frame(at: position).frame
      let start = DispatchTime.now().uptimeNanoseconds
      let result: Relocalizer.Result
      do {
        result = try relocalizer.locate(frame)
      } catch {
        throw DatasetError(
          file: record.colorPath, "frame \(record.index) at \(record.timestamp) s: \(error.message)"
        )
      }
      let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
      answers.append(
        Answer(
          frameIndex: record.index, timestamp: record.timestamp, result: result,
          milliseconds: milliseconds))
      progress(answers.count, frames.count)
    }
    return answers
  }

  /// The poses found, in the ground truth's camera convention.
  public static func poses(_ answers: [Answer]) -> [TimedPose] {
    answers.compactMap { answer in
      answer.result.cameraTransform.map {
        Replay.groundTruthConventionPose(timestamp: answer.timestamp, cameraTransform: $0)
      }
    }
  }

  /// The JSON report: per frame whether it was found, its inliers,
  /// keyframe, outcome and (with timings) milliseconds; overall the
  /// fraction found and, with timings, `mean_ms`, `p50_ms` and `p99_ms`.
  /// Without timings the same input gives the same bytes.
  public static func report(
    _ answers: [Answer], map: String, sequence: String, includeTimings: Bool,
    scores: [(name: String, score: RelocalizationScore)] = []
  ) -> String {
    var root = JSONLine()
    root.add("map", map)
    root.add("sequence", sequence)
    root.add("frames", answers.count)
    let found = answers.count { $0.result.cameraTransform != nil }
    root.add("found", found)
    root.add("found_fraction", answers.isEmpty ? 0 : Double(found) / Double(answers.count))
    if includeTimings {
      let times = answers.map(\.milliseconds).sorted()
      root.add("mean_ms", times.isEmpty ? 0 : times.reduce(0, +) / Double(times.count), decimals: 3)
      root.add("p50_ms", percentile(times, 50), decimals: 3)
      root.add("p99_ms", percentile(times, 99), decimals: 3)
      root.add("max_ms", times.last ?? 0, decimals: 3)
    }
    for (name, score) in scores { root.add(name, json(score)) }
    root.add(
      "per_frame",
      answers.map { answer in
        var line = JSONLine()
        line.add("frame", answer.frameIndex)
        line.add("timestamp", answer.timestamp)
        line.add("found", answer.result.cameraTransform != nil)
        line.add("inliers", answer.result.inliers)
        if let keyframe = answer.result.keyframeID {
          line.add("keyframe", keyframe)
        } else {
          line.addNull("keyframe")
        }
        line.add("outcome", answer.result.outcome)
        if includeTimings { line.add("ms", answer.milliseconds, decimals: 3) }
        return line
      })
    return root.text + "\n"
  }

  /// A score as the report writes it: fractions, errors in cm and degrees.
  package static func json(_ score: RelocalizationScore) -> JSONLine {
    var json = JSONLine()
    json.add("answered_fraction", score.answeredFraction)
    json.add("correct_fraction", score.correctFraction)
    json.add("correct_fraction_of_queries", score.correctFractionOfQueries)
    json.add("gross_fraction", score.grossFraction)
    json.add("median_cm", score.medianTranslationError * 100, decimals: 3)
    json.add("median_degrees", score.medianRotationErrorDegrees, decimals: 3)
    json.add("max_cm", score.maxTranslationError * 100, decimals: 3)
    json.add("unscored", score.unscoredTimestamps.count)
    return json
  }

  /// One line a person reads.
  public static func summary(_ score: RelocalizationScore) -> String {
    func percent(_ x: Double) -> String { String(format: "%.1f%%", 100 * x) }
    return "answered \(percent(score.answeredFraction)); \(percent(score.correctFraction)) of the"
      + " answers within 5 cm / 5° (\(percent(score.correctFractionOfQueries)) of all frames);"
      + " median \(String(format: "%.2f", score.medianTranslationError * 100)) cm"
      + " \(String(format: "%.2f", score.medianRotationErrorDegrees))°;"
      + " \(percent(score.grossFraction)) over 25 cm;"
      + " worst \(String(format: "%.1f", score.maxTranslationError * 100)) cm"
  }

  /// Nearest-rank percentile of sorted values; 0 for none.
  public static func percentile(_ sorted: [Double], _ p: Double) -> Double {
    guard !sorted.isEmpty else { return 0 }
    let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
    return sorted[min(max(rank, 1), sorted.count) - 1]
  }
}
