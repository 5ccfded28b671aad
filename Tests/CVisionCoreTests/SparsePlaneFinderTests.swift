import CVisionCore
import CVisionCoreTesting
import XCTest

/// Planes from the sparse map points of a session without depth
/// (planes/sparse_plane_finder.h), on seeded clouds with noise along the
/// rays as a monocular tracker's points have: the room's surfaces are found
/// where they are, and an edge, relief or scattered points give none.
final class SparsePlaneFinderTests: XCTestCase {
  /// The floor 1.5 m below the camera, the table top 0.75 m above it and
  /// the wall 4.5 m ahead, at 0.8% noise (the synthetic walk's): each found
  /// level or upright as it is, the floor and table within 2 cm of their
  /// heights, the wall within 5 cm of its distance.
  func testRoomFloorTableAndWallAreFoundWhereTheyAre() throws {
    for seed: UInt64 in 1...5 {
      let planes = try findPlanes(seed: seed, scene: 0, noise: 0.008)
      let floor = planes.first { $0.normal.1 > 0.999 && abs($0.offset - 1.5) < 0.1 }
      let table = planes.first { $0.normal.1 > 0.999 && abs($0.offset - 0.75) < 0.1 }
      let wall = planes.first { abs($0.normal.2) > 0.99 && abs($0.offset - 4.5) < 0.2 }
      XCTAssertLessThan(abs((floor?.offset ?? 0) - 1.5), 0.02, "seed \(seed) floor: \(planes)")
      XCTAssertLessThan(abs((table?.offset ?? 0) - 0.75), 0.02, "seed \(seed) table: \(planes)")
      XCTAssertLessThan(abs((wall?.offset ?? 0) - 4.5), 0.05, "seed \(seed) wall: \(planes)")
      XCTAssertEqual(planes.count, 3, "seed \(seed): one plane per surface, no more: \(planes)")
    }
  }

  /// Points along a line (an edge of the floor) span no surface.
  func testALineOfPointsIsNoPlane() throws {
    for seed: UInt64 in 1...5 {
      XCTAssertEqual(try findPlanes(seed: seed, scene: 1, noise: 0.008).count, 0, "seed \(seed)")
    }
  }

  /// Tiles standing out of a wall by 0 - 24 cm: each level alone is a
  /// plane through many points, but as many lie just off it; relief is no
  /// surface (the clutter scene's walls).
  func testReliefIsNoPlane() throws {
    for seed: UInt64 in 1...5 {
      XCTAssertEqual(try findPlanes(seed: seed, scene: 2, noise: 0.004).count, 0, "seed \(seed)")
    }
  }

  func testScatteredPointsAreNoPlane() throws {
    for seed: UInt64 in 1...5 {
      XCTAssertEqual(try findPlanes(seed: seed, scene: 3, noise: 0.008).count, 0, "seed \(seed)")
    }
  }

  /// The IMU refines a visual-inertial world's metres: the anchors found
  /// so far rescale with the world, the floor's height with it.
  func testFloorAnchorRescalesWithTheWorld() {
    var before = 0.0
    var after = 0.0
    XCTAssertEqual(vc_test_sparse_plane_rescale(1.05, &before, &after), VC_STATUS_OK)
    XCTAssertEqual(before, -1.5, accuracy: 0.02, "a floor anchor 1.5 m below the camera")
    XCTAssertEqual(after, 1.05 * before, accuracy: 0.001)
  }

  func testRefusesBadArguments() {
    var count: Int32 = 0
    XCTAssertEqual(vc_test_sparse_planes(1, 7, 0.01, nil, 0, &count), VC_STATUS_INVALID_ARGUMENT)
    XCTAssertEqual(vc_test_sparse_planes(1, 0, -1, nil, 0, &count), VC_STATUS_INVALID_ARGUMENT)
    XCTAssertEqual(vc_test_sparse_planes(1, 0, 0.01, nil, 1, &count), VC_STATUS_INVALID_ARGUMENT)
  }

  // MARK: Helpers

  private struct Plane: CustomStringConvertible {
    var normal: (Double, Double, Double)
    var offset: Double
    var points: Int32
    var description: String {
      String(
        format: "(n %.3f %.3f %.3f, d %.3f, %d points)", normal.0, normal.1, normal.2, offset,
        points)
    }
  }

  private func findPlanes(seed: UInt64, scene: Int32, noise: Double) throws -> [Plane] {
    var raw = [vc_test_sparse_plane_t](repeating: vc_test_sparse_plane_t(), count: 16)
    var count: Int32 = 0
    XCTAssertEqual(vc_test_sparse_planes(seed, scene, noise, &raw, 16, &count), VC_STATUS_OK)
    // The camera is at the world's origin: |offset| is the plane's
    // distance from it.
    return raw.prefix(Int(min(count, 16))).map { plane in
      Plane(normal: plane.normal, offset: abs(plane.offset), points: plane.points)
    }
  }
}
