import CVisionCore
import CVisionCoreTesting
import XCTest

/// When two plane anchors merge, the absorbed one's occupancy grid is folded
/// into the survivor's by OccupancyGrid::MarkCells, which tests each of the
/// survivor's cells once instead of rasterising one square per absorbed
/// cell (see vc_test_occupancy_fold). It must mark exactly the cells the
/// squares would, and grow the grid the same way, or merged anchors'
/// extents and boundaries would change.
final class OccupancyFoldTests: XCTestCase {
  private func fold(seed: UInt64, tiltDegrees: Double, otherCell: Double = 0.025) -> (
    cells: Int32, differing: Int32
  ) {
    var cells: Int32 = 0
    var differing: Int32 = 0
    XCTAssertEqual(
      vc_test_occupancy_fold(seed, tiltDegrees, otherCell, &cells, &differing), VC_STATUS_OK)
    return (cells, differing)
  }

  func testFoldingMarksTheCellsOneSquarePerFoldedCellWould() {
    // Merges take planes within 10 degrees of each other.
    for seed: UInt64 in 1...40 {
      for tilt in [0.0, 4.0, 10.0] {
        let outcome = fold(seed: seed, tiltDegrees: tilt)
        XCTAssertGreaterThan(outcome.cells, 100, "seed \(seed), tilt \(tilt)")
        XCTAssertEqual(outcome.differing, 0, "seed \(seed), tilt \(tilt)")
      }
    }
  }

  func testFinerFoldedCellsTakeTheSquaresOwnPath() {
    // 1 cm cells map to less than half a 2.5 cm cell: MarkQuad's sliver rule
    // applies, so the fold rasterises each square itself.
    for seed: UInt64 in 1...5 {
      let outcome = fold(seed: seed, tiltDegrees: 3, otherCell: 0.01)
      XCTAssertGreaterThan(outcome.cells, 100, "seed \(seed)")
      XCTAssertEqual(outcome.differing, 0, "seed \(seed)")
    }
  }

  func testABadCellSizeIsRefused() {
    var cells: Int32 = 0
    var differing: Int32 = 0
    XCTAssertEqual(
      vc_test_occupancy_fold(1, 0, 0, &cells, &differing), VC_STATUS_INVALID_ARGUMENT)
    XCTAssertEqual(
      vc_test_occupancy_fold(1, 0, .nan, &cells, &differing), VC_STATUS_INVALID_ARGUMENT)
  }
}
