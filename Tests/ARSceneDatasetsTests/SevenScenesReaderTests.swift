import ARScene
import ARSceneDatasets
import Foundation
import TestSupport
import XCTest

/// 7-Scenes folders open as they are published: frame numbers give the time,
/// depth is registered into the colour camera, poses are moved from the
/// depth camera to the colour camera, and a sequence.json overrides the
/// calibration.
final class SevenScenesReaderTests: XCTestCase {
  private func makeSmallFolder() throws -> URL { try FormatFixtures.sevenScenes(self) }

  private func depthImage(
    width: Int, height: Int, _ value: (Int, Int) -> UInt16
  ) throws -> PixelBuffer {
    try FormatFixtures.depthImage(width: width, height: height, value)
  }

  func testSmallFolderWithSequenceJSON() throws {
    let folder = try makeSmallFolder()
    let sequence = try SequenceLoader.open(folder)
    XCTAssertEqual(sequence.format, "7scenes")
    XCTAssertEqual(sequence.description.name, "redkitchen-seq-01")
    XCTAssertEqual(sequence.frames.map(\.timestamp), [20, 601.0 / 30, 20.1])
    XCTAssertEqual(sequence.description.camera.fx, 30)
    XCTAssertEqual(sequence.description.depthIntrinsics?.fx, 33)
    XCTAssertEqual(
      sequence.description.colorFromDepth?.translation, SIMD3(-0.02, 0, 0),
      "sequence.json without colorFromDepth keeps the measured baseline")
    XCTAssertEqual(sequence.description.sensors, [.color, .depth, .groundTruth])
    XCTAssertEqual(sequence.problems, ["1 of 3 frames have no frame-NNNNNN.pose.txt"])

    // Ground truth is the colour camera's: the depth camera's pose followed
    // by depth_from_color, a 2 cm step along the camera's +X, which the
    // quarter turn sends along world -Z.
    XCTAssertEqual(sequence.groundTruth.map(\.timestamp), [20, 601.0 / 30])
    let pose = sequence.groundTruth[0]
    XCTAssertEqual(pose.translation.x, 1, accuracy: 1e-9)
    XCTAssertEqual(pose.translation.z, -0.02, accuracy: 1e-7)
    XCTAssertEqual(
      pose.rotation.angle(to: Quaternion(angle: .pi / 2, axis: SIMD3(0, 1, 0))), 0, accuracy: 1e-9)

    let frame = try sequence.loadFrame(sequence.frames[0])
    let depth = try XCTUnwrap(frame.depth)
    XCTAssertEqual(depth.unitsPerMeter, 1000)
    XCTAssertEqual(depth.depthMap.value(x: 15, y: 11), 1500)
    let values = SequenceFixtures.pixels(depth.depthMap)
    XCTAssertFalse(values.contains(65535), "65535 (no reading) never reaches the engine")
    XCTAssertTrue(values.contains(0))
  }

  func testGravityDirectionGivesTheFirstCameraItsUp() throws {
    let sequence = try SequenceLoader.open(try makeSmallFolder())
    XCTAssertEqual(sequence.description.gravity, SIMD3(0, 1, 0), "normalised")
    // The first camera is turned a quarter about the world's Y, so its OpenCV
    // +Y (down) is the world's +Y, the way gravity points: in ARKit camera
    // axes, up is +Y.
    let up = try XCTUnwrap(sequence.initialUpDirection)
    XCTAssertEqual(up.x, 0, accuracy: 1e-6)
    XCTAssertEqual(up.y, 1, accuracy: 1e-6)
    XCTAssertEqual(up.z, 0, accuracy: 1e-6)
    XCTAssertEqual(
      WorldTrackingConfiguration().adopting(gravityOf: sequence).initialUpDirection, up)
    var chosen = WorldTrackingConfiguration()
    chosen.initialUpDirection = SIMD3(1, 0, 0)
    XCTAssertEqual(
      chosen.adopting(gravityOf: sequence).initialUpDirection, SIMD3(1, 0, 0),
      "an up direction the caller chose wins")
  }

  func testBadGravityDirectionNamesTheFile() throws {
    for (text, expected) in [
      ("0 1\n", "must be 3 finite numbers"), ("0\n0\n0\n", "must not be the zero vector"),
      ("0\nup\n0\n", "gravity-direction.txt:2"),
    ] {
      let folder = try makeSmallFolder()
      try SequenceFixtures.write(text, to: folder.appendingPathComponent("gravity-direction.txt"))
      let error = SequenceFixtures.datasetError { try SequenceLoader.open(folder) }
      XCTAssertTrue(
        error?.description.contains("gravity-direction.txt") ?? false, "\(error as Any)")
      XCTAssertTrue(error?.description.contains(expected) ?? false, "\(error as Any)")
    }
  }

