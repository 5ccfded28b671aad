import ARScene
import XCTest

/// The light estimate against values fixed by colour science: an 18% grey card
/// (sRGB 118) is ARKit's neutral 1000 lm; D65 white is 6500 K.
final class LightEstimateTests: XCTestCase {
  private func estimate(_ image: PixelBuffer) throws -> LightEstimate {
    let session = try Session()
    return try XCTUnwrap(session.process(TestImages.frame(image, at: 0)).frame.lightEstimate)
  }

  func testMiddleGreyIsNeutral() throws {
    let light = try estimate(TestImages.uniform(118, 118, 118))
    XCTAssertEqual(light.ambientIntensity, 1000, accuracy: 15)
    XCTAssertEqual(light.ambientColorTemperature, 6500, accuracy: 20)
  }

  func testIntensityFollowsLinearLight() throws {
    let dark = try estimate(TestImages.uniform(30, 30, 30))
    let bright = try estimate(TestImages.uniform(230, 230, 230))
    XCTAssertLessThan(dark.ambientIntensity, 100)
    XCTAssertGreaterThan(bright.ambientIntensity, 3500)
    XCTAssertEqual(try estimate(TestImages.uniform(0, 0, 0)).ambientIntensity, 0)
  }

  func testWarmAndCoolLightGiveLowAndHighTemperatures() throws {
    let warm = try estimate(TestImages.uniform(255, 190, 120))
    let cool = try estimate(TestImages.uniform(170, 200, 255))
    XCTAssertLessThan(warm.ambientColorTemperature, 4000)
    XCTAssertGreaterThan(cool.ambientColorTemperature, 9000)
  }

  func testChannelOrderIsRespected() throws {
    let rgb = try estimate(TestImages.uniform(255, 190, 120, format: .rgb8))
    let bgr = try estimate(TestImages.uniform(255, 190, 120, format: .bgr8))
    XCTAssertEqual(rgb, bgr)
  }

  func testDisabledEstimationReportsNone() throws {
    var configuration = WorldTrackingConfiguration()
    configuration.isLightEstimationEnabled = false
    let session = try Session(configuration: configuration)
    XCTAssertNil(
      try session.process(TestImages.frame(TestImages.uniform(118, 118, 118), at: 0)).frame
        .lightEstimate)
  }
}
