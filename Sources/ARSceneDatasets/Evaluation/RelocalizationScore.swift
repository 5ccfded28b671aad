import ARScene

/// How good a relocalizer's answers are against ground truth.
///
/// A relocalizer answers in the world of the map it was given, which is the
/// world the run that built the map happened to start in; ground truth has a
/// world of its own. The two are tied once, by aligning the mapping run's
/// trajectory with its sequence's ground truth (``alignMap(mappingRun:mappingGroundTruth:maxTimeDifference:)``,
/// SE(3) as `evo_ape -a`), and that one transform then carries every answer
/// into the ground truth's world. Aligning the answers themselves instead
/// would let a relocalizer that is consistently wrong score well.
///
/// The query sequence may be another sequence of the same room (another
/// path) as long as its ground truth shares the mapping sequence's world.
/// Poses are `world_from_camera` in the dataset's ground-truth camera
/// convention, answers and truth alike.
public struct RelocalizationScore: Sendable {
  /// What counts as a correct answer and what as a gross error.
  public struct Thresholds: Equatable, Sendable {
    /// An answer is correct when it is within this many metres of the truth…
    public var translation: Double
    /// …and within this many degrees of its orientation: 5 cm and 5 degrees
    /// as in the 7-Scenes relocalization results.
    public var rotationDegrees: Double
    /// An answer more than this many metres off is a gross error: the
    /// relocalizer named the wrong place, and whatever an app anchored there
    /// would appear visibly elsewhere.
    public var grossTranslation: Double

    public init(
      translation: Double = 0.05, rotationDegrees: Double = 5, grossTranslation: Double = 0.25
    ) {
      self.translation = translation
      self.rotationDegrees = rotationDegrees
      self.grossTranslation = grossTranslation
    }
  }

  /// One answer compared with the truth at its time.
  public struct ScoredAnswer: Equatable, Sendable {
    public var timestamp: Double
    /// Distance between the answered and the true camera centre, metres.
    public var translationError: Double
    /// Angle between the answered and the true orientation, degrees.
    public var rotationErrorDegrees: Double
    /// Within both correctness thresholds (strictly).
    public var isCorrect: Bool
    /// Beyond the gross translation threshold (strictly).
    public var isGross: Bool
  }

  public let thresholds: Thresholds
  /// The transform applied to every answer: ground-truth world from map world.
  public let groundTruthFromMap: PointSetAlignment
  /// The frames the relocalizer was asked about.
  public var queryFrameCount: Int
  /// The answers given, scored or not.
  public var answeredCount: Int
  /// Answers over query frames (0 without query frames).
  public var answeredFraction: Double
  /// The answers with ground truth at their time, in the order given.
  public var scoredAnswers: [ScoredAnswer]
  /// Timestamps of answers with no ground truth at their time: none within
  /// the matching tolerance, or a gap in the ground truth. They count as
  /// answered but in no error statistic.
  public var unscoredTimestamps: [Double]
  /// Correct answers over scored answers (0 without scored answers).
  public var correctFraction: Double
  /// Correct answers over query frames: what share of the time a person
  /// would have been put back in the right place (0 without query frames).
  public var correctFractionOfQueries: Double
  /// Gross errors over scored answers (0 without scored answers).
  public var grossFraction: Double
  /// Over scored answers, metres; all 0 without any.
  public var translationError: TrajectoryEvaluation.ErrorStatistics
  /// Over scored answers, degrees; all 0 without any.
  public var rotationErrorDegrees: TrajectoryEvaluation.ErrorStatistics

  /// The median of ``ScoredAnswer/translationError``, metres.
  public var medianTranslationError: Double { translationError.median }
  /// The median of ``ScoredAnswer/rotationErrorDegrees``.
  public var medianRotationErrorDegrees: Double { rotationErrorDegrees.median }
  /// The largest ``ScoredAnswer/translationError``, metres.
  public var maxTranslationError: Double { translationError.max }

  /// Ties a map's world to ground truth: the mapping run's trajectory (poses
  /// in the map's world) evaluated against the mapping sequence's ground
  /// truth, associated by timestamp and SE(3)-aligned exactly as
  /// ``TrajectoryEvaluation`` does for the ATE. Its `alignment` is the
  /// transform to pass on as `groundTruthFromMap`; its `ate` says how well
  /// the tie itself holds, a floor under every answer's error.
  public static func alignMap(
    mappingRun: [TimedPose], mappingGroundTruth: [TimedPose],
    maxTimeDifference: Double = TrajectoryAssociation.defaultMaxTimeDifference
  ) throws(DatasetError) -> TrajectoryEvaluation {
    try TrajectoryEvaluation(
      estimate: mappingRun, groundTruth: mappingGroundTruth,
      frameTimestamps: mappingRun.map(\.timestamp), maxTimeDifference: maxTimeDifference)
  }

