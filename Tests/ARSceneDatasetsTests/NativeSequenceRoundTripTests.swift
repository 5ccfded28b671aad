import ARScene
import ARSceneDatasets
import Foundation
import XCTest

/// Writing a sequence with ``NativeSequenceWriter`` and reading it back with
/// ``SequenceLoader`` must give back exactly what was written.
final class NativeSequenceRoundTripTests: XCTestCase {
  private let frameCount = 4

  private func timestamp(_ index: Int) -> Double { 10 + Double(index) * 0.04 }

  private func pose(_ index: Int) -> TimedPose {
    TimedPose(
      timestamp: timestamp(index),
      rotation: Quaternion(angle: 0.1 * Double(index + 1), axis: SIMD3(0.2, 1, -0.3)),
      translation: SIMD3(0.1 * Double(index), -0.25, 1.0 / 3.0))
  }

  /// Two samples per frame, in (previous frame, this frame].
  private func imuSamples(_ index: Int) -> [IMUSample] {
    (0..<2).map { k in
      IMUSample(
        timestamp: timestamp(index) - 0.01 * Double(1 - k),
        acceleration: SIMD3(0.1, 9.81, Float(index) * 0.3 + Float(k)),
        rotationRate: SIMD3(0.01 * Float(k), -0.2, 1.0 / 3.0))
    }
  }

  private func frame(_ index: Int, description: SequenceDescription) throws -> CapturedFrame {
    CapturedFrame(
      timestamp: timestamp(index), intrinsics: description.camera,
      capturedImage: try SequenceFixtures.colorImage(seed: index),
      depth: DepthData(depthMap: try SequenceFixtures.depthImage(seed: index), unitsPerMeter: 5000),
      imuSamples: imuSamples(index))
  }

  private func writeSequence(to folder: URL, description: SequenceDescription) throws {
    let writer = try NativeSequenceWriter(directory: folder, description: description)
    for index in 0..<frameCount {
      try writer.append(try frame(index, description: description), groundTruth: pose(index))
    }
    try writer.finish()
  }

  func testRoundTripGivesBackFramesPosesIMUAndDescription() throws {
    let folder = try SequenceFixtures.temporaryFolder(self)
    let description = SequenceFixtures.description()
    try writeSequence(to: folder, description: description)

    let sequence = try SequenceLoader.open(folder)
    XCTAssertEqual(sequence.format, "native")
    XCTAssertEqual(sequence.description, description)
    XCTAssertEqual(sequence.problems, [])
    XCTAssertEqual(sequence.frames.count, frameCount)
    XCTAssertEqual(sequence.groundTruth.count, frameCount)
    XCTAssertEqual(sequence.imu, (0..<frameCount).flatMap(imuSamples))

    // The description states a lens distortion: frames load undistorted.
    let lens = try LensUndistortion(
      camera: description.camera, coefficients: try XCTUnwrap(description.distortion))
    for (index, record) in sequence.frames.enumerated() {
      XCTAssertEqual(record.index, index)
      XCTAssertEqual(record.timestamp, timestamp(index), accuracy: 1e-9)
      XCTAssertEqual(
        record.colorPath,
        folder.appendingPathComponent("rgb/\(String(format: "%.6f", timestamp(index))).png").path)
      let loaded = try sequence.loadFrame(record)
      XCTAssertEqual(loaded.intrinsics, description.camera)
      XCTAssertEqual(loaded.capturedImage.format, .bgr8)
      let color = try SequenceFixtures.colorImage(seed: index)
      XCTAssertEqual(
        SequenceFixtures.pixels(loaded.capturedImage),
        SequenceFixtures.pixels(try lens.undistorted(color)))
      XCTAssertNotEqual(
        SequenceFixtures.pixels(loaded.capturedImage), SequenceFixtures.pixels(color))
      let depth = try XCTUnwrap(loaded.depth)
      XCTAssertEqual(depth.unitsPerMeter, 5000)
      let writtenDepth = DepthData(
        depthMap: try SequenceFixtures.depthImage(seed: index), unitsPerMeter: 5000)
      XCTAssertEqual(
        SequenceFixtures.pixels(depth.depthMap),
        SequenceFixtures.pixels(try lens.undistorted(writtenDepth).depthMap))
      XCTAssertNotEqual(
        SequenceFixtures.pixels(depth.depthMap), SequenceFixtures.pixels(writtenDepth.depthMap))
      XCTAssertEqual(loaded.imuSamples, imuSamples(index), "frame \(index)")

      let read = sequence.groundTruth[index]
      let written = pose(index)
      XCTAssertEqual(read.timestamp, written.timestamp, accuracy: 1e-9)
      XCTAssertEqual(read.translation, written.translation)
      XCTAssertEqual(read.rotation.angle(to: written.rotation), 0, accuracy: 1e-7)
      XCTAssertEqual(read.rotation.x, written.rotation.x, accuracy: 1e-12)
      XCTAssertEqual(read.rotation.w, written.rotation.w, accuracy: 1e-12)
    }
  }

