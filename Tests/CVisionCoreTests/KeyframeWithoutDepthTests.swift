import CVisionCore
import CVisionCoreTesting
import XCTest

/// A keyframe without depth (see vc_test_describe_keyframe_without_depth)
/// keeps the features that lie beside a map point the tracker saw, each at
/// that point's depth along the feature's own ray; before, such a keyframe
/// kept no feature at all, and nothing could be found in it again.
final class KeyframeWithoutDepthTests: XCTestCase {
  private struct Described {
    var features: Int32 = 0
    var kept: Int32 = 0
    var keptFarFromSightings: Int32 = 0
    var maxReprojectionPixels = 0.0
    var maxDepthErrorMetres = 0.0
  }

  private func describe(offsetPixels: Double, sightedWidth: Double) -> Described {
    var d = Described()
    XCTAssertEqual(
      vc_test_describe_keyframe_without_depth(
        offsetPixels, sightedWidth, &d.features, &d.kept, &d.keptFarFromSightings,
        &d.maxReprojectionPixels, &d.maxDepthErrorMetres), VC_STATUS_OK)
    return d
  }

  func testFeaturesBesideASightingKeepAPointOnTheirOwnRay() {
    let d = describe(offsetPixels: 1, sightedWidth: 1)
    XCTAssertGreaterThan(d.features, 200)
    // Every feature has a sighting within a pixel.
    XCTAssertEqual(d.kept, d.features)
    // On the feature's ray (not the sighting's, a pixel away), at the wall.
    XCTAssertLessThan(d.maxReprojectionPixels, 0.01)
    XCTAssertLessThan(d.maxDepthErrorMetres, 1e-4)
  }

  func testFeaturesFarFromEverySightingAreLeftOut() {
    let half = describe(offsetPixels: 0, sightedWidth: 0.5)
    XCTAssertGreaterThan(half.kept, 50)
    XCTAssertLessThan(half.kept, half.features)
    XCTAssertEqual(half.keptFarFromSightings, 0)
    XCTAssertEqual(describe(offsetPixels: 0, sightedWidth: 0).kept, 0)
  }
}
