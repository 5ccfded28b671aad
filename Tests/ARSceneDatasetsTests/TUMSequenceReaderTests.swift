import ARScene
import ARSceneDatasets
import Foundation
import TestSupport
import XCTest

/// TUM RGB-D folders as published open without conversion: lists with
/// comments, depth associated by nearest timestamp, ground truth and
/// accelerometer at their own rates, intrinsics from the folder name.
final class TUMSequenceReaderTests: XCTestCase {
  private let rgbTimes = [1.0, 1.033, 1.066, 1.1]
  // Kinect depth runs on its own clock: a few ms off, one frame without depth.
  private let depthTimes = [1.004, 1.038, 1.058, 1.5]

  /// A TUM folder as TUM publishes it, with 32x24 images.
  private func makeTUMFolder(name: String = "rgbd_dataset_freiburg1_unit") throws -> URL {
    let folder = try SequenceFixtures.temporaryFolder(self, name: name)
    var rgb = "# color images\n# file: 'rgbd_dataset_freiburg1_unit.bag'\n# timestamp filename\n"
    for (index, time) in rgbTimes.enumerated() {
      try SequenceFixtures.write(
        try SequenceFixtures.colorImage(seed: index),
        to: folder.appendingPathComponent("rgb/\(time).png"))
      rgb += "\(time) rgb/\(time).png\n"
    }
    var depth = "# depth maps\n# timestamp filename\n"
    for (index, time) in depthTimes.enumerated() {
      try SequenceFixtures.write(
        try SequenceFixtures.depthImage(seed: index),
        to: folder.appendingPathComponent("depth/\(time).png"))
      depth += "\(time)\tdepth/\(time).png\r\n"
    }
    var groundTruth = "# ground truth trajectory\n# timestamp tx ty tz qx qy qz qw\n"
    for k in 0..<12 {
      groundTruth += "\(0.99 + 0.01 * Double(k)) 1.0 2.0 \(0.1 * Double(k)) 0 0 0 1\n"
    }
    var accelerometer = "# accelerometer data\n# timestamp ax ay az\n"
    for k in 0..<12 {
      accelerometer += "\(0.995 + 0.01 * Double(k)) 0.1 -9.8 \(Double(k))\n"
    }
    try SequenceFixtures.write(rgb, to: folder.appendingPathComponent("rgb.txt"))
    try SequenceFixtures.write(depth, to: folder.appendingPathComponent("depth.txt"))
    try SequenceFixtures.write(groundTruth, to: folder.appendingPathComponent("groundtruth.txt"))
    try SequenceFixtures.write(
      accelerometer, to: folder.appendingPathComponent("accelerometer.txt"))
    return folder
  }

  private let smallCamera = CameraIntrinsics(fx: 30, fy: 30, cx: 16, cy: 12, width: 32, height: 24)

  func testHandWrittenFolderIsAssociatedAndRead() throws {
    let folder = try makeTUMFolder()
    let sequence = try SequenceLoader.open(folder, intrinsics: smallCamera)
    XCTAssertEqual(sequence.format, "tum")
    XCTAssertEqual(sequence.url, folder.standardizedFileURL)
    XCTAssertEqual(sequence.description.name, "rgbd_dataset_freiburg1_unit")
    XCTAssertEqual(sequence.description.camera, smallCamera)
    XCTAssertNil(sequence.description.distortion, "given intrinsics come without distortion")
    XCTAssertEqual(sequence.description.depthUnitsPerMeter, 5000)
    XCTAssertEqual(sequence.description.sensors, [.color, .depth, .groundTruth, .imu])
    XCTAssertEqual(sequence.description.groundTruthConvention, "opencv")

    XCTAssertEqual(sequence.frames.map(\.timestamp), rgbTimes)
    let depthNames = sequence.frames.map {
      $0.depthPath.map { URL(fileURLWithPath: $0).lastPathComponent }
    }
    XCTAssertEqual(depthNames, ["1.004.png", "1.038.png", "1.058.png", nil])
    XCTAssertEqual(
      sequence.problems,
      ["depth.txt: 1 of 4 frames have no depth image within 0.02 s (they replay without depth)"])

    XCTAssertEqual(sequence.groundTruth.count, 12)
    XCTAssertEqual(sequence.groundTruth[3].translation, SIMD3(1, 2, 0.30000000000000004))
    XCTAssertEqual(sequence.groundTruth[3].rotation, .identity)
    XCTAssertEqual(sequence.imu.count, 12)
    XCTAssertEqual(sequence.imu[2].rotationRate, .zero)
    XCTAssertEqual(sequence.imu[2].acceleration, SIMD3(0.1, -9.8, 2))

    let second = try sequence.loadFrame(sequence.frames[1])
    XCTAssertEqual(second.timestamp, 1.033)
    XCTAssertEqual(
      SequenceFixtures.pixels(second.capturedImage),
      SequenceFixtures.pixels(try SequenceFixtures.colorImage(seed: 1)))
    let depth = try XCTUnwrap(second.depth)
    XCTAssertEqual(depth.unitsPerMeter, 5000)
    XCTAssertEqual(
      SequenceFixtures.pixels(depth.depthMap),
      SequenceFixtures.pixels(try SequenceFixtures.depthImage(seed: 1)))
    // Accelerometer samples at 1.005, 1.015, 1.025 fall in (1.0, 1.033].
    XCTAssertEqual(second.imuSamples.map(\.acceleration.z), [1, 2, 3])
    XCTAssertEqual(try sequence.loadFrame(sequence.frames[0]).imuSamples.map(\.acceleration.z), [0])
    XCTAssertNil(try sequence.loadFrame(sequence.frames[3]).depth)
  }

