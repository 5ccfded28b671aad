import ARScene
import XCTest

final class SessionTests: XCTestCase {
  func testStatisticsMeasureBrightnessSharpnessAndDepth() throws {
    let session = try Session()
    let checker = TestImages.gray { x, y in (x / 4 + y / 4) % 2 == 0 ? 40 : 200 }
    let flat = TestImages.gray { _, _ in 128 }
    let depth = DepthData(depthMap: TestImages.depth(millimetres: 1500), unitsPerMeter: 1000)

    let sharp = try session.process(TestImages.frame(checker, at: 0, depth: depth)).frame
    let blurred = try session.process(TestImages.frame(flat, at: 1 / 30)).frame

    XCTAssertEqual(sharp.statistics.meanLuminance, 120 / 255, accuracy: 0.01)
    XCTAssertEqual(blurred.statistics.meanLuminance, 128 / 255, accuracy: 0.001)
    XCTAssertGreaterThan(sharp.statistics.sharpness, 1000)
    XCTAssertEqual(blurred.statistics.sharpness, 0)
    XCTAssertEqual(sharp.statistics.validDepthFraction, 1)
    XCTAssertEqual(blurred.statistics.validDepthFraction, 0)
    XCTAssertEqual(sharp.index, 0)
    XCTAssertEqual(blurred.index, 1)
    XCTAssertEqual(
      sharp.timings.map(\.name), ["ingest", "imageStatistics", "mapOptimization", "tracking"])
  }

  func testDepthOfAnotherSizeIsRejectedAndTheSessionGoesOn() throws {
    let session = try Session()
    let depth = DepthData(depthMap: TestImages.depth(millimetres: 1000, width: 32, height: 24))
    XCTAssertThrowsError(
      try session.process(TestImages.frame(TestImages.uniform(9, 9, 9), at: 0, depth: depth))
    ) {
      let error = $0 as! ARSceneError
      XCTAssertEqual(error.code, .invalidImage)
      XCTAssertTrue(
        error.message.contains("depth image is 32x24 but the color image is 64x48"), error.message)
    }
    XCTAssertNoThrow(try session.process(TestImages.frame(TestImages.uniform(9, 9, 9), at: 0)))
  }

  func testTimestampsMustIncrease() throws {
    let session = try Session()
    let image = TestImages.uniform(50, 50, 50)
    _ = try session.process(TestImages.frame(image, at: 1))
    XCTAssertThrowsError(try session.process(TestImages.frame(image, at: 0.5))) {
      XCTAssertEqual(($0 as! ARSceneError).code, .timestampOrder)
    }
    XCTAssertThrowsError(try session.process(TestImages.frame(image, at: .nan))) {
      XCTAssertEqual(($0 as! ARSceneError).code, .invalidArgument)
    }
    // Once "is not a finite time" (issue 18 row 6): finite, but beyond the
    // 64-bit nanosecond clock.
    XCTAssertThrowsError(try session.process(TestImages.frame(image, at: 1e12))) {
      let error = $0 as! ARSceneError
      XCTAssertEqual(error.code, .invalidArgument)
      XCTAssertTrue(error.message.contains("outside ±9.2e9 s"), error.message)
    }
    XCTAssertEqual(try session.process(TestImages.frame(image, at: 2)).frame.index, 1)
  }

  func testIntrinsicsMustMatchTheImage() throws {
    let session = try Session()
    var frame = TestImages.frame(TestImages.uniform(1, 2, 3), at: 0)
    frame.intrinsics.width = 640
    XCTAssertThrowsError(try session.process(frame)) {
      XCTAssertTrue(($0 as! ARSceneError).message.contains("but the camera is 640x48"))
    }
    frame.intrinsics = TestImages.intrinsics
    frame.intrinsics.fx = .nan
    XCTAssertThrowsError(try session.process(frame)) {
      XCTAssertEqual(($0 as! ARSceneError).code, .invalidArgument)
    }
  }

  func testIMUSamplesAreValidated() throws {
    let session = try Session()
    var frame = TestImages.frame(TestImages.uniform(1, 2, 3), at: 1)
    frame.imuSamples = [
      IMUSample(timestamp: 0.99, acceleration: SIMD3(0, 9.81, 0)),
      IMUSample(timestamp: 0.995, acceleration: SIMD3(.nan, 9.81, 0)),
    ]
    XCTAssertThrowsError(try session.process(frame)) {
      XCTAssertTrue(($0 as! ARSceneError).message.contains("IMU sample 1 contains NaN"))
    }
    frame.imuSamples = [IMUSample(timestamp: 1.5, acceleration: SIMD3(0, 9.81, 0))]
    XCTAssertThrowsError(try session.process(frame)) {
      XCTAssertEqual(($0 as! ARSceneError).code, .timestampOrder)
    }
    frame.imuSamples = [IMUSample(timestamp: 0.99, acceleration: SIMD3(0, 9.81, 0))]
    XCTAssertNoThrow(try session.process(frame))
  }

  func testConfigurationIsValidated() {
    var configuration = WorldTrackingConfiguration()
    configuration.statisticsSampleStep = 0
    XCTAssertThrowsError(try Session(configuration: configuration)) {
      XCTAssertTrue(($0 as! ARSceneError).message.contains("statisticsSampleStep"))
    }
    for threads in [0, 3] {
      var configuration = WorldTrackingConfiguration()
      configuration.workerThreads = threads
      XCTAssertThrowsError(try Session(configuration: configuration)) {
        XCTAssertEqual(
          ($0 as! ARSceneError).message, "workerThreads must be 1...2, got \(threads)")
      }
    }
  }
}
