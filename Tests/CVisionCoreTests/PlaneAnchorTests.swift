import CVisionCore
import XCTest

/// Plane anchors of a session that tracks the synthetic room walk: frames
/// rendered with exact depth at 160 x 120 (small, so debug builds stay
/// quick), the world made gravity-aligned through first_camera_up.
final class PlaneAnchorTests: XCTestCase {
  // MARK: - Fixtures

  private typealias Vector = SyntheticRoom.Vector
  private typealias Session = SyntheticRoom.Session

  /// A slow walk around the table, looking past it at the floor and a wall.
  private static func walkPose(_ t: Double) -> [Float] {
    let angle = 0.6 + 0.25 * t
    let eye = Vector(1.9 * sin(angle), 1.45, 1.9 * cos(angle))
    return SyntheticRoom.lookAt(eye: eye, target: Vector(-0.6 * sin(angle), 0.4, -0.6 * cos(angle)))
  }

  /// 60 frames (2 s at 30 Hz), rendered once for all tests.
  private static let walk: [SyntheticRoom.RenderedFrame] = {
    let scene = try! SyntheticRoom.Scene()
    return (0..<60).map { scene.render(walkPose(Double($0) / 30)) }
  }()

  /// A session finding horizontal and vertical planes on 8-pixel cells, its
  /// world made gravity-aligned through the first camera's up; configure
  /// changes what the test needs on top.
  private static func makeSession(_ configure: (inout vc_session_options_t) -> Void) throws
    -> Session
  {
    try Session { options in
      options.planes.detection =
        Int32(VC_PLANE_DETECTION_HORIZONTAL.rawValue | VC_PLANE_DETECTION_VERTICAL.rawValue)
      options.planes.cell_size = 8
      // World up in the first camera's axes: the second row of its rotation.
      let first = walk[0].pose
      options.tracking.first_camera_up = (first[1], first[5], first[9])
      configure(&options)
    }
  }

  private static func translation(_ a: vc_plane_anchor_t) -> Vector {
    withUnsafeBytes(of: a.world_from_anchor) { raw in
      let m = raw.bindMemory(to: Float.self)
      return Vector(Double(m[12]), Double(m[13]), Double(m[14]))
    }
  }

  private static func normal(_ a: vc_plane_anchor_t) -> Vector {
    withUnsafeBytes(of: a.world_from_anchor) { raw in
      let m = raw.bindMemory(to: Float.self)
      return Vector(Double(m[4]), Double(m[5]), Double(m[6]))
    }
  }

  // MARK: - Anchors over the walk

  func testTheWalkGivesAFloorAndAWallWithStableIds() throws {
    let session = try Self.makeSession { _ in }
    var idsSeen: [UInt64: vc_plane_alignment_t] = [:]
    var revisions: [UInt64: UInt32] = [:]
    for (index, frame) in Self.walk.enumerated() {
      session.process(frame.rgb, depth: frame.depth, index: index)
      let anchors = session.anchors()
      XCTAssertEqual(anchors.map(\.id), anchors.map(\.id).sorted(), "in order of id")
      for anchor in anchors {
        if let alignment = idsSeen[anchor.id] {
          XCTAssertEqual(alignment, anchor.alignment, "anchor \(anchor.id) kept its alignment")
        }
        idsSeen[anchor.id] = anchor.alignment
        XCTAssertGreaterThanOrEqual(anchor.revision, revisions[anchor.id] ?? 1)
        revisions[anchor.id] = anchor.revision
        XCTAssertGreaterThanOrEqual(anchor.boundary_vertex_count, 3)
        XCTAssertLessThanOrEqual(anchor.boundary_vertex_count, VC_PLANE_BOUNDARY_MAX_VERTICES)
      }
    }
    XCTAssertEqual(Set(idsSeen.keys), Set((1...UInt64(idsSeen.count)).map { $0 }), "ids from 1")

    let anchors = session.anchors()
    let floor = try XCTUnwrap(
      anchors.first { $0.classification == VC_PLANE_CLASSIFICATION_FLOOR },
      "anchors: \(anchors.map { ($0.alignment, $0.classification, $0.area) })")
    XCTAssertEqual(floor.alignment, VC_PLANE_ALIGNMENT_HORIZONTAL)
    XCTAssertEqual(floor.classification_status, VC_PLANE_CLASSIFICATION_STATUS_KNOWN)
    // The world's origin is the first camera, 1.45 m above the floor.
    XCTAssertEqual(Self.translation(floor).y, -1.45, accuracy: 0.03)
    XCTAssertEqual(Self.normal(floor).y, 1, accuracy: 1e-6)
    XCTAssertGreaterThan(floor.area, 1)
    XCTAssertGreaterThan(floor.extent_width * floor.extent_height, floor.area * 0.9)

    let wall = try XCTUnwrap(
      anchors.first { $0.classification == VC_PLANE_CLASSIFICATION_WALL },
      "anchors: \(anchors.map { ($0.alignment, $0.classification, $0.area) })")
    XCTAssertEqual(wall.alignment, VC_PLANE_ALIGNMENT_VERTICAL)
    XCTAssertEqual(Self.normal(wall).y, 0, accuracy: 1e-6)

    // Boundaries run counter-clockwise seen from +Y: negative shoelace sum
    // over (x, z).
    for anchor in anchors {
      let points = withUnsafeBytes(of: anchor.boundary) { Array($0.bindMemory(to: Float.self)) }
      let n = Int(anchor.boundary_vertex_count)
      var sum: Float = 0
      for i in 0..<n {
        let j = (i + 1) % n
        sum += points[2 * i] * points[2 * j + 1] - points[2 * j] * points[2 * i + 1]
      }
      XCTAssertLessThan(sum, 0, "anchor \(anchor.id)")
    }
  }

