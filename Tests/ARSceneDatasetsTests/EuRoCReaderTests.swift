import ARScene
import ARSceneDatasets
import Foundation
import TestSupport
import XCTest

/// EuRoC folders open as published: nanosecond times in seconds, the camera
/// from cam0/sensor.yaml, IMU samples turned into the camera's ARKit axes,
/// ground truth moved from the body to the camera.
final class EuRoCReaderTests: XCTestCase {
  private let times = FormatFixtures.eurocTimes
  private let cameraSensorYAML = FormatFixtures.eurocCameraYAML

  private func seconds(_ ns: Int64) -> Double { FormatFixtures.seconds(ns) }

  private func grayImage(seed: Int) throws -> PixelBuffer {
    try FormatFixtures.grayImage(seed: seed)
  }

  private func makeFolder(groundTruth: Bool = true) throws -> URL {
    try FormatFixtures.euroc(self, groundTruth: groundTruth)
  }

  func testFolderWithBodyGroundTruth() throws {
    let folder = try makeFolder()
    for opened in [folder, folder.appendingPathComponent("mav0")] {
      let sequence = try SequenceLoader.open(opened)
      XCTAssertEqual(sequence.format, "euroc")
      XCTAssertEqual(sequence.description.name, "V1_unit")
      XCTAssertEqual(
        sequence.description.camera,
        CameraIntrinsics(fx: 30, fy: 31, cx: 15.5, cy: 11.5, width: 32, height: 24))
      XCTAssertEqual(sequence.description.distortion, [-0.28, 0.07, 0.0002, 1.8e-05])
      XCTAssertEqual(sequence.description.frameRate, 20)
      XCTAssertEqual(sequence.description.depthUnitsPerMeter, nil)
      XCTAssertEqual(sequence.description.sensors, [.color, .imu, .groundTruth])
      XCTAssertEqual(sequence.frames.map(\.timestamp), times.map(seconds))
      XCTAssertEqual(sequence.problems, [])
    }
    let sequence = try SequenceLoader.open(folder)

    // Body X is up; camera Y (image down) is body -X, so the resting
    // specific force points along ARKit's +Y (up), and the turn about body X
    // is a turn about ARKit +Y too.
    XCTAssertEqual(sequence.imu.count, 25)
    let sample = sequence.imu[0]
    XCTAssertEqual(sample.timestamp, seconds(times[0] - 20_000_000))
    XCTAssertEqual(sample.acceleration.x, 0, accuracy: 1e-6)
    XCTAssertEqual(sample.acceleration.y, 9.81, accuracy: 1e-6)
    XCTAssertEqual(sample.acceleration.z, 0, accuracy: 1e-6)
    XCTAssertEqual(sample.rotationRate.y, 0.5, accuracy: 1e-6)

    // world_from_camera = world_from_body * body_from_camera.
    XCTAssertEqual(sequence.groundTruth.count, 3)
    let pose = sequence.groundTruth[1]
    XCTAssertEqual(pose.timestamp, seconds(times[1]))
    XCTAssertEqual(pose.translation.x, 1.05, accuracy: 1e-12)
    XCTAssertEqual(pose.translation.y, 2, accuracy: 1e-12)
    XCTAssertEqual(
      pose.rotation.angle(to: Quaternion(angle: .pi / 2, axis: SIMD3(0, 0, 1))), 0, accuracy: 1e-9)

    let frame = try sequence.loadFrame(sequence.frames[0])
    XCTAssertEqual(frame.capturedImage.format, .gray8)
    // The images load undistorted by the lens sensor.yaml states.
    let lens = try LensUndistortion(
      camera: sequence.description.camera, coefficients: [-0.28, 0.07, 0.0002, 1.8e-05])
    let written = try grayImage(seed: 0)
    XCTAssertEqual(
      SequenceFixtures.pixels(frame.capturedImage),
      SequenceFixtures.pixels(try lens.undistorted(written)))
    XCTAssertNotEqual(
      SequenceFixtures.pixels(frame.capturedImage), SequenceFixtures.pixels(written))
    XCTAssertEqual(frame.imuSamples.count, 5, "samples up to and including the first frame")
    XCTAssertNil(frame.depth)
  }

