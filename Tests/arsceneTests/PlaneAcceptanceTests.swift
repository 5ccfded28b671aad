import Foundation
import TestSupport
import XCTest

/// Issue 5's plane targets, measured the way a user would: synthesise or open
/// a sequence, `arscene eval --json` (which replays it and scores the planes
/// against annotations.json) or `arscene replay --events`. These replays are
/// long, so they run the release build (ARSCENE_RELEASE_BIN) and print what
/// they measured.
final class PlaneAcceptanceTests: XCTestCase {
  private var workspace: AcceptanceWorkspace!

  override func setUpWithError() throws {
    workspace = try AcceptanceWorkspace()
  }

  override func tearDownWithError() throws {
    workspace?.remove()
  }

  /// Synthetic room, two seeds: every plane over 0.5 m2 in view for 1 s found
  /// within 0.5 s (the far, oblique +x wall included), normals within 2
  /// degrees, offsets within 2 cm, every class right, one anchor per surface,
  /// and the seat (0.2 m2, the one plane fully seen, never more than 0.15 m2
  /// of it in one view) found with extent IoU >= 0.8 (issue 16's target).
  func testSyntheticRoomPlanesAreFoundInTimeAccuratelyAndOnce() throws {
    for seed in ["1", "2"] {
      let sequence = try workspace.synthesize(
        ["--scene", "room", "--frames", "300", "--seed", seed], name: "room-\(seed)")
      let planes = try evaluatePlanes(sequence)
      let targets = try XCTUnwrap(planes["targets"] as? [String: [String: Any]])
      for name in [
        "detection", "normal", "offset", "extent", "classification", "anchorsPerSurface",
      ] {
        let target = try XCTUnwrap(targets[name], "seed \(seed): no \(name) target")
        print("acceptance: room seed \(seed) \(name): \(target["detail"] ?? "")")
        XCTAssertEqual(
          target["passed"] as? Bool, true, "seed \(seed) \(name): \(target["detail"] ?? "")")
      }
    }
  }

  /// The clutter scene has no surface larger than a block's face: relief
  /// that one view cannot resolve must not become an anchor, on any of the
  /// seeds 1 to 5 (issue 16's target). Seeds 2 to 5 made one or two wall or
  /// floor anchors before candidates were checked for views that see past
  /// them. Seed 10 made a wall anchor on the far wall's relief, seen from
  /// 4.3 - 4.8 m, before small views that far away stopped counting as flat.
  func testNoSurfaceScenarioCreatesNoAnchorOnSeedsOneToFiveAndTen() throws {
    for seed in [1, 2, 3, 4, 5, 10] {
      let sequence = try workspace.synthesize(
        ["--scenario", "no-surface", "--frames", "300", "--seed", "\(seed)"],
        name: "no-surface-\(seed)")
      let planes = try evaluatePlanes(sequence)
      print("acceptance: no-surface seed \(seed) anchors \(planes["anchors"] ?? "?")")
      XCTAssertEqual(planes["anchors"] as? Int, 0, "seed \(seed)")
    }
  }

  /// An orbit sees the floor from afar, where its views settle a few
  /// centimetres off the floor anchor's plane and start a candidate of their
  /// own. Published, such a candidate was classified floor at once and
  /// folded into the floor at the next merge round: an anchor that appeared
  /// and vanished four frames later, nine times in orbit seed 1. It now joins
  /// the floor instead of being published; no plane anchor may vanish within
  /// eight frames of appearing.
  func testFloorPiecesJoinTheFloorInsteadOfFlickeringInAnOrbit() throws {
    let sequence = try workspace.synthesize(
      ["--scene", "room", "--motion", "orbit", "--frames", "300", "--seed", "1"],
      name: "room-orbit-1")
    let events = try AcceptanceWorkspace.events(workspace.replay(sequence, ["--no-coaching"]))
    var addedAt: [String: Int] = [:]
    var flickers: [String] = []
    for (_, event) in events {
      guard let type = event["type"] as? String, let frame = event["frame"] as? Int,
        let anchor = event["anchor"] as? [String: Any], anchor["kind"] as? String == "plane",
        let id = anchor["id"] as? String
      else { continue }
      if type == "anchorAdded" { addedAt[id] = frame }
      if type == "anchorRemoved", let added = addedAt[id], frame - added <= 8 {
        flickers.append("\(id) added at frame \(added), removed at \(frame)")
      }
    }
    print(
      "acceptance: room orbit seed 1: \(addedAt.count) plane anchors, \(flickers.count) gone within 8 frames"
    )
    XCTAssertGreaterThanOrEqual(addedAt.count, 5, "the room's planes are found")
    XCTAssertEqual(flickers, [])
  }

