import ARScene
import XCTest

@testable import ARSceneDatasets

/// The plane evaluation on hand-made anchors with known answers: a camera
/// 2 m above a 2 x 2 m floor, looking straight down with a 90-degree view, so
/// that exactly the floor fills the image for 2 s; a wall beside it is never
/// in view.
final class PlaneEvaluationTests: XCTestCase {
  private let frameTimes = (0..<60).map { Double($0) / 30 }
  private let intrinsics = CameraIntrinsics(
    fx: 100, fy: 100, cx: 49.5, cy: 49.5, width: 100, height: 100)

  private let floor = SyntheticAnnotations.Plane(
    name: "floor", alignment: "horizontal", classification: "floor", center: .zero,
    normal: SIMD3(0, 1, 0),
    polygon: [SIMD3(-1, 0, -1), SIMD3(-1, 0, 1), SIMD3(1, 0, 1), SIMD3(1, 0, -1)], area: 4)
  private let wall = SyntheticAnnotations.Plane(
    name: "wall", alignment: "vertical", classification: "wall", center: SIMD3(0, 1, -1),
    normal: SIMD3(0, 0, 1),
    polygon: [SIMD3(-1, 0, -1), SIMD3(1, 0, -1), SIMD3(1, 2, -1), SIMD3(-1, 2, -1)],
    area: 4)

  /// world_from_camera with OpenCV axes: image right = +X, image down = +Z,
  /// view direction = -Y.
  private var groundTruthPoses: [TimedPose] {
    let rotation = Quaternion(matrixColumns: (SIMD3(1, 0, 0), SIMD3(0, 0, 1), SIMD3(0, -1, 0)))
    return frameTimes.map {
      TimedPose(timestamp: $0, rotation: rotation, translation: SIMD3(0, 2, 0))
    }
  }

  private func anchor(
    _ id: String, _ worldFromAnchor: Transform = .identity, alignment: String = "horizontal",
    classification: String = "floor",
    boundary: [SIMD2<Float>] = [SIMD2(-1, -1), SIMD2(-1, 1), SIMD2(1, 1), SIMD2(1, -1)]
  ) -> PlaneAnchorRecord {
    PlaneAnchorRecord(
      id: id, worldFromAnchor: worldFromAnchor, alignment: alignment,
      classification: classification,
      extent: .init(width: 2, height: 2), boundary: boundary)
  }

  /// The same anchors on every frame from `from` seconds on.
  private func history(from: Double = 0.1, _ anchors: [PlaneAnchorRecord]) -> PlaneAnchorHistory {
    var history = PlaneAnchorHistory()
    for t in frameTimes { history.record(time: t, anchors: t >= from - 1e-9 ? anchors : []) }
    return history
  }

  private func evaluate(
    _ history: PlaneAnchorHistory, scenario: String = "normal",
    planes: [SyntheticAnnotations.Plane]? = nil,
    alignment: PlaneWorldAlignment = .identity
  ) -> PlaneEvaluation {
    PlaneEvaluation(
      groundTruth: PlaneGroundTruth(scenario: scenario, planes: planes ?? [floor, wall]),
      groundTruthPoses: groundTruthPoses, frameTimestamps: frameTimes, intrinsics: intrinsics,
      history: history,
      alignment: alignment)
  }

  private func verdicts(_ evaluation: PlaneEvaluation) -> [String: Bool?] {
    Dictionary(
      uniqueKeysWithValues: PlaneEvaluationTargets().checks(evaluation).map { ($0.name, $0.passed) }
    )
  }

  func testPerfectDetectionHasNoErrorAndPassesEveryTarget() throws {
    let evaluation = evaluate(history([anchor("a")]))
    let floor = evaluation.planes[0]
    XCTAssertEqual(floor.firstInView, 0)
    XCTAssertEqual(floor.requiredFrom, 0)
    XCTAssertEqual(floor.maxAreaInView, 4, accuracy: 1e-9)
    XCTAssertEqual(floor.seenFraction, 1, accuracy: 1e-9)
    XCTAssertEqual(try XCTUnwrap(floor.detectionDelay), 0.1, accuracy: 1e-9)
    let match = try XCTUnwrap(floor.finalMatch)
    XCTAssertEqual(match.normalErrorDegrees, 0, accuracy: 1e-9)
    XCTAssertEqual(match.offsetError, 0, accuracy: 1e-9)
    XCTAssertEqual(match.intersectionOverUnion, 1, accuracy: 1e-9)
    XCTAssertEqual(try XCTUnwrap(floor.seenIntersectionOverUnion), 1, accuracy: 1e-9)
    XCTAssertEqual(floor.finalClassification, "floor")
    XCTAssertEqual(evaluation.falseAnchorIDs, [])
    XCTAssertEqual(evaluation.duplicateCount, 0)
    XCTAssertEqual(evaluation.anchorsPerSurface, 1)
    XCTAssertEqual(
      verdicts(evaluation),
      [
        "detection": true, "normal": true, "offset": true, "extent": true, "classification": true,
        "anchorsPerSurface": true,
      ])
  }

