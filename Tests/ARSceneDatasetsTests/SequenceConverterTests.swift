import ARScene
import ARSceneDatasets
import Foundation
import TestSupport
import XCTest

/// Every readable format converts to a native sequence that reads back with
/// the same frames (pixel for pixel, depth registered), the same ground truth
/// and IMU, and `SequenceInfo` describes both; converting twice gives the
/// same bytes.
final class SequenceConverterTests: XCTestCase {
  private func output(_ name: String = "native") throws -> URL {
    try SequenceFixtures.temporaryFolder(self, name: "out").appendingPathComponent(name)
  }

  /// Converts `source` and checks the copy against it; returns the copy.
  @discardableResult
  private func assertRoundTrip(
    _ source: any DatasetSequence, frames limit: Int = .max, file: StaticString = #filePath,
    line: UInt = #line
  ) throws -> any DatasetSequence {
    let folder = try output()
    let result = try SequenceConverter.convert(source, to: folder)
    let copy = try SequenceLoader.open(folder)
    XCTAssertEqual(copy.format, "native", file: file, line: line)
    XCTAssertEqual(copy.problems, [], file: file, line: line)
    XCTAssertEqual(result.frames, source.frames.count, file: file, line: line)
    XCTAssertEqual(copy.frames.count, source.frames.count, file: file, line: line)

    let expected = copy.description
    XCTAssertEqual(expected.camera, source.description.camera, file: file, line: line)
    // The source's frames load undistorted when it states a lens distortion,
    // so the copy holds undistorted images and states none.
    XCTAssertNil(expected.distortion, file: file, line: line)
    XCTAssertEqual(
      expected.depthUnitsPerMeter, source.description.depthUnitsPerMeter, file: file, line: line)
    XCTAssertNil(expected.depthIntrinsics, "depth comes out registered", file: file, line: line)
    XCTAssertNil(expected.colorFromDepth, file: file, line: line)
    XCTAssertEqual(expected.sensors, source.description.sensors, file: file, line: line)

    // Frames: same times (written to the microsecond), same pixels.
    var imuCount = 0
    for (a, b) in zip(source.frames, copy.frames).prefix(limit) {
      XCTAssertEqual(a.timestamp, b.timestamp, accuracy: 5e-7, file: file, line: line)
      let original = try source.loadFrame(a)
      let converted = try copy.loadFrame(b)
      XCTAssertEqual(converted.capturedImage.format, original.capturedImage.format)
      XCTAssertEqual(
        Self.pixelBytes(converted.capturedImage), Self.pixelBytes(original.capturedImage),
        "frame \(a.index)", file: file, line: line)
      XCTAssertEqual(
        converted.depth?.unitsPerMeter, original.depth?.unitsPerMeter, file: file, line: line)
      XCTAssertEqual(
        converted.depth.map { Self.pixelBytes($0.depthMap) },
        original.depth.map { Self.pixelBytes($0.depthMap) }, "depth \(a.index)",
        file: file, line: line)
      XCTAssertEqual(converted.imuSamples.count, original.imuSamples.count, file: file, line: line)
      for (p, q) in zip(original.imuSamples, converted.imuSamples) {
        XCTAssertEqual(p.timestamp, q.timestamp, accuracy: 5e-7, file: file, line: line)
        XCTAssertEqual(p.acceleration, q.acceleration, file: file, line: line)
        XCTAssertEqual(p.rotationRate, q.rotationRate, file: file, line: line)
      }
      imuCount += converted.imuSamples.count
    }
    if limit == .max { XCTAssertEqual(result.imuSamples, imuCount, file: file, line: line) }

    // Ground truth: the source's poses around the frames, unchanged.
    XCTAssertEqual(result.groundTruthPoses, copy.groundTruth.count, file: file, line: line)
    for pose in copy.groundTruth {
      guard
        let original = source.groundTruth.first(where: { abs($0.timestamp - pose.timestamp) < 5e-7 }
        )
      else {
        XCTFail("no source pose at \(pose.timestamp)", file: file, line: line)
        continue
      }
      XCTAssertEqual(pose.translation, original.translation, file: file, line: line)
      XCTAssertEqual(
        pose.rotation.angle(to: original.rotation), 0, accuracy: 1e-9, file: file, line: line)
    }

    // `arscene dataset info` reads both.
    let before = SequenceInfo(source)
    let after = SequenceInfo(copy)
    XCTAssertEqual(after.format, "native", file: file, line: line)
    XCTAssertEqual(after.frames, before.frames, file: file, line: line)
    XCTAssertEqual(after.sensors, before.sensors, file: file, line: line)
    XCTAssertEqual(after.camera, before.camera, file: file, line: line)
    return copy
  }

