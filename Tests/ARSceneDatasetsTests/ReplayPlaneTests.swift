import ARScene
import ARSceneDatasets
import Foundation
import XCTest

/// Plane anchors through a replay: the anchor events' exact fields, their
/// place before the frame's `frame` event, the per-frame hook, determinism.
final class ReplayPlaneTests: XCTestCase {
  /// A short orbit around the synthetic room's table: floor and table top in
  /// view from the first frame, exact depth. Written once for the class.
  private static let roomFolder = FileManager.default.temporaryDirectory
    .appendingPathComponent("arscene-replay-planes-\(UUID().uuidString)")

  override class func tearDown() {
    try? FileManager.default.removeItem(at: roomFolder)
    super.tearDown()
  }

  private func roomSequence() throws -> any DatasetSequence {
    try SequenceFixtures.orbitRoom(frames: 30, in: Self.roomFolder)
  }

  private func replay(
    _ sequence: any DatasetSequence,
    detection: WorldTrackingConfiguration.PlaneDetection = [.horizontal, .vertical],
    onFrame: (FrameUpdate) throws -> Void = { _ in }
  ) throws -> (lines: [String], summary: ReplaySummary) {
    var configuration = WorldTrackingConfiguration()
    configuration.planeDetection = detection
    let replay = Replay(
      sequence: sequence, configuration: configuration,
      options: ReplayOptions(includeTimings: false))
    var lines: [String] = []
    let summary = try replay.run(emit: { lines.append($0) }, onFrame: onFrame)
    return (lines, summary)
  }

  private func objects(_ lines: [String]) throws -> [[String: Any]] {
    try lines.map {
      try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any], $0)
    }
  }

  /// Fails (never skips) when a room with a floor gives no anchor at all.
  func testARoomGivesAnchorAddedEventsWithEveryField() throws {
    var hookAdded: [UUID] = []
    var hookFrames = 0
    let (lines, summary) = try replay(try roomSequence()) { update in
      hookFrames += 1
      hookAdded += update.addedAnchors.map(\.identifier)
      XCTAssertEqual(update.planeAnchors.count, update.anchors.count)
    }
    let events = try objects(lines)
    let added = events.filter { $0["type"] as? String == "anchorAdded" }
    XCTAssertFalse(
      added.isEmpty, "no anchorAdded event on a room whose floor and table are in view")
    XCTAssertEqual(hookFrames, 30)
    XCTAssertEqual(
      hookAdded.map(\.uuidString),
      added.compactMap { ($0["anchor"] as? [String: Any])?["id"] as? String },
      "the hook sees what the events say")

    for event in added {
      XCTAssertEqual(Set(event.keys), ["type", "t", "frame", "tick", "anchor"])
      let anchor = try XCTUnwrap(event["anchor"] as? [String: Any])
      XCTAssertEqual(
        Set(anchor.keys),
        [
          "id", "kind", "transform", "alignment", "classification", "center", "extent",
          "boundary",
        ])
      XCTAssertNotNil(UUID(uuidString: try XCTUnwrap(anchor["id"] as? String)))
      XCTAssertEqual(anchor["kind"] as? String, "plane")
      let transform = try XCTUnwrap(anchor["transform"] as? [Double])
      XCTAssertEqual(transform.count, 16)
      XCTAssertEqual(transform[15], 1, "column-major: the last entry is the homogeneous 1")
      XCTAssertEqual(transform[3], 0)
      XCTAssertTrue(["horizontal", "vertical"].contains(anchor["alignment"] as? String ?? ""))
      XCTAssertTrue(
        PlaneAnchor.Classification.allCases.map(\.rawValue).contains(
          anchor["classification"] as? String ?? ""))
      XCTAssertEqual((anchor["center"] as? [Double])?.count, 3)
      let extent = try XCTUnwrap(anchor["extent"] as? [String: Double])
      XCTAssertEqual(Set(extent.keys), ["width", "height", "rotationOnYAxis"])
      XCTAssertGreaterThan(extent["width"] ?? 0, 0)
      XCTAssertGreaterThan(extent["height"] ?? 0, 0)
      let boundary = try XCTUnwrap(anchor["boundary"] as? [[Double]])
      XCTAssertTrue(boundary.allSatisfy { $0.count == 2 }, "[[x, z], ...]")
    }
    XCTAssertTrue(
      added.contains { ($0["anchor"] as? [String: Any])?["alignment"] as? String == "horizontal" },
      "the floor or the table top is horizontal")
    for removal in events.filter({ $0["type"] as? String == "anchorRemoved" }) {
      XCTAssertTrue(removal.keys.contains("absorbedBy"), "absorbedBy is always present")
    }
    XCTAssertEqual(summary.planeAnchorsAdded, added.count)
    XCTAssertGreaterThan(summary.planeAnchorCount, 0)
    XCTAssertEqual(summary.depthDiagnostics, [], "exact synthetic depth is usable")
  }

  /// Everything a frame causes comes before that frame's `frame` event.
  func testAnchorEventsComeBeforeTheirFrameEvent() throws {
    let events = try objects(try replay(try roomSequence()).lines)
    var pending: [Int] = []
    for event in events {
      let type = event["type"] as? String ?? ""
      let frame = event["frame"] as? Int ?? -1
      if type.hasPrefix("anchor") || type == "trackingState" { pending.append(frame) }
      if type == "frame" {
        XCTAssertTrue(
          pending.allSatisfy { $0 == frame }, "events of \(pending) before frame \(frame)")
        pending.removeAll()
      }
    }
    XCTAssertEqual(pending, [], "no anchor event after the last frame")
  }

  func testPlaneEventsAreByteIdenticalAcrossReplays() throws {
    let sequence = try roomSequence()
    XCTAssertEqual(try replay(sequence).lines, try replay(sequence).lines)
  }

  func testDetectionOffGivesNoAnchorsAndSaysSo() throws {
    let (lines, summary) = try replay(try roomSequence(), detection: [])
    XCTAssertFalse(lines.contains { $0.contains(#""type":"anchor"#) })
    XCTAssertTrue(lines[0].contains(#""planeDetection":[]"#), lines[0])
    XCTAssertEqual(summary.planeDetection, [])
    XCTAssertFalse(summary.readableText.contains("Planes"), summary.readableText)
    let last = try XCTUnwrap(try objects(lines).last)
    let planes = try XCTUnwrap(last["planes"] as? [String: Any])
    XCTAssertEqual(planes["anchors"] as? Int, 0)
  }

  func testTheSummaryCountsPlanesByClassification() throws {
    let (lines, summary) = try replay(try roomSequence(), detection: .horizontal)
    XCTAssertTrue(lines[0].contains(#""planeDetection":["horizontal"]"#), lines[0])
    XCTAssertTrue(summary.readableText.contains("Planes (horizontal): "), summary.readableText)
    let last = try XCTUnwrap(try objects(lines).last)
    XCTAssertEqual(last["type"] as? String, "summary")
    let planes = try XCTUnwrap(last["planes"] as? [String: Any])
    let classes = try XCTUnwrap(planes["byClassification"] as? [String: Int])
    XCTAssertEqual(Set(classes.keys), Set(PlaneAnchor.Classification.allCases.map(\.rawValue)))
    XCTAssertEqual(classes.values.reduce(0, +), planes["anchors"] as? Int)
    XCTAssertEqual(planes["anchors"] as? Int, summary.planeAnchorCount)
    XCTAssertFalse(lines.contains { $0.contains(#""alignment":"vertical""#) }, "horizontal only")
  }
}
