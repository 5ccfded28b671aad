import ARScene
import ARSceneDatasets
import XCTest

/// ``TimedPose/refining(_:with:)``: the reported frames, each at its refined
/// pose when the refined trajectory has that frame.
final class TimedPoseRefinementTests: XCTestCase {
  private func pose(_ t: Double, x: Double) -> TimedPose {
    TimedPose(
      timestamp: t, rotation: Quaternion(x: 0, y: 0, z: 0, w: 1), translation: SIMD3(x, 0, 0))
  }

  func testEachReportedFrameTakesItsRefinedPoseMatchedToTheNanosecond() {
    // 1/30 s as a replay reports it, and as the engine's nanosecond clock
    // gives it back (33333333 ns): the same frame.
    let reported = [pose(0, x: 0), pose(1.0 / 30, x: 1), pose(2.0 / 30, x: 2)]
    let refined = [pose(0.033333333, x: 10), pose(0.066666667, x: 20)]
    let result = TimedPose.refining(reported, with: refined)
    XCTAssertEqual(result.map(\.translation.x), [0, 10, 20], "frame 0 has no refined pose")
    XCTAssertEqual(result.map(\.timestamp), reported.map(\.timestamp), "the reported times")
  }

  func testARefinedPoseOfAnotherFrameIsNotTaken() {
    // One nanosecond apart is another frame; a refined pose of a frame that
    // was not reported adds nothing.
    let reported = [pose(1, x: 1)]
    let refined = [pose(1.000000001, x: 5), pose(2, x: 6)]
    XCTAssertEqual(TimedPose.refining(reported, with: refined), reported)
    XCTAssertEqual(TimedPose.refining([], with: refined), [])
  }
}
