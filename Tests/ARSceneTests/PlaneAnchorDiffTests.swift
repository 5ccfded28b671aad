import CVisionCore
import Foundation
import XCTest

@testable import ARScene

/// The anchor diff on made-up anchor lists: what is added, updated and
/// removed, and who absorbed whom, without the core.
final class PlaneAnchorDiffTests: XCTestCase {
  private func snapshot(
    _ id: UInt64, revision: UInt32 = 1, width: Float = 1,
    classification: PlaneAnchor.Classification = .none
  ) -> PlaneAnchorSnapshot {
    var transform = Transform.identity
    transform.translation = SIMD3(Float(id), 0, 0)
    return PlaneAnchorSnapshot(
      coreID: id, revision: revision,
      anchor: PlaneAnchor(
        identifier: AnchorIdentifier.plane(id), transform: transform, alignment: .horizontal,
        center: .zero, planeExtent: PlaneExtent(width: width, height: 1), boundary: [],
        area: width, classification: classification,
        classificationStatus: classification == .none ? .undetermined : .known))
  }

  private func ids(_ anchors: [PlaneAnchor]) -> [UUID] { anchors.map(\.identifier) }
  private func ids(_ removals: [AnchorRemoval]) -> [UUID] { removals.map(\.anchor.identifier) }

  func testEverythingIsNewOnTheFirstFrame() {
    let diff = AnchorDiff(previous: [], current: [snapshot(1), snapshot(2)], removals: [])
    XCTAssertEqual(ids(diff.added), [AnchorIdentifier.plane(1), AnchorIdentifier.plane(2)])
    XCTAssertTrue(diff.updated.isEmpty)
    XCTAssertTrue(diff.removed.isEmpty)
  }

  func testNothingChangesWhileRevisionsStay() {
    let anchors = [snapshot(1, revision: 3), snapshot(2, revision: 7)]
    let diff = AnchorDiff(previous: anchors, current: anchors, removals: [])
    XCTAssertTrue(diff.isEmpty)
  }

  /// Revisions decide, not values: the core decides what is meaningful.
  func testARevisionChangeIsAnUpdateInItsNewState() {
    let diff = AnchorDiff(
      previous: [snapshot(1, revision: 1), snapshot(2, revision: 1)],
      current: [snapshot(1, revision: 1, width: 5), snapshot(2, revision: 2, width: 3)],
      removals: [])
    XCTAssertTrue(diff.added.isEmpty)
    XCTAssertEqual(ids(diff.updated), [AnchorIdentifier.plane(2)])
    XCTAssertEqual(diff.updated.first?.planeExtent.width, 3)
  }

  func testAMergeNamesTheSurvivor() {
    let previous = [snapshot(1), snapshot(2), snapshot(3, width: 2)]
    let current = [snapshot(1, revision: 2, width: 3), snapshot(3, width: 2)]
    let diff = AnchorDiff(
      previous: previous, current: current,
      removals: [PlaneAnchorRemovalRecord(coreID: 2, absorbedBy: 1)])
    XCTAssertEqual(ids(diff.updated), [AnchorIdentifier.plane(1)])
    XCTAssertEqual(ids(diff.removed), [AnchorIdentifier.plane(2)])
    XCTAssertEqual(diff.removed.first?.absorbedBy, AnchorIdentifier.plane(1))
    let removed = diff.removed.first?.anchor as? PlaneAnchor
    XCTAssertEqual(removed, previous[1].anchor, "a removal carries the anchor as last reported")
  }

  func testAPlainRemovalHasNoAbsorber() {
    let diff = AnchorDiff(
      previous: [snapshot(4), snapshot(5)], current: [snapshot(5)],
      removals: [PlaneAnchorRemovalRecord(coreID: 4, absorbedBy: 0)])
    XCTAssertEqual(ids(diff.removed), [AnchorIdentifier.plane(4)])
    XCTAssertNil(diff.removed.first?.absorbedBy)
  }

  /// A vanished anchor is removed even without a record, and a record for an
  /// anchor Swift never reported (born and merged in one frame) or one still
  /// present changes nothing.
  func testTheListsDecideWhatIsGone() {
    let diff = AnchorDiff(
      previous: [snapshot(1), snapshot(2)], current: [snapshot(2), snapshot(4)],
      removals: [
        PlaneAnchorRemovalRecord(coreID: 3, absorbedBy: 4),
        PlaneAnchorRemovalRecord(coreID: 2, absorbedBy: 4),
      ])
    XCTAssertEqual(ids(diff.added), [AnchorIdentifier.plane(4)])
    XCTAssertEqual(ids(diff.removed), [AnchorIdentifier.plane(1)])
    XCTAssertNil(diff.removed.first?.absorbedBy)
  }

  /// 1 absorbed by 2 and 2 by 3 in one frame: 1's surface ends up in 3.
  func testAChainOfMergesEndsAtTheAnchorThatSurvived() {
    let diff = AnchorDiff(
      previous: [snapshot(1), snapshot(2), snapshot(3)], current: [snapshot(3, revision: 2)],
      removals: [
        PlaneAnchorRemovalRecord(coreID: 1, absorbedBy: 2),
        PlaneAnchorRemovalRecord(coreID: 2, absorbedBy: 3),
      ])
    XCTAssertEqual(ids(diff.removed), [AnchorIdentifier.plane(1), AnchorIdentifier.plane(2)])
    XCTAssertEqual(
      diff.removed.map(\.absorbedBy), [AnchorIdentifier.plane(3), AnchorIdentifier.plane(3)])
  }