  /// Replays the walk with columns of the view hidden (no depth) for the
  /// first frames, as a wide post close to the camera would hide them; returns
  /// the last state of every anchor seen, by id, and the removals in order.
  private static func walkBehindPost(
    columns: Range<Int>, frames hidden: Int, session: Session
  ) -> (anchors: [UInt64: vc_plane_anchor_t], removals: [vc_plane_anchor_removal_t]) {
    var anchors: [UInt64: vc_plane_anchor_t] = [:]
    var removals: [vc_plane_anchor_removal_t] = []
    for (index, frame) in walk.enumerated() {
      var depth = frame.depth
      if index < hidden {
        for row in 0..<Int(SyntheticRoom.height) {
          for column in columns { depth[row * Int(SyntheticRoom.width) + column] = 0 }
        }
      }
      session.process(frame.rgb, depth: depth, index: index)
      removals += session.removals()
      for anchor in session.anchors() { anchors[anchor.id] = anchor }
    }
    return (anchors, removals)
  }

  /// The post hides the middle of the view, so the floor shows as a left and
  /// a right part more than a metre apart. Both are floor at one height, so
  /// they are one floor anchor from the start: publishing the second part and
  /// folding it into the first a merge round later would make an anchor
  /// appear and vanish within four frames.
  func testTwoPartsOfOneFloorSeenTogetherAreOneFloorAnchor() throws {
    let session = try Self.makeSession { options in
      options.planes.detection = Int32(VC_PLANE_DETECTION_HORIZONTAL.rawValue)
    }
    let (anchors, removals) = Self.walkBehindPost(columns: 40..<120, frames: 35, session: session)
    let floors = anchors.values.filter { $0.classification == VC_PLANE_CLASSIFICATION_FLOOR }
    XCTAssertEqual(floors.count, 1, "floor anchors: \(floors.map { ($0.id, $0.area) })")
    XCTAssertEqual(removals.count, 0, "removed: \(removals.map(\.id))")
    XCTAssertGreaterThan(floors.map(\.area).max() ?? 0, 3, "both parts and what lay between")
  }

  /// The post hides a band of the left wall, which shows as two parts, each an
  /// anchor; once they are seen to be one surface (parallel, coplanar and
  /// close) the older anchor absorbs the newer.
  func testTwoPartsOfOneWallMergeIntoTheOlderAnchor() throws {
    let session = try Self.makeSession { options in
      options.planes.detection = Int32(VC_PLANE_DETECTION_VERTICAL.rawValue)
    }
    let (anchors, removals) = Self.walkBehindPost(columns: 25..<45, frames: 35, session: session)
    XCTAssertGreaterThanOrEqual(anchors.count, 3, "two wall parts and the other wall")
    let merge = try XCTUnwrap(removals.first, "a removal once the parts are one surface")
    XCTAssertEqual(removals.count, 1)
    XCTAssertNotEqual(merge.absorbed_by, 0, "absorbed by an anchor, not dropped")
    XCTAssertLessThan(merge.absorbed_by, merge.id, "the older anchor absorbs the newer")
    let absorbed = try XCTUnwrap(anchors[merge.id])
    let survivor = try XCTUnwrap(anchors[merge.absorbed_by])
    let cosine = (Self.normal(absorbed) * Self.normal(survivor)).sum()
    XCTAssertGreaterThan(cosine, cos(2 * Double.pi / 180), "parts of one wall are parallel")
    let remaining = Set(session.anchors().map(\.id))
    XCTAssertFalse(remaining.contains(merge.id))
    XCTAssertTrue(remaining.contains(merge.absorbed_by))
  }

