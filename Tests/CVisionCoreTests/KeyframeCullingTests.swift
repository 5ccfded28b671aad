import CVisionCore
import CVisionCoreTesting
import XCTest

/// Keyframe culling (see vc_test_cull_keyframe_near_wall) judges whether
/// other keyframes see a keyframe's surface by projecting it into them. A
/// surface just in front of another camera projects millions of pixels
/// off its image; converted to a grid cell unchecked, that was a negative
/// index and a crash (seen on the 7-Scenes kitchen in an experiment).
final class KeyframeCullingTests: XCTestCase {
  private func removed(secondFromWall: Double, copiesOfFirst: Int32) -> Int32 {
    var removed: Int32 = -1
    XCTAssertEqual(
      vc_test_cull_keyframe_near_wall(secondFromWall, copiesOfFirst, &removed), VC_STATUS_OK)
    return removed
  }

  func testASurfaceJustInFrontOfAnotherCameraIsNotSeenByIt() {
    // 0.1 µm in front of the wall: the wall's samples project up to about
    // 2e9 pixels off the second camera's centre.
    XCTAssertEqual(removed(secondFromWall: 1e-7, copiesOfFirst: 0), 0)
    XCTAssertEqual(removed(secondFromWall: 1e-3, copiesOfFirst: 0), 0)
  }

  func testAKeyframeSeenWhollyByOthersIsStillCulled() {
    // Three copies see everything the first sees: the oldest goes (a
    // keyframe needs three other observers), and the camera against the
    // wall changes nothing.
    XCTAssertEqual(removed(secondFromWall: 1e-7, copiesOfFirst: 3), 1)
    // Standing where the first does, the second is a fourth copy: the two
    // oldest go, the third keeps only two observers.
    XCTAssertEqual(removed(secondFromWall: 2, copiesOfFirst: 3), 2)
  }
}
