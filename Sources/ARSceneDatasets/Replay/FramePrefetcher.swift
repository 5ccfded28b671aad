import ARScene
import Foundation

/// Decodes frames ahead of the engine on a worker thread, so that reading,
/// decoding and registering frame k+1 overlaps the engine's work on frame k.
///
/// Frames are asked for in order, each once. At most `depth` decoded frames
/// wait at a time, so memory stays bounded however fast the worker is. A
/// frame that cannot be decoded is reported as that frame's error when it is
/// asked for, after every frame before it, and the worker decodes nothing
/// after it: a pipelined run fails exactly where a sequential one would.
/// With `depth` 0 nothing runs on a worker and each frame is decoded when it
/// is asked for.
///
/// Decoding is a pure function of the frame's files, so the frames, and
/// everything the engine makes of them, do not depend on the timing.
final class FramePrefetcher: @unchecked Sendable {
  /// A decoded frame and how long its decoding took (on the worker's clock).
  struct Decoded: Sendable {
    var frame: CapturedFrame
    var milliseconds: Double
  }

  typealias Decode = @Sendable (Int) throws -> CapturedFrame

  private let count: Int
  private let depth: Int
  private let decode: Decode
  // Everything below is guarded by `condition`.
  private let condition = NSCondition()
  private var ready: [Int: Result<Decoded, any Error>] = [:]
  /// The next position the consumer will ask for.
  private var wanted = 0
  private var isStopped = false
  private var worker: Thread?

  /// - Parameters:
  ///   - count: Frames at positions `0..<count`.
  ///   - depth: Frames decoded ahead at most; 0 decodes on the caller's thread.
  ///   - decode: Decodes the frame at a position; called from the worker.
  init(count: Int, depth: Int, decode: @escaping Decode) {
    self.count = count
    self.depth = max(depth, 0)
    self.decode = decode
    guard self.depth > 0, count > 0 else { return }
    let thread = Thread { [self] in runWorker() }
    thread.name = "arscene.decode"
    // Decoding a frame allocates a few megabytes at most; the default
    // secondary-thread stack (512 KB) is enough for OpenCV's codecs.
    thread.stackSize = 4 << 20
    worker = thread
    thread.start()
  }

  deinit { stop() }

  /// The frame at `position`, which must be the position after the one asked
  /// for last (0 first). Throws the frame's decoding error.
  func frame(at position: Int) throws -> Decoded {
    precondition(position == wanted && position < count, "frames are taken in order, each once")
    guard depth > 0 else {
      wanted += 1
      return try Self.timed { try decode(position) }
    }
    condition.lock()
    defer { condition.unlock() }
    while ready[position] == nil { condition.wait() }
    let result = ready.removeValue(forKey: position)!
    wanted = position + 1
    condition.broadcast()
    return try result.get()
  }

  /// Stops the worker after the frame it is decoding, if any, and waits for
  /// it to finish; frames decoded ahead are dropped. Safe to call twice.
  func stop() {
    condition.lock()
    isStopped = true
    condition.broadcast()
    while worker != nil { condition.wait() }
    condition.unlock()
  }

  private func runWorker() {
    var position = 0
    while position < count {
      condition.lock()
      while !isStopped && position - wanted >= depth { condition.wait() }
      let stopped = isStopped
      condition.unlock()
      if stopped { break }
      let result = Result { try Self.timed { try decode(position) } }
      condition.lock()
      ready[position] = result
      condition.broadcast()
      condition.unlock()
      if case .failure = result { break }
      position += 1
    }
    condition.lock()
    worker = nil
    condition.broadcast()
    condition.unlock()
  }

  private static func timed(_ body: () throws -> CapturedFrame) throws -> Decoded {
    let start = DispatchTime.now().uptimeNanoseconds
    let frame = try body()
    return Decoded(
      frame: frame, milliseconds: Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
  }
}
