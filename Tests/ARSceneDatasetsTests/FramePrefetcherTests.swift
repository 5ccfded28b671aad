import ARScene
import Foundation
import XCTest

@testable import ARSceneDatasets

/// The decoding worker of a pipelined replay: frames in order, never more
/// than its depth ahead, a decoding error where a sequential run would meet
/// it, and nothing decoded after it.
final class FramePrefetcherTests: XCTestCase {
  private struct Broken: Error, Equatable { var position: Int }

  /// Counts what the worker decoded, from any thread.
  private final class DecodeLog: @unchecked Sendable {
    private let lock = NSLock()
    private var decoded: [Int] = []
    func note(_ position: Int) { lock.withLock { decoded.append(position) } }
    var positions: [Int] { lock.withLock { decoded } }
  }

  private static func frame(_ position: Int) throws -> CapturedFrame {
    let image = try PixelBuffer(
      format: .gray8, width: 2, height: 2, bytes: [UInt8](repeating: UInt8(position), count: 4))
    return CapturedFrame(
      timestamp: Double(position),
      intrinsics: CameraIntrinsics(fx: 2, fy: 2, cx: 1, cy: 1, width: 2, height: 2),
      capturedImage: image)
  }

  func testFramesComeInOrderWithEitherDepth() throws {
    for depth in [0, 1, 3] {
      let prefetcher = FramePrefetcher(count: 20, depth: depth) { try Self.frame($0) }
      defer { prefetcher.stop() }
      for position in 0..<20 {
        let decoded = try prefetcher.frame(at: position)
        XCTAssertEqual(decoded.frame.timestamp, Double(position), "depth \(depth)")
        XCTAssertGreaterThanOrEqual(decoded.milliseconds, 0)
      }
    }
  }

  func testTheWorkerStaysWithinItsDepth() throws {
    let log = DecodeLog()
    let prefetcher = FramePrefetcher(count: 50, depth: 3) {
      log.note($0)
      return try Self.frame($0)
    }
    defer { prefetcher.stop() }
    for position in 0..<10 {
      _ = try prefetcher.frame(at: position)
      // Let the worker run ahead as far as it may.
      Thread.sleep(forTimeInterval: 0.01)
      XCTAssertLessThanOrEqual(log.positions.count, position + 1 + 3)
    }
    XCTAssertEqual(log.positions, Array(0..<log.positions.count), "decoded in order, each once")
  }

  func testADecodingErrorComesAtItsFrameAndStopsTheWorker() throws {
    for depth in [0, 3] {
      let log = DecodeLog()
      let prefetcher = FramePrefetcher(count: 10, depth: depth) { position in
        log.note(position)
        if position == 4 { throw Broken(position: position) }
        return try Self.frame(position)
      }
      defer { prefetcher.stop() }
      for position in 0..<4 { XCTAssertNoThrow(try prefetcher.frame(at: position)) }
      XCTAssertThrowsError(try prefetcher.frame(at: 4)) {
        XCTAssertEqual($0 as? Broken, Broken(position: 4), "depth \(depth)")
      }
      prefetcher.stop()
      XCTAssertEqual(log.positions, [0, 1, 2, 3, 4], "nothing decoded after the broken frame")
    }
  }

  func testStoppingEarlyEndsTheWorker() throws {
    let log = DecodeLog()
    let prefetcher = FramePrefetcher(count: 1000, depth: 2) {
      log.note($0)
      return try Self.frame($0)
    }
    _ = try prefetcher.frame(at: 0)
    prefetcher.stop()
    let decoded = log.positions.count
    Thread.sleep(forTimeInterval: 0.05)
    XCTAssertEqual(log.positions.count, decoded, "no decoding after stop")
    XCTAssertLessThanOrEqual(decoded, 1 + 2)
    prefetcher.stop()  // twice is harmless
  }
}
