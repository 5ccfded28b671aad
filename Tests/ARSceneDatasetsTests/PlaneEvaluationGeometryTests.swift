import ARScene
import XCTest

@testable import ARSceneDatasets

/// The geometry under the plane evaluation: polygon overlap, the frustum
/// clip, the coverage raster and the annotations reader.
final class PlaneEvaluationGeometryTests: XCTestCase {
  private let square: [SIMD2<Double>] = [SIMD2(0, 0), SIMD2(2, 0), SIMD2(2, 2), SIMD2(0, 2)]

  func testAreaAndOrientation() {
    XCTAssertEqual(PlanePolygon.signedArea(square), 4)
    XCTAssertEqual(PlanePolygon.signedArea(square.reversed()), -4)
    XCTAssertTrue(PlanePolygon.isConvex(square))
    XCTAssertFalse(
      PlanePolygon.isConvex([SIMD2(0, 0), SIMD2(2, 0), SIMD2(1, 0.5), SIMD2(2, 2), SIMD2(0, 2)]))
  }

  /// A U shape (non-convex) clipped by the square: its two arms cross the
  /// square, the clip leaves them joined by zero-width edges, and the area
  /// is still exact.
  func testOverlapOfANonConvexPolygonIsExact() {
    let u: [SIMD2<Double>] = [
      SIMD2(0.5, -1), SIMD2(1.5, -1), SIMD2(1.5, 3), SIMD2(1.2, 3), SIMD2(1.2, 0), SIMD2(0.8, 0),
      SIMD2(0.8, 3), SIMD2(0.5, 3),
    ]
    // Arms 0.3 wide over the square's height 2, plus the bottom bar's 0 inside.
    XCTAssertEqual(PlanePolygon.overlapArea(u, convex: square), 0.3 * 2 * 2, accuracy: 1e-12)
    XCTAssertEqual(
      PlanePolygon.overlapArea(u.reversed(), convex: square.reversed()), 1.2, accuracy: 1e-12)
  }

  /// A camera 1 m above the floor with a 90-degree view sees 1 m x 1 m of it;
  /// turned away (or below the floor) it sees none.
  func testAreaInViewIsTheFrustumsFootprint() {
    let intrinsics = CameraIntrinsics(fx: 100, fy: 100, cx: 49.5, cy: 49.5, width: 100, height: 100)
    let visibility = PlaneVisibility(intrinsics: intrinsics)
    let floor = SyntheticAnnotations.Plane(
      name: "floor", alignment: "horizontal", classification: "floor", center: .zero,
      normal: SIMD3(0, 1, 0),
      polygon: [SIMD3(-3, 0, -3), SIMD3(-3, 0, 3), SIMD3(3, 0, 3), SIMD3(3, 0, -3)], area: 36)
    let down = Quaternion(matrixColumns: (SIMD3(1, 0, 0), SIMD3(0, 0, 1), SIMD3(0, -1, 0)))
    let above = TimedPose(timestamp: 0, rotation: down, translation: SIMD3(0.4, 1, 0.2))
    XCTAssertEqual(visibility.areaInView(floor, worldFromCamera: above), 1, accuracy: 1e-9)
    let up = Quaternion(matrixColumns: (SIMD3(1, 0, 0), SIMD3(0, 0, -1), SIMD3(0, 1, 0)))
    XCTAssertEqual(
      visibility.areaInView(
        floor, worldFromCamera: .init(timestamp: 0, rotation: up, translation: SIMD3(0, 1, 0))), 0)
    XCTAssertEqual(
      visibility.areaInView(
        floor, worldFromCamera: .init(timestamp: 0, rotation: down, translation: SIMD3(0, -1, 0))),
      0)
    // Beyond the depth range: 7 m up, only the far plane's... nothing.
    XCTAssertEqual(
      visibility.areaInView(
        floor, worldFromCamera: .init(timestamp: 0, rotation: down, translation: SIMD3(0, 7, 0))), 0
    )
  }

  func testCoverageGridCountsSeenCells() {
    var grid = PlaneCoverageGrid(polygon: square, cellSize: 0.1)
    XCTAssertEqual(grid.planeCellCount, 400)
    grid.markSeen([SIMD2(0, 0), SIMD2(1, 0), SIMD2(1, 2), SIMD2(0, 2)])
    XCTAssertEqual(grid.seenFraction, 0.5, accuracy: 1e-12)
    XCTAssertEqual(
      grid.intersectionOverUnionWithSeen([SIMD2(0, 0), SIMD2(1, 0), SIMD2(1, 1), SIMD2(0, 1)]), 0.5,
      accuracy: 1e-9)
  }

  func testTheStretchInViewStartsAtItsFirstFrame() {
    let times = (0..<90).map { Double($0) / 30 }
    let areas = times.map { $0 < 0.5 ? 0.2 : 0.8 }
    XCTAssertEqual(
      try XCTUnwrap(PlaneEvaluation.firstStretch(times, areas, minArea: 0.5, minDuration: 1)), 0.5,
      accuracy: 1e-9)
    XCTAssertNil(PlaneEvaluation.firstStretch(times, areas, minArea: 0.5, minDuration: 2.6))
  }

  func testGroundTruthReadsThePlanesOfAnnotations() throws {
    let json = """
      {"scenario": "normal", "planes": [{"alignment": "horizontal", "area": 4, "center": [0, 0, 0],
        "classification": "floor", "name": "floor", "normal": [0, 1, 0],
        "polygon": [[-1, 0, -1], [-1, 0, 1], [1, 0, 1], [1, 0, -1]]}], "other": 1}
      """
    let truth = try PlaneGroundTruth.decode(Data(json.utf8), path: "annotations.json")
    XCTAssertEqual(truth.scenario, "normal")
    XCTAssertEqual(truth.planes.map(\.name), ["floor"])
    XCTAssertEqual(truth.planes[0].polygon.count, 4)
    let bad = json.replacingOccurrences(of: "[0, 1, 0]", with: "[0, 2, 0]")
    XCTAssertThrowsError(try PlaneGroundTruth.decode(Data(bad.utf8), path: "annotations.json")) {
      error in
      XCTAssertTrue("\(error)".contains("planes[0].normal"), "\(error)")
    }
  }
}