  /// 7scenes-kitchen-dev, 600 real Kinect frames: the floor and the table top
  /// are found, horizontal, and their heights move by at most 2 cm over all
  /// their updates (the target), and the chair at the table (frames 80-130),
  /// a leather seat about 0.45 m square, is found as one horizontal `seat`.
  /// The floor meets the height target (1.07 cm). The table's height follows
  /// the camera's vertical drift while it is in view: 1.59 to 2.13 cm over
  /// six RANSAC seeds without bundle adjustment, 0.86 to 2.72 cm with it,
  /// 2.12 cm at the default seed (1.17 to 3.38 cm over six principal points
  /// within half a pixel). Without loop closure (the default) nothing pulls
  /// the map together, so the table is held by a regression guard of 3 cm;
  /// with it the table meets the target (the next test).
  func testSevenScenesFloorIsStableAndTheTableHeightRegressionGuardHolds() throws {
    let ranges = try kitchenHeightRanges([])
    XCTAssertLessThanOrEqual(ranges["floor"] ?? .infinity, 0.02, "floor height stable within 2 cm")
    XCTAssertLessThanOrEqual(
      ranges["table"] ?? .infinity, 0.03, "table height: regression guard 3 cm; the target is 2 cm")
  }

  /// The same with loop closure: its corrections move the planes too, each
  /// by the corrections of the frames its views came from
  /// (planes/view_weights.h), so both meet the 2 cm target: 1.91 cm for the
  /// floor and 1.77 cm for the table at the default intrinsics; over six
  /// principal points within half a pixel the floor spans 1.01-1.96 cm and
  /// the table 1.26-2.15 cm. Moved by the correction of its last view alone,
  /// as before, the floor spanned 2.77 cm and the table 4.25 cm.
  func testSevenScenesFloorAndTableHeightsAreStableWithLoopClosure() throws {
    let ranges = try kitchenHeightRanges(["--loop-closure"])
    for wanted in ["floor", "table"] {
      XCTAssertLessThanOrEqual(
        ranges[wanted] ?? .infinity, 0.02, "\(wanted) height stable within 2 cm")
    }
  }

  // MARK: Helpers

  /// Replays 7scenes-kitchen-dev with arguments, checks that one horizontal
  /// floor, table and seat anchor remain at the end, and returns how far the
  /// floor's and the table's heights moved over all their updates, metres.
  private func kitchenHeightRanges(_ arguments: [String]) throws -> [String: Double] {
    let folder = try SharedDataset.folder("7scenes-kitchen-dev")
    let events = try AcceptanceWorkspace.events(
      workspace.replay(folder.path, ["--no-coaching"] + arguments))
    var heights: [String: [Double]] = [:]
    var classes: [String: (alignment: String, classification: String)] = [:]
    var removed: Set<String> = []
    for (_, event) in events {
      guard let type = event["type"] as? String, let anchor = event["anchor"] as? [String: Any],
        let id = anchor["id"] as? String
      else { continue }
      if type == "anchorRemoved" {
        removed.insert(id)
        continue
      }
      guard type == "anchorAdded" || type == "anchorUpdated",
        let transform = anchor["transform"] as? [Double], transform.count == 16
      else { continue }
      heights[id, default: []].append(transform[13])
      classes[id] = (
        anchor["alignment"] as? String ?? "", anchor["classification"] as? String ?? ""
      )
    }
    let seats = classes.filter { !removed.contains($0.key) && $0.value.classification == "seat" }
    XCTAssertEqual(seats.count, 1, "one seat anchor at the end: \(seats)")
    XCTAssertEqual(seats.first?.value.alignment, "horizontal")
    var ranges: [String: Double] = [:]
    for wanted in ["floor", "table"] {
      let ids = classes.filter { !removed.contains($0.key) && $0.value.classification == wanted }
        .map(\.key)
      XCTAssertEqual(ids.count, 1, "one \(wanted) anchor at the end: \(ids)")
      guard let id = ids.first, let history = heights[id] else { continue }
      XCTAssertEqual(classes[id]?.alignment, "horizontal")
      let range = (history.max() ?? 0) - (history.min() ?? 0)
      print(
        "acceptance: 7scenes-kitchen-dev \(arguments) \(wanted) height range \(range * 100) cm"
          + " over \(history.count) events")
      ranges[wanted] = range
    }
    return ranges
  }

  /// `arscene eval SEQUENCE --json`'s "planes" object.
  private func evaluatePlanes(_ sequence: String) throws -> [String: Any] {
    let result = try CommandRunner.run(["eval", sequence, "--json"], executable: workspace.arscene)
    XCTAssertEqual(result.status, 0, result.stderr)
    let report = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    return try XCTUnwrap(report["planes"] as? [String: Any], "eval printed no planes")
  }
}