  func testAPlaneNeverInViewIsNotRequired() {
    let wall = evaluate(history([anchor("a")])).planes[1]
    XCTAssertNil(wall.firstInView)
    XCTAssertEqual(wall.maxAreaInView, 0)
    XCTAssertFalse(wall.isRequired)
    XCTAssertNil(wall.firstDetected)
    XCTAssertEqual(wall.seenFraction, 0)
  }

  /// Tilted 3 degrees about +X with its origin 5 cm up and 0.5 m towards +Z:
  /// the line along the floor's normal through its centre meets the anchor's
  /// plane at 0.05 + 0.5 tan 3° metres.
  func testATiltedOffsetAnchorHasTheKnownErrors() throws {
    let angle = 3.0 * .pi / 180
    let tilted = Transform(
      rotation: Quaternion(angle: angle, axis: SIMD3(1, 0, 0)), translation: SIMD3(0, 0.05, 0.5))
    let evaluation = evaluate(history([anchor("a", tilted)]))
    let match = try XCTUnwrap(evaluation.planes[0].finalMatch)
    XCTAssertEqual(match.normalErrorDegrees, 3, accuracy: 1e-4)
    XCTAssertEqual(match.offsetError, 0.05 + 0.5 * tan(angle), accuracy: 1e-6)
    XCTAssertEqual(verdicts(evaluation)["normal"], false)
    XCTAssertEqual(verdicts(evaluation)["offset"], false)
  }

  /// Half the floor: IoU 0.5 exactly.
  func testAHalfAnchorHasHalfTheExtent() throws {
    let half = anchor("a", boundary: [SIMD2(-1, -1), SIMD2(-1, 1), SIMD2(0, 1), SIMD2(0, -1)])
    let evaluation = evaluate(history([half]))
    XCTAssertEqual(
      try XCTUnwrap(evaluation.planes[0].finalMatch).intersectionOverUnion, 0.5, accuracy: 1e-9)
    XCTAssertEqual(
      try XCTUnwrap(evaluation.planes[0].seenIntersectionOverUnion), 0.5, accuracy: 1e-9)
    XCTAssertEqual(verdicts(evaluation)["extent"], false)
  }

  /// An L-shaped (non-convex) boundary reaching beyond the floor: 3 of its
  /// 4 m² lie on the floor, so IoU = 3 / (4 + 4 - 3).
  func testANonConvexBoundaryOverlapsExactly() throws {
    let shape: [SIMD2<Float>] = [
      SIMD2(-1, -1), SIMD2(-1, 1), SIMD2(0, 1), SIMD2(0, 0), SIMD2(2, 0), SIMD2(2, -1),
    ]
    let evaluation = evaluate(history([anchor("a", boundary: shape)]))
    let match = try XCTUnwrap(evaluation.planes[0].finalMatch)
    XCTAssertEqual(match.anchorArea, 4, accuracy: 1e-9)
    XCTAssertEqual(match.overlapArea, 3, accuracy: 1e-9)
    XCTAssertEqual(match.intersectionOverUnion, 3.0 / 5.0, accuracy: 1e-9)
  }

  func testTwoAnchorsOnOneSurfaceAreADuplicate() {
    let left = anchor("a", boundary: [SIMD2(-1, -1), SIMD2(-1, 1), SIMD2(0, 1), SIMD2(0, -1)])
    let right = anchor("b", boundary: [SIMD2(0, -1), SIMD2(0, 1), SIMD2(0.9, 1), SIMD2(0.9, -1)])
    let evaluation = evaluate(history([right, left]))
    XCTAssertEqual(evaluation.planes[0].finalAnchorIDs, ["a", "b"], "the larger overlap first")
    XCTAssertEqual(evaluation.duplicateCount, 1)
    XCTAssertEqual(evaluation.anchorsPerSurface, 2)
    XCTAssertEqual(verdicts(evaluation)["anchorsPerSurface"], false)
  }

