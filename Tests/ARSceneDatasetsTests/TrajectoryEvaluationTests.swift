import ARScene
import Foundation
import XCTest

@testable import ARSceneDatasets

/// Our trajectory metrics against evo, the tool SLAM people trust, on a fixed
/// pair of files (Fixtures/make_trajectory_pair.py writes them).
final class TrajectoryEvaluationTests: XCTestCase {
  private let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures")
  private var groundTruthURL: URL { fixtures.appendingPathComponent("groundtruth.txt") }
  private var estimateURL: URL { fixtures.appendingPathComponent("estimate.txt") }

  private func evaluate() throws -> TrajectoryEvaluation {
    let estimate = try TUMTrajectory.read(estimateURL)
    let frames = (0..<240).map { 100.003 + Double($0) / 30.0 }
    // Frame timestamps as the estimate wrote them, so that tracked frames match.
    let written = estimate.map(\.timestamp)
    let allFrames = frames.map { t in written.first { abs($0 - t) < 1e-6 } ?? t }
    return try TrajectoryEvaluation(
      estimate: estimate, groundTruth: try TUMTrajectory.read(groundTruthURL),
      frameTimestamps: allFrames)
  }

  /// `evo_ape tum groundtruth.txt estimate.txt -a` printed rmse 0.007191,
  /// mean 0.006666, max 0.015024 (evo 1.x, November 2026).
  func testATEMatchesEvosNumbersForTheFixedPair() throws {
    let evaluation = try evaluate()
    XCTAssertEqual(evaluation.associatedPoses, 225)
    XCTAssertEqual(evaluation.ate.rmse, 0.007191, accuracy: 2e-6)
    XCTAssertEqual(evaluation.ate.mean, 0.006666, accuracy: 2e-6)
    XCTAssertEqual(evaluation.ate.max, 0.015024, accuracy: 2e-6)
  }

  /// The same comparison against evo itself, run now, when it is installed
  /// (`pip install evo`; CI installs it).
  func testATEAgreesWithEvoWithinAMillimetre() throws {
    guard let evo = Self.executable("evo_ape") else {
      throw XCTSkip(
        "evo_ape is not installed (pip install evo); the golden numbers above still hold")
    }
    let rmse = try Self.evoRMSE(evo, ["tum", groundTruthURL.path, estimateURL.path, "-a"])
    XCTAssertEqual(try evaluate().ate.rmse, rmse, accuracy: 0.001)
  }

  func testTrackedFractionAndWorstStretchSeeTheGap() throws {
    let evaluation = try evaluate()
    XCTAssertEqual(evaluation.trackedFraction, 225.0 / 240.0, accuracy: 1e-9)
    let stretch = try XCTUnwrap(evaluation.worstStretch)
    XCTAssertEqual(stretch.to - stretch.from, 0.5 + 1 / 30.0, accuracy: 1e-3)
    XCTAssertEqual(stretch.from, 103.003 + 29 / 30.0 - 1 / 30.0 + 1 / 30.0, accuracy: 0.04)
    XCTAssertGreaterThan(evaluation.rpePairs, 150)
    XCTAssertLessThan(evaluation.rpeTranslation.rmse, 0.02)
  }

  func testAPerfectEstimateInAnotherWorldFrameHasZeroError() throws {
    let truth = try TUMTrajectory.read(groundTruthURL)
    let world = Quaternion(angle: 1.1, axis: SIMD3(0.2, 1, 0.4))
    let moved = truth.map {
      TimedPose(
        timestamp: $0.timestamp, rotation: world * $0.rotation,
        translation: world.rotate($0.translation) + SIMD3(3, -1, 2))
    }
    let evaluation = try TrajectoryEvaluation(
      estimate: moved, groundTruth: truth, frameTimestamps: truth.map(\.timestamp))
    XCTAssertLessThan(evaluation.ate.rmse, 1e-9)
    // acos near 1 limits the angle's precision to ~1e-6 degrees.
    XCTAssertLessThan(evaluation.rpeRotationDegrees.max, 1e-5)
    XCTAssertEqual(evaluation.trackedFraction, 1)
    XCTAssertNil(evaluation.worstStretch)
  }

  /// The fixture's estimate at half its size in another world frame, as a
  /// monocular tracker without an IMU would report it.
  private func halfSizeEstimate() throws -> [TimedPose] {
    let world = Quaternion(angle: 0.6, axis: SIMD3(1, 0.3, -0.5))
    return try TUMTrajectory.read(estimateURL).map {
      TimedPose(
        timestamp: $0.timestamp, rotation: world * $0.rotation,
        translation: 0.5 * world.rotate($0.translation) + SIMD3(-2, 4, 1))
    }
  }

