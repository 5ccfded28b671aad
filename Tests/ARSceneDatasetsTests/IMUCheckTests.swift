import ARScene
import ARSceneDatasets
import XCTest

/// The IMU problems that would make visual-inertial tracking silently wrong
/// are found, each named; a good stream has none.
final class IMUCheckTests: XCTestCase {
  /// A phone-like stream: rate Hz from 0 to seconds, gravity along +Y
  /// (m/s^2) plus a little motion, turning at 0.5 rad/s.
  private func stream(
    rate: Double = 200, seconds: Double = 3, gravity: Float = 9.81, turning: Float = 0.5,
    skipping: ClosedRange<Double>? = nil
  ) -> [IMUSample] {
    (0...Int(seconds * rate)).compactMap { k in
      let t = Double(k) / rate
      if let skipping, skipping.contains(t) { return nil }
      let wobble = Float(sin(t * 3)) * 0.3
      return IMUSample(
        timestamp: t, acceleration: SIMD3(wobble, gravity, 0.1),
        rotationRate: SIMD3(0, turning, wobble))
    }
  }

  private let frames = stride(from: 0.0, through: 3.0, by: 1.0 / 30).map { $0 }

  private func problems(_ imu: [IMUSample], frames: [Double]? = nil) -> [String] {
    IMUCheck.problems(of: imu, frameTimes: frames ?? self.frames, file: "imu.txt")
  }

  func testAGoodStreamHasNoProblem() {
    XCTAssertEqual(problems(stream()), [])
    XCTAssertEqual(problems(stream(rate: 50)), [], "50 Hz is enough")
  }

  func testAFewFramesBeyondTheIMUAreAWarningNotAProblem() {
    // 3 s of frames, the IMU from 0.1 s: 2 of 91 frames more than 0.05 s before it.
    let late = stream().filter { $0.timestamp >= 0.1 }
    XCTAssertEqual(problems(late), [])
    let warnings = IMUCheck.warnings(of: late, frameTimes: frames, file: "imu.txt")
    XCTAssertEqual(warnings.count, 1, "\(warnings)")
    XCTAssertTrue(warnings[0].contains("2 frames have no IMU"), warnings[0])
    XCTAssertEqual(IMUCheck.warnings(of: stream(), frameTimes: frames, file: "imu.txt"), [])
  }

  func testEachProblemIsNamed() {
    let cases: [(String, [IMUSample], [Double]?, String)] = [
      ("slow", stream(rate: 20), nil, "records 20 samples a second"),
      ("gap", stream(skipping: 1.0...1.3), nil, "no IMU sample from 0.995 s to 1.305 s"),
      (
        "late clock",
        stream().map {
          var s = $0
          s.timestamp += 100
          return s
        }, nil,
        "frames have no IMU around their time"
      ),
      ("short", stream(seconds: 2), nil, "frames have no IMU around their time"),
      ("in g", stream(gravity: 1), nil, "in g rather than m/s^2"),
      ("implausible", stream(gravity: 40), nil, "not near gravity's 9.81"),
      ("degrees", stream(turning: 30), nil, "in degrees per second rather than radians"),
      (
        "no gyroscope",
        stream().map {
          var s = $0
          s.rotationRate = .zero
          return s
        }, nil,
        "has no gyroscope"
      ),
      ("one sample", Array(stream().prefix(1)), nil, "1 IMU sample;"),
    ]
    for (name, imu, frames, expected) in cases {
      let found = problems(imu, frames: frames)
      XCTAssertTrue(
        found.contains { $0.hasPrefix("imu.txt: ") && $0.contains(expected) },
        "\(name): \(found)")
    }
  }
}
