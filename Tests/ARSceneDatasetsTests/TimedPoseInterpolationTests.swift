import ARScene
import ARSceneDatasets
import XCTest

/// Ground truth read between its samples: slerp keeps unit length and the
/// short way round, exact samples come back unchanged, and nothing is
/// invented outside the samples or across a gap.
final class TimedPoseInterpolationTests: XCTestCase {
  private let a = TimedPose(
    timestamp: 1, rotation: Quaternion(angle: 0.2, axis: SIMD3(0, 1, 0)),
    translation: SIMD3(0, 0, 0))
  private let b = TimedPose(
    timestamp: 2, rotation: Quaternion(angle: 1.0, axis: SIMD3(0, 1, 0)),
    translation: SIMD3(2, 0, -4))

  func testSlerpMovesAtConstantAngularSpeed() {
    let middle = Quaternion.slerp(a.rotation, b.rotation, 0.25)
    XCTAssertEqual(
      middle.angle(to: Quaternion(angle: 0.4, axis: SIMD3(0, 1, 0))), 0, accuracy: 1e-12)
    XCTAssertEqual(middle.norm, 1, accuracy: 1e-12)
    // -q is the same rotation: interpolation must not take the long way.
    let negated = Quaternion(x: -b.rotation.x, y: -b.rotation.y, z: -b.rotation.z, w: -b.rotation.w)
    XCTAssertEqual(
      Quaternion.slerp(a.rotation, negated, 0.25).angle(to: middle), 0, accuracy: 1e-12)
    XCTAssertEqual(
      Quaternion.slerp(a.rotation, a.rotation, 0.7).angle(to: a.rotation), 0, accuracy: 1e-12)
  }

  func testPoseAtATimeBetweenSamples() throws {
    let poses = [a, b]
    let pose = try XCTUnwrap(poses.pose(at: 1.5))
    XCTAssertEqual(pose.timestamp, 1.5)
    XCTAssertEqual(pose.translation, SIMD3(1, 0, -2))
    XCTAssertEqual(
      pose.rotation.angle(to: Quaternion(angle: 0.6, axis: SIMD3(0, 1, 0))), 0, accuracy: 1e-12)
    XCTAssertEqual(poses.pose(at: 2), b)
    XCTAssertEqual(poses.pose(at: 1), a)
    XCTAssertNil(poses.pose(at: 0.5))
    XCTAssertNil(poses.pose(at: 2.5))
    XCTAssertNil(poses.pose(at: 1.5, maximumGap: 0.5), "no guessing across a gap")
    XCTAssertNil([TimedPose]().pose(at: 1))
  }

  func testInverseUndoesThePose() {
    let back = a.inverse
    let point = SIMD3<Double>(0.3, -1, 2)
    let world = a.rotation.rotate(point) + a.translation
    let again = back.rotation.rotate(world) + back.translation
    XCTAssertEqual(again.x, point.x, accuracy: 1e-12)
    XCTAssertEqual(again.y, point.y, accuracy: 1e-12)
    XCTAssertEqual(again.z, point.z, accuracy: 1e-12)
  }
}