  func testPublishedIntrinsicsComeFromTheFolderName() throws {
    let expectations: [(String, [Double], [Double]?)] = [
      (
        "rgbd_dataset_freiburg1_xyz", [517.3, 516.5, 318.6, 255.3],
        [0.2624, -0.9531, -0.0054, 0.0026, 1.1633]
      ),
      (
        "rgbd_dataset_freiburg2_desk", [520.9, 521.0, 325.1, 249.7],
        [0.2312, -0.7849, -0.0033, -0.0001, 0.9172]
      ),
      ("tum-fr3-office", [535.4, 539.2, 320.1, 247.6], nil),
    ]
    for (name, pinhole, distortion) in expectations {
      let folder = try makeTUMFolder(name: name)
      let description = try SequenceLoader.open(folder).description
      let camera = description.camera
      XCTAssertEqual([camera.fx, camera.fy, camera.cx, camera.cy], pinhole, name)
      XCTAssertEqual([camera.width, camera.height], [640, 480], name)
      XCTAssertEqual(description.distortion, distortion, name)
    }
  }

  func testIntrinsicsWithoutSizeTakeTheImageSize() throws {
    let folder = try makeTUMFolder(name: "no-kinect-named")
    let sizeless = CameraIntrinsics(fx: 30, fy: 30, cx: 16, cy: 12, width: 0, height: 0)
    let sequence = try SequenceLoader.open(folder, intrinsics: sizeless)
    XCTAssertEqual(sequence.description.camera, smallCamera)
    XCTAssertNoThrow(try sequence.loadFrame(sequence.frames[0]))
  }

  func testTUMStyleListsAreReadInsteadOfIndexLists() throws {
    let folder = try makeTUMFolder(name: "keyframes-fr3")
    // Repackaged data: rgb.txt lists frame indices, tum_style_rgb.txt the TUM list.
    try FileManager.default.moveItem(
      at: folder.appendingPathComponent("rgb.txt"),
      to: folder.appendingPathComponent("tum_style_rgb.txt"))
    try SequenceFixtures.write(
      "# indices\n0 rgb/1.0.png\n1 rgb/1.033.png\n", to: folder.appendingPathComponent("rgb.txt"))
    let sequence = try SequenceLoader.open(folder, intrinsics: smallCamera)
    XCTAssertEqual(sequence.frames.map(\.timestamp), rgbTimes)
    XCTAssertEqual(sequence.frames.filter { $0.depthPath != nil }.count, 3)
  }

  /// The real TUM fr3 cabinet keyframes, read through their tum_style lists,
  /// with a check of the conventions: depth of one keyframe, moved by the
  /// ground-truth poses into the next (0.67 s later, a wide baseline), must
  /// land on the same surfaces; inverted poses or mixed-up camera axes must
  /// not.
  func testSharedTUMCabinetKeyframes() throws {
    let folder = try SharedDataset.folder("tum-fr3-cabinet-keyframes")
    let sequence = try SequenceLoader.open(folder)
    XCTAssertEqual(sequence.format, "tum")
    XCTAssertEqual(sequence.frames.count, 58)
    XCTAssertEqual(sequence.groundTruth.count, 58)
    XCTAssertTrue(sequence.frames.allSatisfy { $0.depthPath != nil })
    XCTAssertEqual(sequence.problems, [])
    XCTAssertEqual(sequence.description.camera.fx, 535.4)
    XCTAssertEqual(sequence.frames[0].timestamp, 1341841278.8427)
    XCTAssertEqual(try sequence.loadFrame(sequence.frames[0]).capturedImage.width, 640)

    let correct = try ReprojectionAgreement.measure(sequence, frameGap: 1, every: 4)
    let inverted = try ReprojectionAgreement.measure(
      sequence, frameGap: 1, every: 4, groundTruth: sequence.groundTruth.map(\.inverse))
    let arkitAxes = try ReprojectionAgreement.measure(
      sequence, frameGap: 1, every: 4,
      groundTruth: sequence.groundTruth.map { pose in
        var flipped = pose
        flipped.rotation = pose.rotation * Quaternion.cameraAxesFlip
        return flipped
      })
    print(
      "tum-fr3-cabinet-keyframes agreement (next keyframe): correct \(correct.fraction)"
        + " (\(correct.agreeing)/\(correct.compared)), inverted \(inverted.fraction),"
        + " ARKit axes \(arkitAxes.fraction)")
    XCTAssertGreaterThan(correct.compared, 20_000)
    XCTAssertGreaterThan(correct.fraction, 0.75)
    XCTAssertLessThan(inverted.fraction, 0.5)
    XCTAssertLessThan(arkitAxes.fraction, 0.5)
  }
}
