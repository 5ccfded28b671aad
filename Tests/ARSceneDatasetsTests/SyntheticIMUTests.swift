import ARScene
import ARSceneDatasets
import Foundation
import XCTest

/// The simulated IMU agrees with the ground truth it was derived from:
/// integrating the gyroscope reproduces the rotation, the accelerometer
/// reads gravity when the camera only turns, and samples come at 200 Hz in
/// the camera's ARKit axes.
final class SyntheticIMUTests: XCTestCase {
  /// Integrates rotation rates (camera axes) from the first sample to the
  /// last with the midpoint rule: the camera's rotation over that time,
  /// expressed in its starting axes.
  private func integrate(_ samples: [IMUSample], bias: SIMD3<Double>) -> Quaternion {
    var rotation = Quaternion.identity
    for (a, b) in zip(samples, samples.dropFirst()) {
      let rate = (SIMD3<Double>(a.rotationRate) + SIMD3<Double>(b.rotationRate)) / 2 - bias
      let angle = (rate * rate).sum().squareRoot() * (b.timestamp - a.timestamp)
      rotation = (rotation * Quaternion(angle: angle, axis: rate)).normalized
    }
    return rotation
  }

  private func gyroscopeBias(_ files: SyntheticSequenceFiles) throws -> SIMD3<Double> {
    let imu = try XCTUnwrap(files.annotations()["imu"] as? [String: Any])
    let bias = try XCTUnwrap(imu["gyroscopeBias"] as? [Double])
    return SIMD3(bias[0], bias[1], bias[2])
  }

  /// The integrated gyroscope against the ground-truth rotation from the
  /// first frame to the last (both at IMU sample times).
  private func rotationError(_ files: SyntheticSequenceFiles, subtractingBias: Bool) throws
    -> Double
  {
    let samples = try files.imu()
    let truth = try files.groundTruth()
    let first = try XCTUnwrap(truth.first)
    let last = try XCTUnwrap(truth.last)
    let span = samples.filter {
      $0.timestamp >= first.time - 1e-9 && $0.timestamp <= last.time + 1e-9
    }
    XCTAssertEqual(span.first?.timestamp ?? -1, first.time, accuracy: 1e-6)
    XCTAssertEqual(span.last?.timestamp ?? -1, last.time, accuracy: 1e-6)
    let integrated = integrate(span, bias: subtractingBias ? try gyroscopeBias(files) : .zero)
    let expected = first.pose.rotation.conjugate * last.pose.rotation
    return integrated.angle(to: expected)
  }

  func testIntegratedGyroscopeMatchesTheGroundTruthRotation() throws {
    // 0.6 s of the walk (its frame times fall on IMU samples every 0.1 s).
    let exact = try SyntheticSequenceFiles.generate(self, frames: 19, noise: false)
    XCTAssertLessThan(try rotationError(exact, subtractingBias: false), 2e-4)

    let noisy = try SyntheticSequenceFiles.generate(self, frames: 19)
    // White noise of 0.002 rad/s over 120 samples of 5 ms adds about 1e-4
    // rad; the bias (about 0.003 rad/s) would add up to 2e-3 rad.
    XCTAssertLessThan(try rotationError(noisy, subtractingBias: true), 1e-3)
  }

  func testGyroscopeFollowsTheFastTurn() throws {
    let files = try SyntheticSequenceFiles.generate(
      self, scenario: .fast, frames: 31, noise: false, width: 32, height: 24)
    let samples = try files.imu()
    let fastest =
      samples.map { sample in
        let rate = SIMD3<Double>(sample.rotationRate)
        return (rate * rate).sum().squareRoot()
      }.max() ?? 0
    XCTAssertGreaterThan(fastest, 5, "a full turn in 0.6 s peaks near 20 rad/s")
    XCTAssertLessThan(try rotationError(files, subtractingBias: false), 2e-3)
  }

  func testAccelerometerReadsGravityWhenTheCameraOnlyTurns() throws {
    // On a tripod (the pan) the only specific force is gravity's, +9.81
    // along world up, which the accelerometer sees in camera axes.
    let files = try SyntheticSequenceFiles.generate(
      self, scenario: .image, motion: .pan, frames: 31, width: 32, height: 24)
    let imu = try XCTUnwrap(files.annotations()["imu"] as? [String: Any])
    let biasValues = try XCTUnwrap(imu["accelerometerBias"] as? [Double])
    let bias = SIMD3(biasValues[0], biasValues[1], biasValues[2])
    let samples = Dictionary(
      try files.imu().map { (String(format: "%.6f", $0.timestamp), $0) },
      uniquingKeysWith: { a, _ in a })
    var compared = 0
    for (time, pose) in try files.groundTruth() {
      guard let sample = samples[String(format: "%.6f", time)] else { continue }
      let expected = pose.rotation.conjugate.rotate(SIMD3(0, 9.81, 0)) + bias
      let error = SIMD3<Double>(sample.acceleration) - expected
      // Five sigma of the 0.02 m/s² noise, per axis.
      XCTAssertLessThan(absolute(error).max(), 0.1, "at \(time) s: \(error)")
      compared += 1
    }
    XCTAssertEqual(compared, 11, "frames every 0.1 s fall on IMU samples")
  }

  func testSamplesComeAt200HzAndBelongToTheFrameThatFollows() throws {
    let files = try SyntheticSequenceFiles.generate(
      self, frames: 10, noise: false, width: 32, height: 24)
    let samples = try files.imu()
    let times = try files.frameTimes()
    XCTAssertEqual(samples.first?.timestamp, 0)
    XCTAssertEqual(samples.count, Int((times.last! * 200).rounded(.down)) + 1)
    for (a, b) in zip(samples, samples.dropFirst()) {
      XCTAssertEqual(b.timestamp - a.timestamp, 0.005, accuracy: 1e-6)
    }
    XCTAssertLessThanOrEqual(samples.last!.timestamp, times.last!)
  }

  func testSimulatorIsExactWithoutNoiseAndBiasedWithIt() {
    let pan = PanMotion()
    let exact = IMUSimulator(motion: pan, noise: .exact, seed: 1)
    XCTAssertEqual(exact.accelerometerBias, .zero)
    XCTAssertEqual(exact.gyroscopeBias, .zero)
    let sample = exact.sample(40)
    XCTAssertEqual(sample.timestamp, 0.2)
    // The pan turns about world up at heading'(t).
    let h = 1e-6
    let rate = (pan.heading(at: 0.2 + h) - pan.heading(at: 0.2 - h)) / (2 * h)
    let magnitude = (SIMD3<Double>(sample.rotationRate) * SIMD3<Double>(sample.rotationRate)).sum()
      .squareRoot()
    XCTAssertEqual(magnitude, abs(rate), accuracy: 1e-4)

    let noisy = IMUSimulator(motion: pan, noise: IMUNoiseModel(), seed: 1)
    XCTAssertNotEqual(noisy.gyroscopeBias, .zero)
    XCTAssertEqual(noisy.sample(7), noisy.sample(7), "noise is a function of the sample")
    XCTAssertNotEqual(noisy.sample(7).acceleration, noisy.sample(8).acceleration)
  }
}

private func absolute(_ v: SIMD3<Double>) -> SIMD3<Double> {
  SIMD3(abs(v.x), abs(v.y), abs(v.z))
}