  /// Ties a map's world to ground truth like
  /// ``alignMap(mappingRun:mappingGroundTruth:maxTimeDifference:)``, with
  /// the same six degrees of freedom, but fitted to each camera's centre
  /// and to the point `reach` metres ahead of it (+Z of the ground truth's
  /// camera convention, any point fixed to the camera would do). A path
  /// that is thin in one direction (the 7-Scenes kitchen's spreads 27 x 18
  /// x 5 cm) leaves a centres-only fit free to tilt the world by degrees;
  /// the cameras' orientations pin it. Pairs as the ATE does.
  public static func alignMapByViews(
    mappingRun: [TimedPose], mappingGroundTruth: [TimedPose], reach: Double = 1,
    maxTimeDifference: Double = TrajectoryAssociation.defaultMaxTimeDifference
  ) throws(DatasetError) -> PointSetAlignment {
    let truth = mappingGroundTruth.sorted { $0.timestamp < $1.timestamp }
    var source: [SIMD3<Double>] = []
    var target: [SIMD3<Double>] = []
    for pose in mappingRun {
      guard
        let actual = Self.pose(
          at: pose.timestamp, in: truth, maxTimeDifference: maxTimeDifference, maxGap: 0.1)
      else { continue }
      let ahead = SIMD3<Double>(0, 0, reach)
      source += [pose.translation, pose.translation + pose.rotation.rotate(ahead)]
      target += [actual.translation, actual.translation + actual.rotation.rotate(ahead)]
    }
    return try PointSetAlignment(source: source, target: target)
  }

  /// Scores `answers` (poses in the map's world, timestamped with the query
  /// frames they answer) against `queryGroundTruth`.
  ///
  /// The truth at an answer's time is interpolated between the ground-truth
  /// samples around it when they are at most `maxGroundTruthGap` seconds
  /// apart (ground truth often runs at its own rate); failing that, the
  /// nearest sample within `maxTimeDifference` (a time rounded by a
  /// trajectory file just past the last sample); failing that, the answer
  /// is unscored.
  public init(
    answers: [TimedPose], queryGroundTruth: [TimedPose], queryFrameCount: Int,
    groundTruthFromMap: PointSetAlignment, thresholds: Thresholds = Thresholds(),
    maxTimeDifference: Double = TrajectoryAssociation.defaultMaxTimeDifference,
    maxGroundTruthGap: Double = 0.1
  ) {
    self.thresholds = thresholds
    self.groundTruthFromMap = groundTruthFromMap
    self.queryFrameCount = queryFrameCount
    let truth = queryGroundTruth.sorted { $0.timestamp < $1.timestamp }
    var scored: [ScoredAnswer] = []
    var unscored: [Double] = []
    for answer in answers {
      guard
        let actual = Self.pose(
          at: answer.timestamp, in: truth, maxTimeDifference: maxTimeDifference,
          maxGap: maxGroundTruthGap)
      else {
        unscored.append(answer.timestamp)
        continue
      }
      let answered = groundTruthFromMap.apply(answer)
      let offset = answered.translation - actual.translation
      let translation = (offset * offset).sum().squareRoot()
      let rotation = actual.rotation.angle(to: answered.rotation) * 180 / .pi
      scored.append(
        ScoredAnswer(
          timestamp: answer.timestamp, translationError: translation,
          rotationErrorDegrees: rotation,
          isCorrect: translation < thresholds.translation && rotation < thresholds.rotationDegrees,
          isGross: translation > thresholds.grossTranslation))
    }
    scoredAnswers = scored
    unscoredTimestamps = unscored
    answeredCount = answers.count

    func share(_ count: Int, of total: Int) -> Double {
      total > 0 ? Double(count) / Double(total) : 0
    }
    let correct = scored.filter(\.isCorrect).count
    answeredFraction = share(answers.count, of: queryFrameCount)
    correctFraction = share(correct, of: scored.count)
    correctFractionOfQueries = share(correct, of: queryFrameCount)
    grossFraction = share(scored.filter(\.isGross).count, of: scored.count)
    translationError = TrajectoryEvaluation.ErrorStatistics(scored.map(\.translationError))
    rotationErrorDegrees = TrajectoryEvaluation.ErrorStatistics(
      scored.map(\.rotationErrorDegrees))
  }

  /// The true pose at `timestamp` from time-sorted `truth` (see the
  /// initializer for the rule).
  private static func pose(
    at timestamp: Double, in truth: [TimedPose], maxTimeDifference: Double, maxGap: Double
  ) -> TimedPose? {
    if let pose = truth.pose(at: timestamp, maximumGap: maxGap) { return pose }
    guard
      let nearest = truth.min(by: {
        abs($0.timestamp - timestamp) < abs($1.timestamp - timestamp)
      }), abs(nearest.timestamp - timestamp) <= maxTimeDifference
    else { return nil }
    return nearest
  }
}
