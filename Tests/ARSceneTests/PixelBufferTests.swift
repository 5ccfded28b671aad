import ARScene
import Foundation
import XCTest

final class PixelBufferTests: XCTestCase {
  private var directory: URL!

  override func setUpWithError() throws {
    directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "PixelBufferTests-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: directory)
  }

  func testColourPNGRoundTripsExactly() throws {
    var bytes = [UInt8]()
    for i in 0..<(16 * 8) {
      bytes += [UInt8(i % 256), UInt8(i * 7 % 256), UInt8(i * 13 % 256)]
    }
    let image = try PixelBuffer(format: .rgb8, width: 16, height: 8, bytes: bytes)
    let url = directory.appendingPathComponent("c.png")
    try image.write(to: url)
    let read = try PixelBuffer.read(contentsOf: url)
    XCTAssertEqual(read.format, .bgr8, "colour decodes as BGR")
    for (x, y) in [(0, 0), (5, 3), (15, 7)] {
      XCTAssertEqual(read.value(x: x, y: y, channel: 2), image.value(x: x, y: y, channel: 0))
      XCTAssertEqual(read.value(x: x, y: y, channel: 0), image.value(x: x, y: y, channel: 2))
    }
  }

  func testDepthPNGRoundTripsExactly() throws {
    let values: [UInt16] = (0..<(10 * 4)).map { UInt16($0 * 1601 % 65535) }
    let bytes = values.flatMap { v in withUnsafeBytes(of: v.littleEndian) { Array($0) } }
    let depth = try PixelBuffer(format: .depthUInt16, width: 10, height: 4, bytes: bytes)
    let url = directory.appendingPathComponent("d.png")
    try depth.write(to: url)
    let read = try PixelBuffer.read(contentsOf: url)
    XCTAssertEqual(read.format, .depthUInt16)
    for y in 0..<4 {
      for x in 0..<10 { XCTAssertEqual(read.value(x: x, y: y), Double(values[y * 10 + x])) }
    }
  }

  func testMissingAndCorruptFilesAreNamed() throws {
    let missing = directory.appendingPathComponent("nope.png")
    XCTAssertThrowsError(try PixelBuffer.read(contentsOf: missing)) {
      XCTAssertEqual(($0 as! ARSceneError).code, .ioError)
      XCTAssertTrue(($0 as! ARSceneError).message.contains("nope.png: does not exist"))
    }
    let corrupt = directory.appendingPathComponent("corrupt.png")
    try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0]).write(to: corrupt)
    XCTAssertThrowsError(try PixelBuffer.read(contentsOf: corrupt)) {
      XCTAssertEqual(($0 as! ARSceneError).code, .decodeFailed)
      XCTAssertTrue(($0 as! ARSceneError).message.contains("corrupt.png"))
    }
  }

  /// cv::imwrite throws a cv::Exception for an extension it has no writer
  /// for; the core's guard turns it into a status and OpenCV's own message.
  func testAnOpenCVExceptionArrivesAsAnErrorWithOpenCVsMessage() throws {
    let image = try PixelBuffer(
      format: .gray8, width: 4, height: 4, bytes: Array(repeating: 9, count: 16))
    XCTAssertThrowsError(try image.write(to: directory.appendingPathComponent("x.notaformat"))) {
      let error = $0 as! ARSceneError
      XCTAssertEqual(error.code, .openCVError)
      XCTAssertTrue(error.message.hasPrefix("OpenCV: "), error.message)
      XCTAssertTrue(error.message.contains("extension"), error.message)
    }
  }

  func testTooFewBytesAreRejected() {
    XCTAssertThrowsError(try PixelBuffer(format: .rgb8, width: 4, height: 4, bytes: [1, 2, 3])) {
      XCTAssertEqual(($0 as! ARSceneError).code, .invalidImage)
    }
  }
}
