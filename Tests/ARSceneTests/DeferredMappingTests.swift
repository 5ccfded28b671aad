import ARScene
import XCTest

/// The frames that join the world map are described on a worker (two
/// threads) or when the next frame starts (one thread), and join the map
/// then. A map asked for in between must already hold them, and neither
/// the thread count nor asking may change what the session reports.
final class DeferredMappingTests: XCTestCase {
  private static let frames = RoomWalk.frames(45)

  private struct Run: Equatable {
    var states: [Camera.TrackingState] = []
    var transforms: [[Float]] = []
    /// The world map's keyframe count after each frame (nil: no map yet),
    /// when asked.
    var keyframes: [Int?] = []
  }

  private func run(threads: Int, askForTheMap: Bool) throws -> Run {
    var configuration = RoomWalk.configuration
    configuration.workerThreads = threads
    let session = try Session(configuration: configuration)
    var result = Run()
    for captured in Self.frames {
      let frame = try session.process(captured).frame
      result.states.append(frame.camera.trackingState)
      result.transforms.append(frame.camera.transform.columnMajor)
      if askForTheMap { result.keyframes.append(try? session.currentWorldMap().keyframeCount) }
    }
    return result
  }

  func testAMapAskedForAfterAFrameHoldsThatFramesKeyframe() throws {
    let asked = try run(threads: 2, askForTheMap: true)
    // The map takes the first frame with a measured pose and depth in a
    // world whose up is final: with up given, the first frame, while
    // tracking still initialises.
    XCTAssertEqual(asked.states.first, .limited(.initializing))
    XCTAssertEqual(asked.keyframes.first, 1, "\(asked.keyframes)")
    XCTAssertGreaterThan(asked.keyframes.last.flatMap { $0 } ?? 0, 1, "the walk adds keyframes")
  }

  func testThreadsAndAskingChangeNothing() throws {
    let two = try run(threads: 2, askForTheMap: true)
    XCTAssertEqual(try run(threads: 1, askForTheMap: true), two)
    var quiet = two
    quiet.keyframes = []
    XCTAssertEqual(try run(threads: 2, askForTheMap: false), quiet)
  }
}
