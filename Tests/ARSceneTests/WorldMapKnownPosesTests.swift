import ARScene
import XCTest

/// A world map placed at known poses (`WorldMap.placingKeyframes(at:)`):
/// each keyframe lands exactly at its pose with its points carried along
/// rigidly, and poses that cannot place it are refused naming the problem.
final class WorldMapKnownPosesTests: XCTestCase {
  private func walkMap() throws -> WorldMap {
    let session = try Session(configuration: RoomWalk.configuration)
    for captured in RoomWalk.frames(45) { _ = try session.process(captured) }
    return try session.currentWorldMap()
  }

  func testKeyframesLandAtTheirPosesWithTheirPoints() throws {
    let map = try walkMap()
    let keyframes = try map.keyframes
    XCTAssertGreaterThan(keyframes.count, 1)
    // One rigid move of the whole world: 1 m along x, a quarter turn about y.
    let move = Transform(
      rotation: Quaternion(angle: .pi / 2, axis: SIMD3(0, 1, 0)), translation: SIMD3(1, 0, 0))
    let placed = try map.placingKeyframes(at: keyframes.map { move * $0.worldFromCamera })
    for (before, after) in zip(keyframes, try placed.keyframes) {
      XCTAssertEqual(after.timestamp, before.timestamp)
      let expected = move * before.worldFromCamera
      XCTAssertLessThan(after.worldFromCamera.maxDifference(to: expected), 1e-5)
    }
    XCTAssertEqual(placed.keyframeCount, map.keyframeCount)
    for (p, q) in zip(map.rawFeaturePoints, placed.rawFeaturePoints) {
      let d = move.transformPoint(p) - q
      XCTAssertLessThan((d * d).sum().squareRoot(), 1e-4)
    }
  }

  func testPosesThatCannotPlaceTheMapAreRefused() throws {
    let map = try walkMap()
    let keyframes = try map.keyframes
    let poses = keyframes.map(\.worldFromCamera)
    XCTAssertThrowsError(try map.placingKeyframes(at: Array(poses.dropLast()))) { error in
      XCTAssertTrue("\(error)".contains("poses for a map of"), "\(error)")
    }
    var stretched = poses
    stretched[1].columns.0 *= 2
    XCTAssertThrowsError(try map.placingKeyframes(at: stretched)) { error in
      XCTAssertTrue("\(error)".contains("keyframe 1"), "\(error)")
    }
  }
}