  /// A record that names itself or forms a cycle neither hangs nor invents a survivor.
  func testNonsenseRecordsDoNotHang() {
    let diff = AnchorDiff(
      previous: [snapshot(1), snapshot(2)], current: [],
      removals: [
        PlaneAnchorRemovalRecord(coreID: 1, absorbedBy: 2),
        PlaneAnchorRemovalRecord(coreID: 2, absorbedBy: 1),
      ])
    XCTAssertEqual(diff.removed.count, 2)
    let selfAbsorbed = AnchorDiff(
      previous: [snapshot(1)], current: [],
      removals: [PlaneAnchorRemovalRecord(coreID: 1, absorbedBy: 1)])
    XCTAssertNil(selfAbsorbed.removed.first?.absorbedBy)
  }

  func testAddedUpdatedAndRemovedInOneFrameKeepIdOrder() {
    let diff = AnchorDiff(
      previous: [snapshot(9), snapshot(2), snapshot(5)],
      current: [snapshot(5, revision: 2), snapshot(7), snapshot(8)],
      removals: [])
    XCTAssertEqual(ids(diff.added), [AnchorIdentifier.plane(7), AnchorIdentifier.plane(8)])
    XCTAssertEqual(ids(diff.updated), [AnchorIdentifier.plane(5)])
    XCTAssertEqual(ids(diff.removed), [AnchorIdentifier.plane(2), AnchorIdentifier.plane(9)])
  }

  // MARK: Identifiers

  func testIdentifiersAreDeterministicReadableAndDistinct() {
    XCTAssertEqual(AnchorIdentifier.plane(42).uuidString, "41525363-504C-8000-8000-00000000002A")
    XCTAssertEqual(AnchorIdentifier.plane(42), AnchorIdentifier.plane(42))
    let extremes: [UInt64] = [0, 1, 2, 1 << 56, 1 << 62, 1 << 63, .max, .max - 1]
    XCTAssertEqual(Set(extremes.map(AnchorIdentifier.plane)).count, extremes.count)
    for id in extremes {
      let bytes = AnchorIdentifier.plane(id).uuid
      XCTAssertEqual(bytes.6 >> 4, 8, "version 8")
      XCTAssertEqual(bytes.8 >> 6, 0b10, "RFC 9562 variant")
    }
  }

  // MARK: Reading the core's struct

  func testTheCoreAnchorIsReadFieldByField() {
    var core = vc_plane_anchor_t()
    core.id = 7
    core.revision = 3
    core.alignment = VC_PLANE_ALIGNMENT_VERTICAL
    core.classification = VC_PLANE_CLASSIFICATION_WALL
    core.classification_status = VC_PLANE_CLASSIFICATION_STATUS_KNOWN
    let matrix: [Float] = [1, 0, 0, 0, 0, 0, 1, 0, 0, -1, 0, 0, 0.5, 1.25, -2, 1]
    withUnsafeMutableBytes(of: &core.world_from_anchor) { raw in
      for (i, v) in matrix.enumerated() {
        raw.storeBytes(of: v, toByteOffset: 4 * i, as: Float.self)
      }
    }
    core.center = (0.25, 0, -0.5)
    core.extent_width = 2
    core.extent_height = 1.5
    core.extent_rotation_on_y_axis = 0.3
    core.area = 2.75
    core.boundary_vertex_count = 3
    withUnsafeMutableBytes(of: &core.boundary) { raw in
      for (i, v) in [Float(-1), -0.5, 1, -0.5, 0, 0.75].enumerated() {
        raw.storeBytes(of: v, toByteOffset: 4 * i, as: Float.self)
      }
    }
    let snapshot = PlaneAnchorSnapshot(core: core)
    XCTAssertEqual(snapshot.coreID, 7)
    XCTAssertEqual(snapshot.revision, 3)
    let anchor = snapshot.anchor
    XCTAssertEqual(anchor.identifier, AnchorIdentifier.plane(7))
    XCTAssertEqual(anchor.transform.columnMajor, matrix)
    XCTAssertEqual(anchor.alignment, .vertical)
    XCTAssertEqual(anchor.classification, .wall)
    XCTAssertEqual(anchor.classificationStatus, .known)
    XCTAssertEqual(anchor.center, SIMD3(0.25, 0, -0.5))
    XCTAssertEqual(anchor.planeExtent, PlaneExtent(width: 2, height: 1.5, rotationOnYAxis: 0.3))
    XCTAssertEqual(anchor.area, 2.75)
    XCTAssertEqual(anchor.boundary, [SIMD2(-1, -0.5), SIMD2(1, -0.5), SIMD2(0, 0.75)])
  }

  /// Values outside the contract read safely rather than trapping or lying.
  func testOutOfContractValuesReadSafely() {
    var core = vc_plane_anchor_t()
    core.id = 1
    core.boundary_vertex_count = 1000
    core.alignment = vc_plane_alignment_t(rawValue: 99)
    core.classification = VC_PLANE_CLASSIFICATION_FLOOR
    core.classification_status = VC_PLANE_CLASSIFICATION_STATUS_UNDETERMINED
    withUnsafeMutableBytes(of: &core.world_from_anchor) { raw in
      for i in [0, 5, 10, 15] { raw.storeBytes(of: Float(1), toByteOffset: 4 * i, as: Float.self) }
    }
    let anchor = PlaneAnchorSnapshot(core: core).anchor
    XCTAssertEqual(anchor.boundary.count, Int(VC_PLANE_BOUNDARY_MAX_VERTICES))
    XCTAssertEqual(anchor.alignment, .horizontal, "read from the normal (+Y up)")
    XCTAssertEqual(anchor.classification, .none, "a class is reported only once decided")
    XCTAssertEqual(anchor.classificationStatus, .undetermined)
    core.boundary_vertex_count = -5
    XCTAssertEqual(PlaneAnchorSnapshot(core: core).anchor.boundary, [])
  }
}