  /// The pixel bytes row by row, without row padding: exact comparison that
  /// stays fast in debug builds.
  private static func pixelBytes(_ image: PixelBuffer) -> [UInt8] {
    let row = image.width * image.format.bytesPerPixel
    return image.withUnsafeBytes { bytes in
      (0..<image.height).flatMap { y in
        bytes[(y * image.bytesPerRow)..<(y * image.bytesPerRow + row)]
      }
    }
  }

  func testTUMRoundTrip() throws {
    let source = try SequenceLoader.open(
      try FormatFixtures.tum(self), intrinsics: FormatFixtures.tumCamera)
    let copy = try assertRoundTrip(source)
    XCTAssertEqual(copy.groundTruth.count, 8, "0.99 ... 1.07: the poses around the frames")
    XCTAssertEqual(copy.imu.count, 8, "the samples up to the last frame")
  }

  func testSevenScenesRoundTripRegistersDepth() throws {
    let source = try SequenceLoader.open(try FormatFixtures.sevenScenes(self))
    XCTAssertFalse(source.description.isDepthRegistered)
    let copy = try assertRoundTrip(source)
    XCTAssertTrue(copy.description.isDepthRegistered)
    XCTAssertEqual(copy.description.gravity, SIMD3(0, 1, 0), "groundTruth.gravity in sequence.json")
    XCTAssertEqual(copy.initialUpDirection, source.initialUpDirection)
    XCTAssertEqual(copy.groundTruth.count, 2)
    XCTAssertTrue(
      copy.description.provenance?.contains("converted from a 7scenes sequence") ?? false)
  }

  func testEuRoCRoundTrip() throws {
    let source = try SequenceLoader.open(try FormatFixtures.euroc(self))
    let copy = try assertRoundTrip(source)
    XCTAssertEqual(copy.imu.count, 25, "every sample up to the last frame")
    // The source states its lens's distortion, so its frames load
    // undistorted and the copy holds those images: it states none.
    XCTAssertEqual(source.description.distortion?.count, 4)
    XCTAssertNil(copy.description.distortion)
  }

  func testARKitScenesRoundTripNotesPerFrameIntrinsics() throws {
    let source = try SequenceLoader.open(try FormatFixtures.arkitScenes(self))
    let result = try SequenceConverter.convert(source, to: try output())
    XCTAssertEqual(
      result.notes,
      ["per-frame intrinsics differ from the written camera (the first frame's) by up to 0.300 px"])
    try assertRoundTrip(source)
  }

  func testConvertingTwiceGivesTheSameBytes() throws {
    let source = try SequenceLoader.open(try FormatFixtures.sevenScenes(self))
    let a = try output("a")
    let b = try output("b")
    _ = try SequenceConverter.convert(source, to: a)
    _ = try SequenceConverter.convert(source, to: b)
    let names = try XCTUnwrap(FileManager.default.subpaths(atPath: a.path)).sorted()
    XCTAssertEqual(names, try XCTUnwrap(FileManager.default.subpaths(atPath: b.path)).sorted())
    for name in names where !name.hasSuffix("/") {
      var isFolder: ObjCBool = false
      XCTAssertTrue(
        FileManager.default.fileExists(
          atPath: a.appendingPathComponent(name).path, isDirectory: &isFolder), name)
      guard !isFolder.boolValue else { continue }
      XCTAssertEqual(
        try Data(contentsOf: a.appendingPathComponent(name)),
        try Data(contentsOf: b.appendingPathComponent(name)), name)
    }
    // A native sequence converts too, into the same frames again.
    try assertRoundTrip(try SequenceLoader.open(a))
  }

  func testExistingOutputIsRefused() throws {
    let source = try SequenceLoader.open(try FormatFixtures.sevenScenes(self))
    let folder = try output()
    try SequenceFixtures.write("x", to: folder.appendingPathComponent("keep.txt"))
    let error = SequenceFixtures.datasetError { try SequenceConverter.convert(source, to: folder) }
    XCTAssertTrue(error?.message.contains("not empty") ?? false, "\(String(describing: error))")
  }

  // MARK: Real recordings (read in place, skipped when absent)

  func testSharedSevenScenesFramesRoundTrip() throws {
    let kitchen = try SharedDataset.folder("7scenes-kitchen-dev")
    let names =
      ["camera-intrinsics.txt"]
      + (0..<8).flatMap { n in
        ["color.jpg", "depth.png", "pose.txt"].map { String(format: "frame-%06d.", n) + $0 }
      }
    let subset = try SharedDatasets.linkedSubset(of: kitchen, names: names, test: self)
    try assertRoundTrip(try SequenceLoader.open(subset))
  }

  func testSharedEuRoCRoundTrip() throws {
    try assertRoundTrip(
      try SequenceLoader.open(try SharedDataset.folder("euroc-v1-01-micro")), frames: 10)
  }

  func testSharedTUMKeyframesRoundTrip() throws {
    try assertRoundTrip(
      try SequenceLoader.open(try SharedDataset.folder("tum-fr3-cabinet-keyframes")), frames: 10)
  }
}
