import ARScene
import Foundation
import XCTest

/// The main values print as one readable line.
final class ValueDescriptionTests: XCTestCase {
  func testAnchorsAndTheCameraPrintWhatAndWhere() throws {
    let id = try XCTUnwrap(UUID(uuidString: "41525363-504C-8000-8000-000000000007"))
    let floor = PlaneAnchor(
      identifier: id, transform: Transform(rotation: .identity, translation: SIMD3(0, -1.5, 0)),
      alignment: .horizontal, center: SIMD3(1, 0, -2),
      planeExtent: PlaneExtent(width: 3, height: 4.5), boundary: [], area: 12.25,
      classification: .floor, classificationStatus: .known)
    XCTAssertEqual(
      "\(floor)",
      "PlaneAnchor(…00000007, horizontal floor, 3.00 x 4.50 m, 12.25 m², at (1.00, -1.50, -2.00))")
    let spot = AppAnchor(
      name: "spawn point", transform: Transform(rotation: .identity, translation: SIMD3(1, 0, -2)),
      identifier: id)
    XCTAssertEqual("\(spot)", "AppAnchor(…00000007, spawn point, at (1.00, 0.00, -2.00))")
    let camera = Camera(
      intrinsics: CameraIntrinsics(fx: 525, fy: 525, cx: 319.5, cy: 239.5, width: 640, height: 480),
      transform: .identity, trackingState: .normal)
    XCTAssertEqual(
      "\(camera)",
      "Camera(normal, translation (0.000, 0.000, 0.000) m, no rotation, 640x480 fx 525.0)")
  }
}
