import ARScene
import Foundation
import XCTest

@testable import ARSceneDatasets

/// Issue 46: an output is staged in a folder the writer made new, so a
/// user's folder that happens to carry a staging-like name is never taken
/// over or removed, and stored PNGs decode to the pixels written.
final class StagingFolderTests: XCTestCase {
  func testStagingFoldersAreNewAndRemoveOnlyThemselves() throws {
    let parent = try SequenceFixtures.temporaryFolder(self, name: "parent")
    let target = parent.appendingPathComponent("out")
    let first = try StagingFolder(beside: target)
    let second = try StagingFolder(beside: target)
    XCTAssertNotEqual(first.url, second.url)
    XCTAssertTrue(first.url.lastPathComponent.hasPrefix(".out.partial-\(getpid())-"))
    first.remove()
    XCTAssertFalse(FileManager.default.fileExists(atPath: first.url.path))
    XCTAssertTrue(FileManager.default.fileExists(atPath: second.url.path))
    second.remove()
  }

  func testAWriterLeavesAFolderNamedLikeItsStagingAlone() throws {
    let parent = try SequenceFixtures.temporaryFolder(self, name: "parent")
    // The name the writer used to stage into, and to remove first.
    let lookalike = parent.appendingPathComponent(".seq.partial-\(getpid())")
    try FileManager.default.createDirectory(at: lookalike, withIntermediateDirectories: true)
    let mine = lookalike.appendingPathComponent("mine.txt")
    try Data("mine".utf8).write(to: mine)
    let writer = try NativeSequenceWriter(
      directory: parent.appendingPathComponent("seq"), description: SequenceFixtures.description())
    try writer.append(
      CapturedFrame(
        timestamp: 1, intrinsics: SequenceFixtures.description().camera,
        capturedImage: try SequenceFixtures.colorImage()),
      groundTruth: nil)
    try writer.finish()
    XCTAssertEqual(try Data(contentsOf: mine), Data("mine".utf8))
    XCTAssertEqual(
      try FileManager.default.contentsOfDirectory(atPath: parent.path).sorted(),
      [".seq.partial-\(getpid())", "seq"])
  }

  func testStoredPNGsDecodeToThePixelsWritten() throws {
    let folder = try SequenceFixtures.temporaryFolder(self)
    let image = try SequenceFixtures.colorImage(width: 64, height: 48, seed: 3)
    let depth = try SequenceFixtures.depthImage(width: 64, height: 48, seed: 4)
    var sizes: [Int: Int] = [:]
    for level in [0, 1, 9] {
      let colorURL = folder.appendingPathComponent("c\(level).png")
      let depthURL = folder.appendingPathComponent("d\(level).png")
      try image.writePNG(to: colorURL, compressionLevel: level)
      try depth.writePNG(to: depthURL, compressionLevel: level)
      XCTAssertEqual(
        SequenceFixtures.pixels(try PixelBuffer.read(contentsOf: colorURL)),
        SequenceFixtures.pixels(image), "level \(level)")
      XCTAssertEqual(
        SequenceFixtures.pixels(try PixelBuffer.read(contentsOf: depthURL)),
        SequenceFixtures.pixels(depth), "level \(level)")
      sizes[level] = try Data(contentsOf: colorURL).count
    }
    // Level 0 stores: at least the raw RGB bytes.
    XCTAssertGreaterThanOrEqual(try XCTUnwrap(sizes[0]), 64 * 48 * 3)
    // RGB and grey images stored read back as the same pixels as through
    // OpenCV's encoder (a swapped channel would show).
    let bgr = SequenceFixtures.pixels(image)
    var rgbBytes: [UInt8] = []
    var grayBytes: [UInt8] = []
    for pixel in stride(from: 0, to: bgr.count, by: 3) {
      rgbBytes += [UInt8(bgr[pixel + 2]), UInt8(bgr[pixel + 1]), UInt8(bgr[pixel])]
      grayBytes.append(UInt8(bgr[pixel]))
    }
    for (name, buffer) in [
      ("rgb", try PixelBuffer(format: .rgb8, width: 64, height: 48, bytes: rgbBytes)),
      ("gray", try PixelBuffer(format: .gray8, width: 64, height: 48, bytes: grayBytes)),
    ] {
      let stored = folder.appendingPathComponent("\(name)-stored.png")
      let deflated = folder.appendingPathComponent("\(name)-deflated.png")
      try buffer.writePNG(to: stored, compressionLevel: 0)
      try buffer.write(to: deflated)
      XCTAssertEqual(
        SequenceFixtures.pixels(try PixelBuffer.read(contentsOf: stored)),
        SequenceFixtures.pixels(try PixelBuffer.read(contentsOf: deflated)), name)
    }
    XCTAssertThrowsError(
      try image.writePNG(to: folder.appendingPathComponent("x.png"), compressionLevel: 10))
    XCTAssertThrowsError(
      try image.writePNG(to: folder.appendingPathComponent("x.jpg"), compressionLevel: 0))
  }
}
