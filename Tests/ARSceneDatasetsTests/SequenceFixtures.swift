import ARScene
import ARSceneDatasets
import Foundation
import TestSupport
import XCTest

/// Small real files for the dataset tests: PNGs written by the core, lists
/// written by hand, all in a temporary folder removed after the test.
enum SequenceFixtures {
  /// A fresh empty folder, deleted when the test ends.
  static func temporaryFolder(_ test: XCTestCase, name: String = "sequence") throws -> URL {
    let root = try TemporaryFolder.make("arscene-dataset-tests", removedAfter: test)
    let folder = root.appendingPathComponent(name)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  /// A noiseless orbit around the synthetic room's table at 320x240, floor
  /// and table top in view from the first frame: rendered into `folder` on
  /// first use (a test class keeps it for its tests and removes it in its
  /// class tearDown), then opened.
  static func orbitRoom(frames: Int, in folder: URL) throws -> any DatasetSequence {
    if !FileManager.default.fileExists(atPath: folder.path) {
      var generator = SyntheticSequenceGenerator()
      generator.motion = .orbit
      generator.frameCount = frames
      generator.sensorNoise = false
      generator.width = 320
      generator.height = 240
      try generator.write(to: folder)
    }
    return try SequenceLoader.open(folder)
  }

  /// A BGR image whose pixels differ in every channel and with `seed`, so a
  /// swapped channel, a flipped row or the wrong frame shows up.
  static func colorImage(width: Int = 32, height: Int = 24, seed: Int = 0) throws -> PixelBuffer {
    var bytes: [UInt8] = []
    for y in 0..<height {
      for x in 0..<width {
        bytes += [
          UInt8((x * 7 + seed * 13) % 256), UInt8((y * 11 + seed * 5) % 256),
          UInt8((x + y + seed) % 256),
        ]
      }
    }
    return try PixelBuffer(format: .bgr8, width: width, height: height, bytes: bytes)
  }

  /// A 16-bit depth image with a ramp of valid values and a hole at (0, 0).
  static func depthImage(width: Int = 32, height: Int = 24, seed: Int = 0) throws -> PixelBuffer {
    var values = [UInt16](repeating: 0, count: width * height)
    for y in 0..<height {
      for x in 0..<width where x + y > 0 {
        values[y * width + x] = UInt16(5000 + 40 * x + 70 * y + 3 * seed)
      }
    }
    return try PixelBuffer(
      format: .depthUInt16, width: width, height: height,
      bytes: values.withUnsafeBytes { Array($0) })
  }

  /// Writes an image, creating its folder (the core writes only the file).
  static func write(_ image: PixelBuffer, to url: URL) throws {
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try image.write(to: url)
  }

  static func write(_ text: String, to url: URL) throws {
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
  }

  /// Every pixel value of an image, channel by channel, for exact comparison.
  static func pixels(_ image: PixelBuffer) -> [Double] {
    let channels = image.format == .bgr8 || image.format == .rgb8 ? 3 : 1
    var values: [Double] = []
    for y in 0..<image.height {
      for x in 0..<image.width {
        for c in 0..<channels { values.append(image.value(x: x, y: y, channel: c)) }
      }
    }
    return values
  }

  /// Runs `body`, which must throw a ``DatasetError``, and returns it.
  static func datasetError<T>(
    _ body: () throws -> T, file: StaticString = #filePath, line: UInt = #line
  ) -> DatasetError? {
    do {
      _ = try body()
      XCTFail("expected a DatasetError, nothing was thrown", file: file, line: line)
    } catch let error as DatasetError {
      return error
    } catch {
      XCTFail("expected a DatasetError, got \(error)", file: file, line: line)
    }
    return nil
  }

  /// The sample description the tests write: every field set.
  static func description(width: Int = 32, height: Int = 24) -> SequenceDescription {
    SequenceDescription(
      name: "round-trip",
      // The principal point at the image's centre (15.5, 11.5 at 32x24).
      camera: CameraIntrinsics(
        fx: 30.5, fy: 31.25, cx: Double(width - 1) / 2, cy: Double(height - 1) / 2, width: width,
        height: height),
      distortion: [0.1, -0.05, 0.001, -0.002, 0.01], depthUnitsPerMeter: 5000, frameRate: 25,
      sensors: [.color, .depth, .imu, .groundTruth], groundTruthConvention: "opencv",
      provenance: "unit test", licence: "CC0")
  }
}