  func testPublishedCalibrationRegistersWithTheMeasuredBaseline() throws {
    // A 640x480 wall 2 m away: depth (f 585) seen by colour (f 525) 2 cm to
    // the right leaves colour columns < 27.6 and > 601.0 without depth; the
    // opposite baseline would leave < 37.1 and > 611.5.
    let folder = try SequenceFixtures.temporaryFolder(self, name: "chess")
    try SequenceFixtures.write(
      try SequenceFixtures.colorImage(width: 640, height: 480),
      to: folder.appendingPathComponent("frame-000000.color.png"))
    try SequenceFixtures.write(
      try depthImage(width: 640, height: 480) { _, _ in 2000 },
      to: folder.appendingPathComponent("frame-000000.depth.png"))
    let sequence = try SequenceLoader.open(folder)
    XCTAssertEqual(sequence.description.camera.fx, 525)
    XCTAssertEqual(sequence.description.depthIntrinsics?.fx, 585)
    XCTAssertEqual(sequence.description.frameRate, 30)
    XCTAssertEqual(sequence.groundTruth, [])
    let depth = try XCTUnwrap(try sequence.loadFrame(sequence.frames[0]).depth).depthMap
    XCTAssertEqual(depth.value(x: 320, y: 240), 2000)
    XCTAssertEqual(depth.value(x: 30, y: 240), 2000)
    XCTAssertEqual(depth.value(x: 25, y: 240), 0)
    XCTAssertEqual(depth.value(x: 600, y: 240), 2000)
    XCTAssertEqual(depth.value(x: 605, y: 240), 0)
  }

  func testBadPoseAndIntrinsicsFilesNameTheFile() throws {
    let cases: [(String, String, String, Int?, String)] = [
      (
        "frame-000600.pose.txt", "1 0 0 0\n0 1 0 0\n0 0 0 1\n", "frame-000600.pose.txt", nil,
        "4 lines"
      ),
      (
        "frame-000600.pose.txt", "1 0 0 0\n0 1 x 0\n0 0 1 0\n0 0 0 1\n", "frame-000600.pose.txt", 2,
        "'x' is not a number"
      ),
      (
        "frame-000600.pose.txt", "2 0 0 0\n0 1 0 0\n0 0 1 0\n0 0 0 1\n", "frame-000600.pose.txt",
        nil, "not a rigid transform"
      ),
      (
        "frame-000601.pose.txt", "1 0 0 0\n0 1 0 0\n0 0 1 0 9\n0 0 0 1\n", "frame-000601.pose.txt",
        3, "expected 4 fields"
      ),
      ("camera-intrinsics.txt", "585 0 320\n0 585 240\n", "camera-intrinsics.txt", nil, "3x3"),
      (
        "camera-intrinsics.txt", "585 0 320\n0 -585 240\n0 0 1\n", "camera-intrinsics.txt", nil,
        "focal lengths must be > 0"
      ),
    ]
    for (name, text, file, line, message) in cases {
      let folder = try makeSmallFolder()
      try SequenceFixtures.write(text, to: folder.appendingPathComponent(name))
      let error = SequenceFixtures.datasetError { try SequenceLoader.open(folder) }
      XCTAssertEqual(
        error?.file, folder.appendingPathComponent(file).path, "\(String(describing: error))")
      XCTAssertEqual(error?.line, line, "\(String(describing: error))")
      XCTAssertTrue(error?.message.contains(message) ?? false, "\(String(describing: error))")
    }
  }

  func testDepthOfTheWrongSizeNamesTheImage() throws {
    let folder = try makeSmallFolder()
    let path = folder.appendingPathComponent("frame-000601.depth.png")
    try SequenceFixtures.write(try depthImage(width: 16, height: 24) { _, _ in 1000 }, to: path)
    let sequence = try SequenceLoader.open(folder)
    let error = SequenceFixtures.datasetError { try sequence.loadFrame(sequence.frames[1]) }
    XCTAssertEqual(error?.file, path.path)
    XCTAssertTrue(error?.message.contains("16x24") ?? false, "\(String(describing: error))")
  }

  /// The shared 7-Scenes kitchen frames: the reader's conventions checked by
  /// moving each frame's depth into the frame 1/3 s later with the ground
  /// truth. Right conventions agree on ~0.96 of the pixels; an inverted pose
  /// or OpenCV/ARKit axes mixed up fall far below.
  func testSharedKitchenReprojectsConsistently() throws {
    let sequence = try SequenceLoader.open(try SharedDataset.folder("7scenes-kitchen-dev"))
    XCTAssertEqual(sequence.format, "7scenes")
    XCTAssertEqual(sequence.frames.count, 600)
    XCTAssertEqual(sequence.groundTruth.count, 600)
    XCTAssertEqual(sequence.problems, [])
    XCTAssertEqual(sequence.frames[300].timestamp, 10, accuracy: 1e-12)
    XCTAssertEqual(sequence.description.depthIntrinsics?.fx, 585)
    let frame = try sequence.loadFrame(sequence.frames[0])
    XCTAssertEqual(frame.capturedImage.format, .bgr8)
    XCTAssertEqual(frame.depth?.depthMap.width, 640)

    let correct = try ReprojectionAgreement.measure(sequence, frameGap: 10, every: 50)
    let inverted = try ReprojectionAgreement.measure(
      sequence, frameGap: 10, every: 50, groundTruth: sequence.groundTruth.map(\.inverse))
    let arkitAxes = try ReprojectionAgreement.measure(
      sequence, frameGap: 10, every: 50,
      groundTruth: sequence.groundTruth.map { pose in
        var flipped = pose
        flipped.rotation = pose.rotation * Quaternion.cameraAxesFlip
        return flipped
      })
    print(
      "7scenes-kitchen-dev agreement (gap 10 frames): correct \(correct.fraction)"
        + " (\(correct.agreeing)/\(correct.compared)), inverted \(inverted.fraction),"
        + " ARKit axes \(arkitAxes.fraction)")
    XCTAssertGreaterThan(correct.compared, 50_000)
    XCTAssertGreaterThan(correct.fraction, 0.9)
    XCTAssertLessThan(inverted.fraction, 0.5)
    XCTAssertLessThan(arkitAxes.fraction, 0.5)
  }
}
