import ARScene
import ARSceneDatasets
import XCTest

/// The relocalization scorer on synthetic trajectories with known answers: a
/// map whose world is the ground truth's moved by a known rigid transform,
/// and answers off the truth by known distances and angles.
final class RelocalizationScoreTests: XCTestCase {
  /// map_from_groundTruth: the world the mapping run happened to start in.
  private let mapRotation = Quaternion(angle: 2.3, axis: SIMD3(0.3, 1, -0.4))
  private let mapTranslation = SIMD3<Double>(1.5, -0.7, 4.2)

  /// A walk around a room at 30 Hz that turns as it goes, starting at `start`
  /// seconds: never collinear, so positions fix the alignment.
  private func walk(from start: Double, frames: Int, phase: Double = 0) -> [TimedPose] {
    (0..<frames).map { k in
      let t = start + Double(k) / 30
      let angle = phase + 0.4 * t
      return TimedPose(
        timestamp: t,
        rotation: Quaternion(angle: angle, axis: SIMD3(0, 1, 0))
          * Quaternion(angle: 0.2 * sin(t), axis: SIMD3(1, 0, 0)),
        translation: SIMD3(1.9 * sin(angle), 1.4 + 0.05 * sin(3 * t), 1.9 * cos(angle)))
    }
  }

  /// A ground-truth pose carried into the map's world.
  private func inMap(_ pose: TimedPose) -> TimedPose {
    TimedPose(
      timestamp: pose.timestamp, rotation: mapRotation * pose.rotation,
      translation: mapRotation.rotate(pose.translation) + mapTranslation)
  }

  /// `pose` off the truth by `metres` along a direction and `degrees` about an
  /// axis (camera side), then carried into the map's world.
  private func answer(
    _ pose: TimedPose, metres: Double, degrees: Double, direction: SIMD3<Double> = SIMD3(1, 2, 2)
  ) -> TimedPose {
    let unit = direction / (direction * direction).sum().squareRoot()
    return inMap(
      TimedPose(
        timestamp: pose.timestamp,
        rotation: pose.rotation * Quaternion(angle: degrees * .pi / 180, axis: SIMD3(0.2, -1, 0.5)),
        translation: pose.translation + unit * metres))
  }

  private func alignedMap() throws -> PointSetAlignment {
    let truth = walk(from: 0, frames: 90)
    // The mapping run lost a few frames; association pairs the rest.
    let run = truth.enumerated().filter { $0.offset % 7 != 3 }.map { inMap($0.element) }
    let tie = try RelocalizationScore.alignMap(mappingRun: run, mappingGroundTruth: truth)
    XCTAssertEqual(tie.alignmentBasis, .positions)
    XCTAssertLessThan(tie.ate.max, 1e-9, "the tie itself is exact")
    return tie.alignment
  }

  func testTheMapsWorldIsTiedToGroundTruthByTheMappingRun() throws {
    let alignment = try alignedMap()
    XCTAssertLessThan(alignment.rotation.angle(to: mapRotation.conjugate), 1e-6)
    let recovered = alignment.apply(mapTranslation)
    XCTAssertLessThan(
      (recovered * recovered).sum().squareRoot(), 1e-9, "the truth's origin, seen from the map")
    XCTAssertEqual(alignment.scale, 1, "SE(3), no scale")
  }

  func testKnownErrorsGiveExactFractionsAndMedians() throws {
    // Another path through the same room, at other times: the query.
    let query = walk(from: 10, frames: 20, phase: 1.3)
    let errors: [(metres: Double, degrees: Double)] = [
      (0.01, 1), (0.02, 0.5), (0.03, 4), (0.04, 6), (0.06, 1),
      (0.1, 2), (0.3, 3), (0.5, 20), (0.0, 0), (0.045, 4.5),
    ]
    // Every other query frame gets an answer.
    let answers = errors.enumerated().map { index, error in
      answer(query[2 * index], metres: error.metres, degrees: error.degrees)
    }
    let score = RelocalizationScore(
      answers: answers, queryGroundTruth: query, queryFrameCount: query.count,
      groundTruthFromMap: try alignedMap())

    XCTAssertEqual(score.queryFrameCount, 20)
    XCTAssertEqual(score.answeredCount, 10)
    XCTAssertEqual(score.answeredFraction, 0.5)
    XCTAssertEqual(score.scoredAnswers.count, 10)
    XCTAssertTrue(score.unscoredTimestamps.isEmpty)
    for (scored, error) in zip(score.scoredAnswers, errors) {
      XCTAssertEqual(scored.translationError, error.metres, accuracy: 1e-9)
      // acos near 1 limits the angle's precision to ~1e-6 degrees.
      XCTAssertEqual(scored.rotationErrorDegrees, error.degrees, accuracy: 1e-5)
    }
    // Within 5 cm and 5 degrees: 0.01/1, 0.02/0.5, 0.03/4, 0/0, 0.045/4.5;
    // 0.04/6 fails on the angle, 0.06/1 on the distance.
    XCTAssertEqual(
      score.scoredAnswers.map(\.isCorrect),
      [true, true, true, false, false, false, false, false, true, true])
    XCTAssertEqual(score.correctFraction, 0.5)
    XCTAssertEqual(score.correctFractionOfQueries, 0.25)
    // Over 25 cm: 0.3 and 0.5.
    XCTAssertEqual(score.grossFraction, 0.2)
    // Sorted distances: 0 .01 .02 .03 .04 | .045 .06 .1 .3 .5.
    XCTAssertEqual(score.medianTranslationError, 0.0425, accuracy: 1e-9)
    // Sorted angles: 0 .5 1 1 2 | 3 4 4.5 6 20.
    XCTAssertEqual(score.medianRotationErrorDegrees, 2.5, accuracy: 1e-5)
    XCTAssertEqual(score.maxTranslationError, 0.5, accuracy: 1e-9)
  }