  func testGroundTruthFilesBesideMav0() throws {
    // TUM format: taken as world_from_camera.
    var folder = try makeFolder(groundTruth: false)
    try SequenceFixtures.write(
      "# timestamp tx ty tz qx qy qz qw\n\(seconds(times[0])) 1 2 3 0 0 0.6 0.8\n",
      to: folder.appendingPathComponent("groundtruth.txt"))
    var sequence = try SequenceLoader.open(folder)
    XCTAssertEqual(sequence.groundTruth.map(\.rotation), [Quaternion(x: 0, y: 0, z: 0.6, w: 0.8)])
    XCTAssertEqual(sequence.groundTruth.first?.timestamp, seconds(times[0]))

    // ORB-SLAM3's EuRoC_left_cam CSV: camera centre, camera_from_world quaternion.
    folder = try makeFolder(groundTruth: false)
    try SequenceFixtures.write(
      "#timestamp [ns],p_RS_R_x [m],p_RS_R_y [m],p_RS_R_z [m],q_RS_w [],q_RS_x [],q_RS_y [],q_RS_z []\n"
        + "\(times[0]).0000000000,1,2,3,0.8,0,0,0.6\n",
      to: folder.appendingPathComponent("V101_GT_leftcam_from_ORB_SLAM3.txt"))
    sequence = try SequenceLoader.open(folder)
    XCTAssertEqual(sequence.groundTruth.map(\.rotation), [Quaternion(x: 0, y: 0, z: -0.6, w: 0.8)])
    XCTAssertEqual(sequence.groundTruth.first?.translation, SIMD3(1, 2, 3))
    XCTAssertEqual(sequence.groundTruth.first?.timestamp, seconds(times[0]))
  }

  func testBadFilesNameFileAndLine() throws {
    let folder = try makeFolder()
    let mav0 = folder.appendingPathComponent("mav0")
    let cases: [(String, String, Int?, String)] = [
      ("cam0/sensor.yaml", "%YAML:1.0\nrate_hz: 20\n", nil, "missing T_BS"),
      (
        "cam0/sensor.yaml",
        cameraSensorYAML.replacingOccurrences(
          of: "1.0, 0.0, 0.0, 0.0,", with: "2.0, 0.0, 0.0, 0.0,"),
        7, "rigid transform"
      ),
      (
        "cam0/sensor.yaml",
        cameraSensorYAML.replacingOccurrences(of: "[30.0, 31.0", with: "[30.0, x"),
        14, "'x' is not a finite number"
      ),
      (
        "cam0/sensor.yaml",
        cameraSensorYAML.replacingOccurrences(of: "[-0.28, 0.07", with: "[-0.28, 7e4"), nil,
        "distortion_coefficients: coefficient 1 is 70000, not a finite number within ±1000"
      ),
      ("cam0/data.csv", "#t,f\n12x,a.png\n", 2, "'12x' is not a whole number of nanoseconds"),
      ("cam0/data.csv", "#t,f\n\(times[0]),missing.png\n", 2, "missing.png does not exist"),
      ("imu0/data.csv", "#t\n\(times[0]),1,2,3,4,5\n", 2, "expected 7 fields"),
      (
        "imu0/data.csv", "#t\n\(times[1]),1,2,3,4,5,6\n\(times[0]),1,2,3,4,5,6\n", 3,
        "goes backwards"
      ),
      (
        "state_groundtruth_estimate0/data.csv", "#t\n\(times[0]),1,2,3,2,0,0,0,0,0,0,0,0,0,0,0,0\n",
        2, "quaternion has norm 2"
      ),
    ]
    for (name, text, line, message) in cases {
      let original = try Data(contentsOf: mav0.appendingPathComponent(name))
      try SequenceFixtures.write(text, to: mav0.appendingPathComponent(name))
      let error = SequenceFixtures.datasetError { try SequenceLoader.open(folder) }
      XCTAssertEqual(
        error?.file, mav0.appendingPathComponent(name).path, "\(String(describing: error))")
      XCTAssertEqual(error?.line, line, "\(String(describing: error))")
      XCTAssertTrue(error?.message.contains(message) ?? false, "\(String(describing: error))")
      try original.write(to: mav0.appendingPathComponent(name))
    }
  }

