import Foundation
import TestSupport
import XCTest

/// `replay --feature-points`: each frame event with a measured pose carries
/// the points tracking followed (ARKit's rawFeaturePoints), as world
/// positions with their map identifiers; without the flag the events are as
/// before.
final class FeaturePointsCommandTests: XCTestCase {
  func testFrameEventsCarryTheFeaturePointsOnlyWhenAsked() throws {
    let folder = try TemporaryFolder.make("arscene-feature-points", removedAfter: self)
    let sequence = try CommandRunner.synthesizedRoom(frames: 20, in: folder)
    func frameEvents(_ extra: [String]) throws -> [[String: Any]] {
      let replay = try CommandRunner.run(
        ["replay", sequence, "--events", "-", "--no-timings", "--quiet"] + extra)
      XCTAssertEqual(replay.status, 0, replay.stderr)
      return try replay.stdout.split(separator: "\n").compactMap {
        try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
      }.filter { $0["type"] as? String == "frame" }
    }

    let plain = try frameEvents([])
    XCTAssertEqual(plain.count, 20)
    XCTAssertTrue(plain.allSatisfy { $0["featurePoints"] == nil }, "off by default")

    let withPoints = try frameEvents(["--feature-points"])
    XCTAssertEqual(withPoints.count, 20)
    for event in withPoints {
      let measured = (event["tracking"] as? [String: Any])?["poseMeasured"] as? Bool ?? false
      guard measured else {
        XCTAssertNil(event["featurePoints"], "no pose, no points")
        continue
      }
      let points = try XCTUnwrap(event["featurePoints"] as? [String: Any], "\(event)")
      let count = try XCTUnwrap(points["count"] as? Int)
      let positions = try XCTUnwrap(points["positions"] as? [[Double]])
      let identifiers = try XCTUnwrap(points["identifiers"] as? [Int])
      XCTAssertGreaterThan(count, 50, "the room is textured: many points are followed")
      XCTAssertEqual(positions.count, count)
      XCTAssertEqual(identifiers.count, count)
      XCTAssertEqual(Set(identifiers).count, count, "one identifier per point")
      // The synthetic room is 6 m across: every point lies within it.
      XCTAssertTrue(
        positions.allSatisfy { $0.count == 3 && $0.allSatisfy { abs($0) < 6 } }, "\(positions)")
    }
  }
}