  func testAnAnswerThirtyCentimetresOffIsAGrossError() throws {
    let query = walk(from: 3, frames: 30)
    let score = RelocalizationScore(
      answers: [answer(query[12], metres: 0.3, degrees: 0)], queryGroundTruth: query,
      queryFrameCount: 30, groundTruthFromMap: try alignedMap())
    let only = try XCTUnwrap(score.scoredAnswers.first)
    XCTAssertEqual(only.translationError, 0.3, accuracy: 1e-9)
    XCTAssertTrue(only.isGross)
    XCTAssertFalse(only.isCorrect)
    XCTAssertEqual(score.grossFraction, 1)
    XCTAssertEqual(score.correctFraction, 0)
    XCTAssertEqual(score.answeredFraction, 1.0 / 30.0, accuracy: 1e-15)
  }

  func testNoAnswersGiveZeroFractionsNotNaN() throws {
    let query = walk(from: 0, frames: 30)
    let alignment = try alignedMap()
    for frames in [30, 0] {
      let score = RelocalizationScore(
        answers: [], queryGroundTruth: query, queryFrameCount: frames,
        groundTruthFromMap: alignment)
      XCTAssertEqual(score.answeredCount, 0)
      let numbers = [
        score.answeredFraction, score.correctFraction, score.correctFractionOfQueries,
        score.grossFraction, score.medianTranslationError, score.medianRotationErrorDegrees,
        score.maxTranslationError, score.translationError.rmse, score.rotationErrorDegrees.mean,
      ]
      XCTAssertEqual(numbers, Array(repeating: 0, count: numbers.count), "\(frames) query frames")
    }
  }

  /// Answers come at the query frames' times, which need not be the ground
  /// truth's: between samples the truth is interpolated, a time rounded just
  /// past the last sample takes that sample, and an answer with no truth
  /// near it (outside the samples, or in a gap of theirs) is left unscored.
  func testAnswersBetweenOrWithoutGroundTruthSamples() throws {
    // Ground truth at 30 Hz with a 0.5 s hole from 1.0 to 1.5 s. Between
    // samples the walk is not exactly the interpolation, so the answer
    // between two is made from the same interpolation the scorer uses.
    let dense = walk(from: 0, frames: 60)
    let truth = dense.filter { $0.timestamp <= 1.0 + 1e-9 || $0.timestamp >= 1.5 - 1e-9 }
    let between = try XCTUnwrap(truth.pose(at: 0.51))
    let last = try XCTUnwrap(truth.last)
    var rounded = last
    rounded.timestamp += 4e-7  // TUM files keep microseconds
    var inHole = try XCTUnwrap(dense.first { abs($0.timestamp - 1.2) < 1e-9 })
    inHole.timestamp = 1.2
    var afterTheEnd = last
    afterTheEnd.timestamp += 0.5
    let answers = [between, rounded, inHole, afterTheEnd].map {
      answer($0, metres: 0.02, degrees: 1)
    }
    let score = RelocalizationScore(
      answers: answers, queryGroundTruth: truth.reversed(), queryFrameCount: 60,
      groundTruthFromMap: try alignedMap())
    XCTAssertEqual(score.answeredCount, 4)
    XCTAssertEqual(score.scoredAnswers.map(\.timestamp), [0.51, last.timestamp + 4e-7])
    XCTAssertEqual(score.unscoredTimestamps, [1.2, last.timestamp + 0.5])
    for scored in score.scoredAnswers {
      XCTAssertEqual(scored.translationError, 0.02, accuracy: 1e-9)
      XCTAssertEqual(scored.rotationErrorDegrees, 1, accuracy: 1e-5)
    }
    XCTAssertEqual(score.correctFraction, 1)
    XCTAssertEqual(score.correctFractionOfQueries, 2.0 / 60.0, accuracy: 1e-15)
    XCTAssertEqual(score.answeredFraction, 4.0 / 60.0, accuracy: 1e-15)
  }

  func testThresholdsAreParameters() throws {
    let query = walk(from: 0, frames: 10)
    let answers = [
      answer(query[0], metres: 0.08, degrees: 2), answer(query[1], metres: 0.15, degrees: 8),
    ]
    let alignment = try alignedMap()
    let usual = RelocalizationScore(
      answers: answers, queryGroundTruth: query, queryFrameCount: 10,
      groundTruthFromMap: alignment)
    XCTAssertEqual(usual.thresholds, RelocalizationScore.Thresholds())
    XCTAssertEqual(usual.correctFraction, 0)
    XCTAssertEqual(usual.grossFraction, 0)
    let loose = RelocalizationScore(
      answers: answers, queryGroundTruth: query, queryFrameCount: 10,
      groundTruthFromMap: alignment,
      thresholds: .init(translation: 0.1, rotationDegrees: 10, grossTranslation: 0.1))
    XCTAssertEqual(loose.scoredAnswers.map(\.isCorrect), [true, false])
    XCTAssertEqual(loose.scoredAnswers.map(\.isGross), [false, true])
  }
}
