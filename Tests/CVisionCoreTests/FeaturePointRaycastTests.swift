import CVisionCore
import CVisionCoreTesting
import XCTest

/// Estimated-plane raycasts without depth (raycast/feature_point_plane.h)
/// into the seeded room cloud of the sparse-plane trial: the camera 1.5 m
/// above the floor, a table top 0.75 m above it, a wall 4.5 m ahead, each
/// point 0.8% of its distance off along its ray. A ray is answered by the
/// patch of points it passes: level at their height, upright on the wall,
/// nothing where there are no points.
final class FeaturePointRaycastTests: XCTestCase {
  func testATapOnTheTableLandsOnALevelPatchAtItsHeight() throws {
    for seed: UInt64 in 1...5 {
      let hit = try XCTUnwrap(cast(seed: seed, towards: (0.6, -0.75, -2.1)), "seed \(seed)")
      XCTAssertEqual(hit.alignment, VC_RAYCAST_ALIGNMENT_HORIZONTAL, "seed \(seed)")
      XCTAssertEqual(Double(hit.world_transform.13), -0.75, accuracy: 0.02, "seed \(seed) height")
      XCTAssertEqual(
        Double(hit.world_transform.5), 1, accuracy: 1e-6, "seed \(seed): exactly level")
    }
  }

  func testATapOnTheFloorLandsAtTheFloorsHeight() throws {
    for seed: UInt64 in 1...5 {
      let hit = try XCTUnwrap(cast(seed: seed, towards: (-1.0, -1.5, -3.0)), "seed \(seed)")
      XCTAssertEqual(hit.alignment, VC_RAYCAST_ALIGNMENT_HORIZONTAL, "seed \(seed)")
      XCTAssertEqual(Double(hit.world_transform.13), -1.5, accuracy: 0.03, "seed \(seed) height")
    }
  }

  /// Asked for an upright surface, the wall answers, upright and where it
  /// is; asked for a level one, it does not (its points span a metre of
  /// height), and no tilted plane is made of them.
  func testTheWallAnswersOnlyAsUpright() throws {
    for seed: UInt64 in 1...5 {
      let hit = try XCTUnwrap(
        cast(seed: seed, towards: (-1.5, -1.0, -4.5), alignment: VC_RAYCAST_ALIGNMENT_VERTICAL),
        "seed \(seed)")
      XCTAssertEqual(Double(hit.world_transform.14), -4.5, accuracy: 0.1, "seed \(seed) distance")
      XCTAssertEqual(Double(hit.world_transform.5), 0, accuracy: 1e-6, "seed \(seed): upright")
      XCTAssertNil(
        cast(seed: seed, towards: (-1.5, -1.0, -4.5), alignment: VC_RAYCAST_ALIGNMENT_HORIZONTAL),
        "seed \(seed)")
    }
  }

  func testARayThroughNoPointsFindsNothing() {
    XCTAssertNil(cast(seed: 1, towards: (0, 1, -1)))
  }

  // MARK: Helpers

  private func cast(
    seed: UInt64, towards: (Double, Double, Double),
    alignment: vc_raycast_alignment_t = VC_RAYCAST_ALIGNMENT_ANY
  ) -> vc_raycast_result_t? {
    let direction = [towards.0, towards.1, towards.2]
    var hit = vc_raycast_result_t()
    var found: Int32 = 0
    XCTAssertEqual(
      vc_test_feature_point_raycast(seed, 0, 0.008, direction, alignment, &hit, &found),
      VC_STATUS_OK)
    return found != 0 ? hit : nil
  }
}