  func testPlanesOffGiveNoAnchorsAndNoStage() throws {
    let session = try Self.makeSession { $0.planes.detection = 0 }
    let frame = Self.walk[0]
    session.process(frame.rgb, depth: frame.depth, index: 0)
    XCTAssertTrue(session.anchors().isEmpty)
    var count: Int32 = 0
    var timings = [vc_stage_timing_t](repeating: vc_stage_timing_t(), count: 16)
    XCTAssertEqual(vc_session_get_stage_timings(session.handle, &timings, 16, &count), VC_STATUS_OK)
    XCTAssertFalse(timings.prefix(Int(count)).contains { String(cString: $0.name) == "planes" })
  }

  func testReadingAnchorsKeepsTheLastErrorAndReportsSmallBuffers() throws {
    let session = try Self.makeSession { _ in }
    for (index, frame) in Self.walk.prefix(12).enumerated() {
      session.process(frame.rgb, depth: frame.depth, index: index)
    }
    var count: Int32 = 0
    XCTAssertEqual(vc_session_get_plane_anchors(session.handle, nil, 0, &count), VC_STATUS_OK)
    XCTAssertGreaterThan(count, 0)
    var one = [vc_plane_anchor_t](repeating: vc_plane_anchor_t(), count: 1)
    XCTAssertEqual(
      vc_session_get_plane_anchors(session.handle, &one, 0, &count), VC_STATUS_BUFFER_TOO_SMALL)
    XCTAssertTrue(
      String(cString: vc_session_last_error_message(session.handle)).hasPrefix("capacity 0 <"))
    XCTAssertEqual(vc_session_get_plane_anchors(nil, nil, 0, &count), VC_STATUS_INVALID_ARGUMENT)
    var timings = [vc_stage_timing_t](repeating: vc_stage_timing_t(), count: 16)
    XCTAssertEqual(vc_session_get_stage_timings(session.handle, &timings, 16, &count), VC_STATUS_OK)
    XCTAssertTrue(timings.prefix(Int(count)).contains { String(cString: $0.name) == "planes" })
  }

  func testPlaneOptionsAreValidated() {
    func creationMessage(_ configure: (inout vc_session_options_t) -> Void) -> String? {
      guard let failure = Session.failedCreation(configure) else { return nil }
      XCTAssertEqual(failure.status, VC_STATUS_INVALID_ARGUMENT)
      return failure.message
    }
    XCTAssertNil(creationMessage { $0.planes.detection = 3 })
    XCTAssertEqual(
      creationMessage { $0.planes.detection = 4 },
      "planes.detection must have no bits outside 0x3, got 4")
    XCTAssertEqual(
      creationMessage { $0.planes.cell_size = 65 }, "planes.cell_size must be 4...64, got 65")
    XCTAssertNotNil(creationMessage { $0.planes.depth_noise = 0 })
    XCTAssertNotNil(creationMessage { $0.planes.min_anchor_area = .nan })
    XCTAssertNotNil(creationMessage { $0.planes.alignment_tolerance_degrees = 45 })
  }
}

extension SyntheticRoom.Session {
  /// The session's plane anchors.
  fileprivate func anchors() -> [vc_plane_anchor_t] {
    SyntheticRoom.readAll(vc_plane_anchor_t()) { vc_session_get_plane_anchors(handle, $0, $1, $2) }
  }

  /// The anchor removals the session reports.
  fileprivate func removals() -> [vc_plane_anchor_removal_t] {
    SyntheticRoom.readAll(vc_plane_anchor_removal_t()) {
      vc_session_get_plane_anchor_removals(handle, $0, $1, $2)
    }
  }
}
