import CVisionCore
import CVisionSynthetic
import Foundation
import XCTest

@testable import ARScene

/// Plane anchors as a ``Session`` user sees them, on 320 x 240 renders of
/// the synthetic room (exact depth) along a slow walk that looks at the
/// table, with world up given: the floor's height is known exactly.
final class PlaneSessionTests: XCTestCase {
  private static let intrinsics = CameraIntrinsics(
    fx: 262.5, fy: 262.5, cx: 159.5, cy: 119.5, width: 320, height: 240)

  /// worldFromCamera (ARKit axes, the room's world) at time t.
  private static func pose(at t: Double) -> Transform {
    SyntheticRoomRenderer.walkPose(at: t, target: SIMD3(0, 0.5, 0))
  }

  private static func withScene<R>(_ body: (OpaquePointer?) throws -> R) throws -> R {
    try SyntheticRoomRenderer.withScene(body)
  }

  private static func render(_ worldFromCamera: Transform) throws -> (PixelBuffer, DepthData) {
    try SyntheticRoomRenderer.render(worldFromCamera, intrinsics: intrinsics)
  }

  /// The room's floor height in its world (y of the plane named "floor").
  private static func floorHeight() throws -> Float {
    try withScene { scene in
      var count: Int32 = 0
      XCTAssertEqual(vc_synthetic_scene_get_planes(scene, nil, 0, &count), VC_STATUS_OK)
      var planes = [vc_synthetic_plane_t](repeating: vc_synthetic_plane_t(), count: Int(count))
      XCTAssertEqual(vc_synthetic_scene_get_planes(scene, &planes, count, &count), VC_STATUS_OK)
      let floor = try XCTUnwrap(planes.first { String(cString: $0.name) == "floor" })
      return floor.center.1
    }
  }

  private static let frames: [CapturedFrame] = (0..<20).map { index in
    let t = Double(index) / 30
    let (color, depth) = try! render(pose(at: t))
    return CapturedFrame(timestamp: t, intrinsics: intrinsics, capturedImage: color, depth: depth)
  }

  private func configuration(
    _ detection: WorldTrackingConfiguration.PlaneDetection
  ) -> WorldTrackingConfiguration {
    var configuration = WorldTrackingConfiguration()
    configuration.planeDetection = detection
    // World up in the first camera's axes, as a data set with gravity gives it.
    let up = Self.pose(at: 0).rigidInverse.apply(SIMD4(0, 1, 0, 0))
    configuration.initialUpDirection = SIMD3(up.x, up.y, up.z)
    return configuration
  }

  /// Fails (never skips) when the floor gives no anchor.
  func testTheFloorBecomesAHorizontalAnchorAtItsHeight() throws {
    let session = try Session(configuration: configuration([.horizontal, .vertical]))
    var added: [UUID] = []
    var removed: [UUID] = []
    for captured in Self.frames {
      let update = try session.process(captured)
      added += update.addedAnchors.map(\.identifier)
      removed += update.removedAnchors.map(\.anchor.identifier)
      XCTAssertEqual(update.anchors.map(\.identifier), session.anchors.map(\.identifier))
      let current = Set(update.anchors.map(\.identifier))
      XCTAssertTrue(update.addedAnchors.allSatisfy { current.contains($0.identifier) })
      XCTAssertTrue(update.updatedAnchors.allSatisfy { current.contains($0.identifier) })
      XCTAssertTrue(update.removedAnchors.allSatisfy { !current.contains($0.anchor.identifier) })
      for removal in update.removedAnchors {
        if let absorber = removal.absorbedBy { XCTAssertTrue(current.contains(absorber)) }
      }
    }
    XCTAssertEqual(session.currentFrame?.camera.trackingState, .normal, "the walk is tracked")
    XCTAssertFalse(added.isEmpty, "no plane anchor in a room with a floor and a table")
    XCTAssertEqual(Set(added).count, added.count, "each anchor is added once")
    XCTAssertEqual(
      added.sorted { $0.uuidString < $1.uuidString },
      (0..<UInt64(added.count)).map { AnchorIdentifier.plane($0 + 1) }, "ids count up from 1")
    XCTAssertEqual(
      Set(session.anchors.map(\.identifier)), Set(added).subtracting(removed),
      "what was added and not removed is what is there")

    // The session's world starts at the first camera with +Y up.
    let floorY = try Self.floorHeight() - Self.pose(at: 0).translation.y
    let floor = session.planeAnchors.first { abs($0.transform.translation.y - floorY) < 0.02 }
    let anchor = try XCTUnwrap(
      floor, "no anchor at the floor's height \(floorY): \(session.planeAnchors)")
    XCTAssertEqual(anchor.alignment, .horizontal)
    XCTAssertGreaterThan(anchor.transform.columns.1.y, cos(2 * Float.pi / 180), "normal up")
    XCTAssertGreaterThan(anchor.planeExtent.width * anchor.planeExtent.height, 0)
    XCTAssertGreaterThanOrEqual(anchor.boundary.count, 3)
    XCTAssertTrue([.none, .floor].contains(anchor.classification), "\(anchor.classification)")
  }

  func testOnlyTheAskedForKindsAreDetected() throws {
    for detection: WorldTrackingConfiguration.PlaneDetection in [[], .vertical, .horizontal] {
      let session = try Session(configuration: configuration(detection))
      for captured in Self.frames {
        let update = try session.process(captured)
        if detection.isEmpty { XCTAssertTrue(update.anchors.isEmpty) }
        for anchor in update.addedAnchors {
          let plane = try XCTUnwrap(anchor as? PlaneAnchor)
          XCTAssertTrue(
            detection.contains(plane.alignment == .horizontal ? .horizontal : .vertical),
            "\(plane.alignment) found with \(detection)")
        }
      }
    }
  }
}