  func testSim3AlignmentFitsTheScaleAndSaysHowFarOffItIs() throws {
    let truth = try TUMTrajectory.read(groundTruthURL)
    let halfSize = try halfSizeEstimate()
    let sim3 = try TrajectoryEvaluation(
      estimate: halfSize, groundTruth: truth, frameTimestamps: truth.map(\.timestamp),
      alignment: .sim3)
    let metric = try evaluate()
    // Scaled back, the half-size estimate scores as the metric one does.
    XCTAssertEqual(sim3.ate.rmse, metric.ate.rmse, accuracy: 0.001)
    XCTAssertEqual(sim3.rpeTranslation.rmse, metric.rpeTranslation.rmse, accuracy: 0.001)
    XCTAssertEqual(try XCTUnwrap(sim3.scaleErrorPercent), -50, accuracy: 1)
    XCTAssertTrue(sim3.readableText.contains("Sim(3)-aligned"), sim3.readableText)
    XCTAssertTrue(sim3.readableText.contains("Scale error: -"), sim3.readableText)
    XCTAssertTrue(sim3.json.text.contains("\"scaleErrorPercent\""), sim3.json.text)

    // SE(3) cannot scale: the same estimate is far off, and says nothing of
    // scale.
    let se3 = try TrajectoryEvaluation(
      estimate: halfSize, groundTruth: truth, frameTimestamps: truth.map(\.timestamp))
    XCTAssertGreaterThan(se3.ate.rmse, 10 * metric.ate.rmse)
    XCTAssertNil(se3.scaleErrorPercent)
    XCTAssertFalse(se3.json.text.contains("scale"), se3.json.text)
  }