  /// The shared EuRoC V1_01 excerpt. There is no depth to reproject, so the
  /// conventions are checked against the IMU instead: at rest, the
  /// accelerometer turned into the world by the ground truth must point up
  /// (the Vicon world's +Z), and over the whole flight the ground truth's
  /// rotation between two instants must match the integrated gyroscope.
  func testSharedEuRoCMatchesItsIMU() throws {
    let sequence = try SequenceLoader.open(try SharedDataset.folder("euroc-v1-01-micro"))
    XCTAssertEqual(sequence.format, "euroc")
    XCTAssertEqual(sequence.frames.count, 95)
    XCTAssertEqual(sequence.imu.count, 29120)
    XCTAssertEqual(sequence.groundTruth.count, 2871)
    XCTAssertEqual(sequence.problems, [])
    XCTAssertEqual(sequence.description.camera.width, 752)
    XCTAssertEqual(sequence.description.distortion?.count, 4)
    let exact = sequence.frames.filter { frame in
      sequence.groundTruth.contains { $0.timestamp == frame.timestamp }
    }
    XCTAssertEqual(exact.count, 74, "74 of the 95 frames have a ground-truth row at their time")
    XCTAssertEqual(try sequence.loadFrame(sequence.frames[0]).capturedImage.format, .gray8)

    let correct = Self.imuConsistency(
      sequence.imu, sequence.groundTruth, restUntil: sequence.frames.last?.timestamp ?? 0)
    let inverted = Self.imuConsistency(
      sequence.imu,
      sequence.groundTruth.map { pose in
        var conjugated = pose
        conjugated.rotation = pose.rotation.conjugate
        return conjugated
      }, restUntil: sequence.frames.last?.timestamp ?? 0)
    print(
      "euroc-v1-01-micro: gravity off world +Z by \(correct.gravityDegrees) deg"
        + " (inverted rotation: \(inverted.gravityDegrees) deg); median gyro mismatch over 0.5 s"
        + " \(correct.gyroDegrees) deg (inverted: \(inverted.gyroDegrees) deg)")
    XCTAssertLessThan(correct.gravityDegrees, 5)
    XCTAssertGreaterThan(inverted.gravityDegrees, 30)
    XCTAssertLessThan(correct.gyroDegrees, 0.5)
    XCTAssertGreaterThan(inverted.gyroDegrees, 2 * correct.gyroDegrees + 0.5)
  }

  /// How far the resting accelerometer, turned into the world, is from +Z,
  /// and the median angle between the ground truth's and the gyroscope's
  /// rotation over 0.5 s windows (gyroscope bias taken from the rest).
  private static func imuConsistency(
    _ imu: [IMUSample], _ poses: [TimedPose], restUntil: Double
  ) -> (gravityDegrees: Double, gyroDegrees: Double) {
    let resting = imu.filter { $0.timestamp <= restUntil }
    let count = Double(max(resting.count, 1))
    let force = resting.reduce(SIMD3<Double>.zero) { $0 + SIMD3<Double>($1.acceleration) } / count
    let bias = resting.reduce(SIMD3<Double>.zero) { $0 + SIMD3<Double>($1.rotationRate) } / count
    let atRest = poses.first { $0.timestamp <= restUntil } ?? poses[0]
    // IMU samples are in ARKit camera axes; poses take OpenCV camera axes.
    let up = atRest.rotation.rotate(Quaternion.cameraAxesFlip.rotate(force))
    let cosine = up.z / (up * up).sum().squareRoot()
    let gravityDegrees = acos(max(-1, min(1, cosine))) * 180 / .pi

    var errors: [Double] = []
    var index = 0
    for start in stride(from: 0, to: poses.count - 10, by: 10) {
      let (a, b) = (poses[start], poses[start + 10])
      var integrated = Quaternion.identity
      while index < imu.count, imu[index].timestamp < a.timestamp { index += 1 }
      var sample = index
      while sample + 1 < imu.count, imu[sample + 1].timestamp <= b.timestamp {
        let dt = imu[sample + 1].timestamp - imu[sample].timestamp
        let rate = SIMD3<Double>(imu[sample].rotationRate) - bias
        let angle = (rate * rate).sum().squareRoot() * dt
        integrated = integrated * Quaternion(angle: angle, axis: rate)
        sample += 1
      }
      // a_from_b in OpenCV axes, turned into ARKit axes like the samples.
      let relative =
        Quaternion.cameraAxesFlip * a.rotation.conjugate * b.rotation * Quaternion.cameraAxesFlip
      errors.append(relative.angle(to: integrated) * 180 / .pi)
    }
    errors.sort()
    return (gravityDegrees, errors.isEmpty ? .infinity : errors[errors.count / 2])
  }
}