  func testSameInputGivesByteIdenticalLists() throws {
    let first = try SequenceFixtures.temporaryFolder(self, name: "a")
    let second = try SequenceFixtures.temporaryFolder(self, name: "b")
    try writeSequence(to: first, description: SequenceFixtures.description())
    try writeSequence(to: second, description: SequenceFixtures.description())
    for name in ["sequence.json", "rgb.txt", "depth.txt", "groundtruth.txt", "imu.txt"] {
      let a = try Data(contentsOf: first.appendingPathComponent(name))
      let b = try Data(contentsOf: second.appendingPathComponent(name))
      XCTAssertEqual(a, b, name)
    }
  }

  /// The exact sequence.json text: sorted keys, shortest numbers. A change
  /// here is a change of the file format.
  func testSequenceJSONText() throws {
    let folder = try SequenceFixtures.temporaryFolder(self)
    try writeSequence(to: folder, description: SequenceFixtures.description())
    let text = try String(
      contentsOf: folder.appendingPathComponent("sequence.json"), encoding: .utf8)
    XCTAssertEqual(
      text,
      """
      {
        "camera": {
          "cx": 15.5,
          "cy": 11.5,
          "distortion": [0.1, -0.05, 0.001, -0.002, 0.01],
          "fx": 30.5,
          "fy": 31.25,
          "height": 24,
          "width": 32
        },
        "depth": {
          "scale": 5000.0
        },
        "frameRate": 25.0,
        "groundTruth": {
          "convention": "opencv"
        },
        "licence": "CC0",
        "name": "round-trip",
        "provenance": "unit test",
        "sensors": ["color", "depth", "imu", "groundTruth"]
      }

      """)
    let rgb = try String(contentsOf: folder.appendingPathComponent("rgb.txt"), encoding: .utf8)
    XCTAssertTrue(
      rgb.hasPrefix("# color images\n# timestamp filename\n10.000000 rgb/10.000000.png\n"), rgb)
  }

  func testSensorsRecordWhatWasWritten() throws {
    let folder = try SequenceFixtures.temporaryFolder(self)
    var description = SequenceFixtures.description()
    description.depthUnitsPerMeter = nil
    let writer = try NativeSequenceWriter(directory: folder, description: description)
    try writer.append(
      CapturedFrame(
        timestamp: 1, intrinsics: description.camera,
        capturedImage: try SequenceFixtures.colorImage()),
      groundTruth: nil)
    try writer.finish()
    let sequence = try SequenceLoader.open(folder)
    XCTAssertEqual(sequence.description.sensors, [.color])
    XCTAssertNil(sequence.description.depthUnitsPerMeter)
    XCTAssertTrue(sequence.groundTruth.isEmpty)
    XCTAssertTrue(sequence.imu.isEmpty)
    XCTAssertNil(try sequence.loadFrame(sequence.frames[0]).depth)
  }

  func testFloatAndOtherScaleDepthIsStoredAtTheSequenceScale() throws {
    let folder = try SequenceFixtures.temporaryFolder(self)
    let description = SequenceFixtures.description(width: 4, height: 2)
    let metres: [Float] = [1.25, 0, .nan, 20, 0.5, 2, 3, 13.2]
    let floatDepth = try PixelBuffer(
      format: .depthFloat32, width: 4, height: 2, bytes: metres.withUnsafeBytes { Array($0) })
    let millimetres: [UInt16] = [1250, 0, 1, 65535, 500, 2000, 3000, 4000]
    let millimetreDepth = try PixelBuffer(
      format: .depthUInt16, width: 4, height: 2, bytes: millimetres.withUnsafeBytes { Array($0) })
    let writer = try NativeSequenceWriter(directory: folder, description: description)
    for (index, depth) in [
      DepthData(depthMap: floatDepth), DepthData(depthMap: millimetreDepth, unitsPerMeter: 1000),
    ].enumerated() {
      try writer.append(
        CapturedFrame(
          timestamp: Double(index), intrinsics: description.camera,
          capturedImage: try SequenceFixtures.colorImage(width: 4, height: 2), depth: depth),
        groundTruth: nil)
    }
    try writer.finish()

    let sequence = try SequenceLoader.open(folder)
    let fromFloat = try XCTUnwrap(try sequence.loadFrame(sequence.frames[0]).depth)
    // 20 m and 13.2 m do not fit 16 bits at 5000 per metre: stored as "no depth".
    XCTAssertEqual(
      SequenceFixtures.pixels(fromFloat.depthMap), [6250, 0, 0, 0, 2500, 10000, 15000, 0])
    let fromMillimetres = try XCTUnwrap(try sequence.loadFrame(sequence.frames[1]).depth)
    XCTAssertEqual(
      SequenceFixtures.pixels(fromMillimetres.depthMap), [6250, 0, 5, 0, 2500, 10000, 15000, 20000])
  }

  func testUnfinishedSequenceHasNoSequenceJSON() throws {
    let folder = try SequenceFixtures.temporaryFolder(self)
    let description = SequenceFixtures.description()
    let writer = try NativeSequenceWriter(directory: folder, description: description)
    try writer.append(try frame(0, description: description), groundTruth: pose(0))
    XCTAssertFalse(
      FileManager.default.fileExists(atPath: folder.appendingPathComponent("sequence.json").path))
    try writer.finish()
    try writer.finish()
    XCTAssertEqual(try SequenceLoader.open(folder).frames.count, 1)
  }
}