  /// `evo_ape tum GT EST -as` on the half-size estimate, run now when evo is
  /// installed.
  func testSim3ATEAgreesWithEvoWithinAMillimetre() throws {
    guard let evo = Self.executable("evo_ape") else {
      throw XCTSkip("evo_ape is not installed (pip install evo)")
    }
    let halfSize = try halfSizeEstimate()
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "half-size-\(UUID()).txt")
    defer { try? FileManager.default.removeItem(at: file) }
    try TUMTrajectory.write(halfSize, to: file, comment: "half size, another world")
    let evoRMSE = try Self.evoRMSE(evo, ["tum", groundTruthURL.path, file.path, "-as"])
    let truth = try TUMTrajectory.read(groundTruthURL)
    let ours = try TrajectoryEvaluation(
      estimate: halfSize, groundTruth: truth, frameTimestamps: truth.map(\.timestamp),
      alignment: .sim3)
    XCTAssertEqual(ours.ate.rmse, evoRMSE, accuracy: 0.001)
  }

  /// Positions near 1e300 m once scored "RMSE inf cm" with exit 0 (issue 18
  /// row 6): the TUM reader names the line, the evaluation the pose.
  func testAbsurdPositionsAreRefusedNotScoredAsInfinity() throws {
    let text = try String(contentsOf: groundTruthURL, encoding: .utf8)
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let index = try XCTUnwrap(lines.indices.filter { !lines[$0].hasPrefix("#") }.dropFirst(5).first)
    var fields = lines[index].split(separator: " ").map(String.init)
    fields[1] = "1e300"
    lines[index] = fields.joined(separator: " ")
    let broken = FileManager.default.temporaryDirectory.appendingPathComponent(
      "absurd-\(UUID()).txt")
    try lines.joined(separator: "\n").write(to: broken, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: broken) }
    XCTAssertThrowsError(try TUMTrajectory.read(broken)) { error in
      let message = "\(error)"
      XCTAssertTrue(message.contains(":\(index + 1):"), message)
      XCTAssertTrue(message.contains("beyond 1e9 m"), message)
    }

    var truth = try TUMTrajectory.read(groundTruthURL)
    let estimate = truth
    truth[7].translation.y = -2e12
    XCTAssertThrowsError(
      try TrajectoryEvaluation(
        estimate: estimate, groundTruth: truth, frameTimestamps: truth.map(\.timestamp))
    ) { error in
      XCTAssertTrue("\(error)".contains("the ground-truth pose at"), "\(error)")
    }
  }

  /// A camera turning on the spot: its positions cannot fix a rotation
  /// (evo refuses it), so the alignment comes from the orientations; a
  /// perfect estimate in another world frame scores zero, and a 2 cm drift
  /// sideways shows.
  func testTurningOnTheSpotIsAlignedByOrientation() throws {
    let times = (0..<60).map { Double($0) / 30 }
    let truth = times.map {
      TimedPose(
        timestamp: $0, rotation: Quaternion(angle: $0, axis: SIMD3(0, 1, 0.1)),
        translation: SIMD3(0.5, 1.4, -2))
    }
    let world = Quaternion(angle: 0.7, axis: SIMD3(0.3, 1, -0.2))
    let moved = truth.map {
      TimedPose(
        timestamp: $0.timestamp, rotation: world * $0.rotation,
        translation: world.rotate($0.translation) + SIMD3(3, -1, 2))
    }
    let evaluation = try TrajectoryEvaluation(
      estimate: moved, groundTruth: truth, frameTimestamps: times)
    XCTAssertEqual(evaluation.alignmentBasis, .orientations)
    XCTAssertLessThan(evaluation.ate.rmse, 1e-9)
    XCTAssertTrue(evaluation.readableText.contains("aligned by orientation"))

    var drifted = moved
    for index in drifted.indices where index >= 30 {
      drifted[index].translation += world.rotate(SIMD3(0.02, 0, 0))
    }
    let driftEvaluation = try TrajectoryEvaluation(
      estimate: drifted, groundTruth: truth, frameTimestamps: times)
    XCTAssertEqual(driftEvaluation.ate.rmse, 0.01, accuracy: 1e-6, "half the poses 1 cm each side")
  }

  func testMovingCameraIsAlignedByPositions() throws {
    let truth = try TUMTrajectory.read(groundTruthURL)
    let evaluation = try TrajectoryEvaluation(
      estimate: truth, groundTruth: truth, frameTimestamps: truth.map(\.timestamp))
    XCTAssertEqual(evaluation.alignmentBasis, .positions)
  }

  /// Frames at N/30 s and a trajectory written with microsecond timestamps
  /// must still pair up: every frame of a full trajectory is tracked.
  func testRoundedTrajectoryTimestampsStillCountAsTracked() throws {
    let truth = try TUMTrajectory.read(groundTruthURL)
    let frames = (0..<90).map { 100.0 + Double($0) / 30.0 }
    let rounded = frames.map { t in
      TimedPose(
        timestamp: (t * 1e6).rounded() / 1e6, rotation: .identity,
        translation: SIMD3(t, sin(t), cos(t)))
    }
    let evaluation = try TrajectoryEvaluation(
      estimate: rounded, groundTruth: truth, frameTimestamps: frames)
    XCTAssertEqual(evaluation.trackedFraction, 1)
    XCTAssertNil(evaluation.worstStretch)
  }

  func testTrajectoryTextRoundTripsAndIsStable() throws {
    let truth = try TUMTrajectory.read(groundTruthURL)
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("traj-\(UUID()).txt")
    defer { try? FileManager.default.removeItem(at: url) }
    try TUMTrajectory.write(truth, to: url, comment: "test")
    let again = try TUMTrajectory.read(url)
    XCTAssertEqual(again.count, truth.count)
    for (a, b) in zip(again, truth) {
      XCTAssertEqual(a.timestamp, b.timestamp, accuracy: 1e-6)
      XCTAssertLessThan(distanceBetween(a.translation, b.translation), 1e-6)
      XCTAssertLessThan(a.rotation.angle(to: b.rotation), 1e-5)
    }
    XCTAssertEqual(
      TUMTrajectory.text(again, comment: "test"), TUMTrajectory.text(truth, comment: "test"))
  }

  func testTooFewMatchingPosesIsAClearError() throws {
    let truth = try TUMTrajectory.read(groundTruthURL)
    let late = truth.prefix(10).map {
      TimedPose(timestamp: $0.timestamp + 50, rotation: $0.rotation, translation: $0.translation)
    }
    XCTAssertThrowsError(
      try TrajectoryEvaluation(estimate: late, groundTruth: truth, frameTimestamps: [])
    ) {
      XCTAssertTrue("\($0)".contains("same clock"), "\($0)")
    }
  }

  func testAnEmptyOrTooShortSideIsNamedNotBlamedOnClocks() throws {
    let truth = try TUMTrajectory.read(groundTruthURL)
    for (estimate, groundTruth, named) in [
      ([], truth, "the estimated trajectory holds no pose"),
      (Array(truth.prefix(10)), [], "the ground truth holds no pose"),
      (Array(truth.prefix(2)), truth, "the estimated trajectory holds only 2 poses"),
      (truth, Array(truth.prefix(1)), "the ground truth holds only 1 pose;"),
    ] {
      XCTAssertThrowsError(
        try TrajectoryEvaluation(
          estimate: estimate, groundTruth: groundTruth, frameTimestamps: [])
      ) {
        XCTAssertTrue("\($0)".contains(named), "\($0)")
        XCTAssertFalse("\($0)".contains("same clock"), "\($0)")
      }
    }
  }

  /// The RMSE evo_ape prints for arguments.
  private static func evoRMSE(_ evo: URL, _ arguments: [String]) throws -> Double {
    let process = Process()
    process.executableURL = evo
    process.arguments = arguments + ["--no_warnings"]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    XCTAssertEqual(process.terminationStatus, 0, text)
    let rmseLine = try XCTUnwrap(text.split(separator: "\n").first { $0.contains("rmse") }, text)
    return try XCTUnwrap(Double(rmseLine.split(whereSeparator: \.isWhitespace).last ?? ""))
  }

  private static func executable(_ name: String) -> URL? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    for folder in path.split(separator: ":") {
      let url = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
      if FileManager.default.isExecutableFile(atPath: url.path) { return url }
    }
    return nil
  }
}

private func distanceBetween(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double {
  let d = a - b
  return (d * d).sum().squareRoot()
}