  /// A horizontal anchor a metre above the floor, and a vertical one lying
  /// on it, match nothing.
  func testAnchorsOnNoAnnotatedPlaneAreFalse() {
    let floating = anchor("high", Transform(rotation: .identity, translation: SIMD3(0, 1, 0)))
    let wrongAlignment = anchor("vertical", alignment: "vertical", classification: "wall")
    let evaluation = evaluate(history([anchor("a"), floating, wrongAlignment]))
    XCTAssertEqual(evaluation.falseAnchorIDs, ["high", "vertical"])
    XCTAssertEqual(evaluation.planes[0].finalAnchorIDs, ["a"])
    XCTAssertEqual(evaluation.finalAnchorCount, 3)
  }

  func testLateDetectionAndWrongClassFail() throws {
    let evaluation = evaluate(history(from: 1.0, [anchor("a", classification: "table")]))
    XCTAssertEqual(try XCTUnwrap(evaluation.planes[0].detectionDelay), 1.0, accuracy: 1e-9)
    XCTAssertEqual(verdicts(evaluation)["detection"], false)
    XCTAssertEqual(verdicts(evaluation)["classification"], false)
  }

  func testNoAnchorsMeansNothingFound() {
    let evaluation = evaluate(PlaneAnchorHistory())
    XCTAssertNil(evaluation.planes[0].firstDetected)
    XCTAssertNil(evaluation.anchorsPerSurface)
    XCTAssertEqual(verdicts(evaluation)["detection"], false)
    XCTAssertEqual(verdicts(evaluation)["normal"], .some(nil))
  }

  func testTheNoSurfaceScenarioWantsNoAnchorAtAll() {
    let clean = evaluate(PlaneAnchorHistory(), scenario: "no-surface", planes: [])
    XCTAssertEqual(verdicts(clean)["noSurface"], true)
    let spurious = evaluate(history(from: 1.9, [anchor("a")]), scenario: "no-surface", planes: [])
    XCTAssertEqual(verdicts(spurious)["noSurface"], false)
    XCTAssertEqual(spurious.falseAnchorIDs, ["a"])
  }

  /// The engine's world turned 30 degrees about +Y and shifted from the
  /// ground truth's: poses and anchors in it still score perfectly once the
  /// alignment is fitted to the poses.
  func testAnchorsInAnotherWorldAreAlignedByThePoses() throws {
    let gtFromEngine = Transform(
      rotation: Quaternion(angle: .pi / 6, axis: SIMD3(0, 1, 0)), translation: SIMD3(0.3, -1.2, 2))
    let engineFromGT = gtFromEngine.rigidInverse
    let estimate = groundTruthPoses.map { pose in
      let moved = engineFromGT * pose.worldFromCamera
      return TimedPose(
        timestamp: pose.timestamp, rotation: moved.rotation,
        translation: SIMD3<Double>(moved.translation))
    }
    let alignment = try PlaneWorldAlignment(estimate: estimate, groundTruth: groundTruthPoses)
    let evaluation = evaluate(history([anchor("a", engineFromGT)]), alignment: alignment)
    let match = try XCTUnwrap(evaluation.planes[0].finalMatch)
    XCTAssertEqual(match.normalErrorDegrees, 0, accuracy: 1e-3)
    XCTAssertEqual(match.offsetError, 0, accuracy: 1e-5)
    XCTAssertEqual(match.intersectionOverUnion, 1, accuracy: 1e-5)
  }

  func testReportsNameEveryTarget() throws {
    let evaluation = evaluate(history([anchor("a")]))
    let text = evaluation.readableText()
    XCTAssertTrue(text.contains("PASS  detection: 1/1 planes"), text)
    XCTAssertTrue(text.contains("floor"), text)
    let json = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(evaluation.json().text.utf8)) as? [String: Any])
    let planes = try XCTUnwrap(json["planes"] as? [String: [String: Any]])
    XCTAssertEqual(planes["floor"]?["classificationCorrect"] as? Bool, true)
    XCTAssertEqual(
      ((json["targets"] as? [String: Any])?["extent"] as? [String: Any])?["passed"] as? Bool, true)
  }
}
