import ARScene
import Foundation
import XCTest

@testable import ARSceneDatasets

/// An IMU synthesised from a ground-truth trajectory (`dataset
/// imu-from-groundtruth`) against the exact IMU a synthetic sequence was
/// rendered with: the smoothing spline through 30 Hz poses must give back
/// the motion's angular velocity and specific force.
final class IMUFromGroundTruthTests: XCTestCase {
  /// A noiseless 4 s walk at 160x120, written once for the class.
  private static let root = FileManager.default.temporaryDirectory
    .appendingPathComponent("arscene-imu-from-groundtruth-\(UUID().uuidString)")

  override class func tearDown() {
    try? FileManager.default.removeItem(at: root)
    super.tearDown()
  }

  private func walk() throws -> any DatasetSequence {
    let folder = Self.root.appendingPathComponent("walk")
    if !FileManager.default.fileExists(atPath: folder.path) {
      var generator = SyntheticSequenceGenerator()
      generator.frameCount = 120
      generator.sensorNoise = false
      generator.width = 160
      generator.height = 120
      try generator.write(to: folder)
    }
    return try SequenceLoader.open(folder)
  }

  private func exactSettings() -> IMUFromGroundTruth.Settings {
    var settings = IMUFromGroundTruth.Settings()
    settings.noise = .exact
    // Exact poses allow knots closer than the default's 0.1 s.
    settings.knotSpacing = 0.05
    // The synthetic room's world is +Y up; its sequence.json states no
    // gravity (that would tell the engine where up is without an IMU).
    settings.worldUp = SIMD3(0, 1, 0)
    return settings
  }

  /// RMS differences of the synthesised samples from the rendered ones at
  /// the same times, away from the spline's ends.
  private func differences(_ synthesised: [IMUSample], _ rendered: [IMUSample], margin: Double)
    -> (gyroscope: Double, accelerometer: Double, count: Int)
  {
    let byTime = Dictionary(
      rendered.map { (Int(($0.timestamp * 200).rounded()), $0) }, uniquingKeysWith: { a, _ in a })
    guard let first = synthesised.first?.timestamp, let last = synthesised.last?.timestamp else {
      return (.infinity, .infinity, 0)
    }
    var gyroscope = 0.0
    var accelerometer = 0.0
    var count = 0
    for sample in synthesised
    where sample.timestamp > first + margin && sample.timestamp < last - margin {
      guard let truth = byTime[Int((sample.timestamp * 200).rounded())] else { continue }
      let g = SIMD3<Double>(sample.rotationRate - truth.rotationRate)
      let a = SIMD3<Double>(sample.acceleration - truth.acceleration)
      gyroscope += (g * g).sum()
      accelerometer += (a * a).sum()
      count += 1
    }
    let n = Double(max(count, 1))
    return ((gyroscope / n).squareRoot(), (accelerometer / n).squareRoot(), count)
  }

  func testTheSplineGivesBackTheRenderedIMU() throws {
    let walk = try walk()
    let synthesised = try IMUFromGroundTruth(walk, settings: exactSettings())
    let samples = synthesised.imu
    XCTAssertEqual(
      Double(samples.count), 4 * 200, accuracy: 10, "200 Hz over the 4 s the frames span")
    let (gyroscope, accelerometer, count) = differences(samples, walk.imu, margin: 0.3)
    XCTAssertGreaterThan(count, 600)
    // Knots every 0.05 s: 0.0013 rad/s and 0.049 m/s^2 measured, against
    // the walk's 0.5 rad/s and 1 m/s^2.
    XCTAssertLessThan(gyroscope, 0.003, "rad/s")
    XCTAssertLessThan(accelerometer, 0.08, "m/s^2")
    // The default's 0.1 s, for ground truth with jitter: 0.021 and 0.29.
    var coarse = exactSettings()
    coarse.knotSpacing = nil
    let smoothed = try IMUFromGroundTruth(walk, settings: coarse)
    XCTAssertEqual(smoothed.settings.knotSpacing, 0.1)
    let (coarseGyroscope, coarseAccelerometer, _) = differences(
      smoothed.imu, walk.imu, margin: 0.3)
    XCTAssertLessThan(coarseGyroscope, 0.03, "rad/s")
    XCTAssertLessThan(coarseAccelerometer, 0.4, "m/s^2")
  }

  func testEachFrameCarriesTheSamplesSinceThePreviousOne() throws {
    let walk = try walk()
    let synthesised = try IMUFromGroundTruth(walk, settings: exactSettings())
    let second = try synthesised.loadFrame(walk.frames[1])
    XCTAssertFalse(second.imuSamples.isEmpty)
    XCTAssertTrue(
      second.imuSamples.allSatisfy {
        $0.timestamp > walk.frames[0].timestamp && $0.timestamp <= walk.frames[1].timestamp
      })
    XCTAssertTrue(synthesised.description.sensors.contains(.imu))
    XCTAssertTrue(
      synthesised.description.provenance?.contains("imu-from-groundtruth") ?? false,
      "\(synthesised.description.provenance ?? "")")
  }

  func testSeededNoiseIsReproducibleAndDiffersBySeed() throws {
    let walk = try walk()
    var settings = exactSettings()
    settings.noise = IMUNoiseModel()
    let a = try IMUFromGroundTruth(walk, settings: settings).imu
    let b = try IMUFromGroundTruth(walk, settings: settings).imu
    settings.seed = 2
    let c = try IMUFromGroundTruth(walk, settings: settings).imu
    XCTAssertEqual(a, b)
    XCTAssertNotEqual(a, c)
  }

  func testAWorldWithoutUpIsRefusedNamingTheOption() throws {
    var settings = exactSettings()
    settings.worldUp = nil
    XCTAssertThrowsError(try IMUFromGroundTruth(try walk(), settings: settings)) { error in
      XCTAssertTrue("\(error)".contains("--world-up"), "\(error)")
    }
    settings.worldUp = .zero
    XCTAssertThrowsError(try IMUFromGroundTruth(try walk(), settings: settings))
    settings = exactSettings()
    settings.rate = 20
    XCTAssertThrowsError(try IMUFromGroundTruth(try walk(), settings: settings)) { error in
      XCTAssertTrue("\(error)".contains("50...2000 Hz"), "\(error)")
    }
  }
}
