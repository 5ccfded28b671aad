import ARScene
import Foundation
import TestSupport
import XCTest

final class PixelBufferTests: XCTestCase {
  private var directory: URL!

  override func setUpWithError() throws {
    directory = try TemporaryFolder.make("PixelBufferTests", removedAfter: self)
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

  /// A PNG declaring 20000 x 20000 pixels in a file of a few hundred bytes
  /// (a decompression bomb): refused from its header, before the decoder
  /// allocates 1.2 GB for it.
  func testADecompressionBombIsRefusedFromItsHeader() throws {
    var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    func chunk(_ type: String, _ data: [UInt8]) {
      png += Self.bigEndian(UInt32(data.count)) + Array(type.utf8) + data + [0, 0, 0, 0]
    }
    chunk("IHDR", Self.bigEndian(20000) + Self.bigEndian(20000) + [8, 2, 0, 0, 0])
    chunk("IDAT", [UInt8](repeating: 0, count: 256))
    png += [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]
    let data = Data(png)
    XCTAssertEqual(PixelBuffer.declaredSize(of: data)?.width, 20000)
    XCTAssertThrowsError(try PixelBuffer.decode(data)) { error in
      let message = (error as? ARSceneError)?.message ?? ""
      XCTAssertTrue(message.contains("declares 20000x20000 pixels"), message)
      XCTAssertTrue(message.contains("refused before decoding"), message)
    }
    // With the size it should have, refused by the reader with the sizes.
    let url = directory.appendingPathComponent("bomb.png")
    try data.write(to: url)
    XCTAssertThrowsError(try PixelBuffer.read(contentsOf: url, expectedSize: (640, 480))) { error in
      let message = (error as? ARSceneError)?.message ?? ""
      XCTAssertEqual(message, "\(url.path): image is 20000x20000")
    }
  }

  /// OpenCV fills a truncated JPEG with grey and reports success; a PNG cut
  /// short fails without saying why. Both are named as truncated.
  func testTruncatedImagesAreErrorsNamingTheCut() throws {
    var bytes = [UInt8]()
    for i in 0..<(64 * 48) { bytes += [UInt8(i % 251), UInt8(i * 7 % 253), UInt8(i * 13 % 255)] }
    let image = try PixelBuffer(format: .rgb8, width: 64, height: 48, bytes: bytes)
    for (name, marker) in [("t.jpg", "EOI"), ("t.png", "IEND")] {
      let url = directory.appendingPathComponent(name)
      try image.write(to: url)
      let whole = try Data(contentsOf: url)
      XCTAssertEqual(PixelBuffer.declaredSize(of: whole)?.width, 64, name)
      XCTAssertEqual(PixelBuffer.declaredSize(of: whole)?.height, 48, name)
      XCTAssertNoThrow(try PixelBuffer.decode(whole), name)
      if name.hasSuffix(".jpg") {
        // Some cameras append bytes after the end marker: still whole.
        XCTAssertNoThrow(try PixelBuffer.decode(whole + Data([1, 2, 3, 0, 0])), name)
      }
      let cut = whole.prefix(whole.count * 6 / 10)
      XCTAssertThrowsError(try PixelBuffer.decode(Data(cut)), name) { error in
        let message = (error as? ARSceneError)?.message ?? ""
        XCTAssertTrue(message.hasPrefix("truncated"), "\(name): \(message)")
        XCTAssertTrue(message.contains(marker), "\(name): \(message)")
      }
    }
    XCTAssertNil(PixelBuffer.declaredSize(of: Data("not an image".utf8)))
  }

  private static func bigEndian(_ value: UInt32) -> [UInt8] {
    [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
  }
}
