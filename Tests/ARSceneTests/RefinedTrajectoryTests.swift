import ARScene
import XCTest

/// ``Session/refinedTrajectory()`` on 160 x 120 renders of the synthetic
/// room: every measured frame, at its own timestamp, placed as the final map
/// places it.
final class RefinedTrajectoryTests: XCTestCase {
  private static let intrinsics = CameraIntrinsics(
    fx: 131.25, fy: 131.25, cx: 79.5, cy: 59.5, width: 160, height: 120)

  /// A 2 s walk around the table: long enough for several keyframes, so the
  /// keyframe window's bundle adjustment moves keyframes after frames were
  /// reported against them.
  private static let frames: [CapturedFrame] = (0..<60).map { index in
    let t = Double(index) / 30
    let pose = SyntheticRoomRenderer.walkPose(at: t, target: SIMD3(0, 0.75, 0))
    let (color, depth) = try! SyntheticRoomRenderer.render(pose, intrinsics: intrinsics)
    return CapturedFrame(timestamp: t, intrinsics: intrinsics, capturedImage: color, depth: depth)
  }

  func testAFreshSessionHasNoTrajectory() throws {
    XCTAssertEqual(try Session().refinedTrajectory(), [])
  }

  func testEveryMeasuredFrameIsThereAndMovesWithItsKeyframe() throws {
    var configuration = WorldTrackingConfiguration()
    configuration.worldAlignment = .camera
    let session = try Session(configuration: configuration)
    var reported: [(timestamp: Double, transform: Transform)] = []
    var keyframes = 0
    for captured in Self.frames {
      let frame = try session.process(captured).frame
      if frame.trackingStatistics.isKeyframe { keyframes += 1 }
      guard frame.trackingStatistics.isPoseMeasured else { continue }
      reported.append((frame.timestamp, frame.camera.transform))
    }
    XCTAssertGreaterThanOrEqual(keyframes, 3, "the walk must make keyframes to adjust")
    let refined = try session.refinedTrajectory()
    XCTAssertEqual(refined.count, reported.count, "one pose per measured frame")
    XCTAssertGreaterThanOrEqual(refined.count, 55)

    var largestMove = 0.0
    for (live, final) in zip(reported, refined) {
      XCTAssertEqual(final.timestamp, live.timestamp, accuracy: 1e-9, "in order, at its time")
      let move = final.transform.translation - live.transform.translation
      let distance = Double((move * move).sum().squareRoot())
      largestMove = max(largestMove, distance)
      // Bundle adjustment refines by millimetres; a frame tied to the wrong
      // keyframe would be off by the distance between keyframes.
      XCTAssertLessThan(distance, 0.01, "t=\(live.timestamp)")
      XCTAssertLessThan(final.transform.rotation.angle(to: live.transform.rotation), 0.01)
    }
    // Not a copy of the reported poses: keyframes moved after frames were
    // reported against them, and those frames moved with them.
    XCTAssertGreaterThan(largestMove, 1e-5)

    try session.reset()
    XCTAssertEqual(try session.refinedTrajectory(), [], "a reset starts a new world")
  }
}
