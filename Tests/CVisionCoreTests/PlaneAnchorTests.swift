import CVisionCore
import XCTest

/// Plane anchors of a session that tracks the synthetic room walk: frames
/// rendered with exact depth at 160 x 120 (small, so debug builds stay
/// quick), the world made gravity-aligned through first_camera_up.
final class PlaneAnchorTests: XCTestCase {
  // MARK: - Fixtures

  private static let width: Int32 = 160
  private static let height: Int32 = 120
  private static let intrinsics = vc_camera_intrinsics_t(
    fx: 131.25, fy: 131.25, cx: 79.5, cy: 59.5, width: width, height: height)
  private static let depthUnits: Float = 5000

  private struct RenderedFrame {
    var rgb: [UInt8]
    var depth: [UInt16]
    var pose: [Float]
  }

  private typealias Vector = SIMD3<Double>

  private static func cross(_ a: Vector, _ b: Vector) -> Vector {
    Vector(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
  }

  private static func normalized(_ v: Vector) -> Vector { v / (v * v).sum().squareRoot() }

  private static func lookAt(eye: Vector, target: Vector) -> [Float] {
    let forward = normalized(target - eye)
    let right = normalized(cross(forward, Vector(0, 1, 0)))
    let up = cross(right, forward)
    return [right, up, -forward].flatMap { [Float($0.x), Float($0.y), Float($0.z), 0] }
      + [Float(eye.x), Float(eye.y), Float(eye.z), 1]
  }

  /// A slow walk around the table, looking past it at the floor and a wall.
  private static func walkPose(_ t: Double) -> [Float] {
    let angle = 0.6 + 0.25 * t
    let eye = Vector(1.9 * sin(angle), 1.45, 1.9 * cos(angle))
    return lookAt(eye: eye, target: Vector(-0.6 * sin(angle), 0.4, -0.6 * cos(angle)))
  }

  /// 60 frames (2 s at 30 Hz), rendered once for all tests.
  private static let walk: [RenderedFrame] = {
    var scene: OpaquePointer?
    XCTAssertEqual(vc_synthetic_scene_create(VC_SYNTHETIC_SCENE_ROOM, 1, &scene), VC_STATUS_OK)
    defer { vc_synthetic_scene_destroy(scene) }
    return (0..<60).map { index in
      let pose = walkPose(Double(index) / 30)
      var k = intrinsics
      let count = Int(width * height)
      var rgb = [UInt8](repeating: 0, count: count * 3)
      var depth = [UInt16](repeating: 0, count: count)
      XCTAssertEqual(
        vc_synthetic_scene_render(scene, pose, &k, &rgb, width * 3, &depth, width * 2, depthUnits),
        VC_STATUS_OK)
      return RenderedFrame(rgb: rgb, depth: depth, pose: pose)
    }
  }()

  private final class Session {
    let handle: OpaquePointer
    init(_ configure: (inout vc_session_options_t) -> Void) throws {
      var options = vc_session_options_t()
      vc_session_options_init(&options)
      options.planes.detection =
        Int32(VC_PLANE_DETECTION_HORIZONTAL.rawValue | VC_PLANE_DETECTION_VERTICAL.rawValue)
      options.planes.cell_size = 8
      // World up in the first camera's axes: the second row of its rotation.
      let first = PlaneAnchorTests.walk[0].pose
      options.tracking.first_camera_up = (first[1], first[5], first[9])
      configure(&options)
      var session: OpaquePointer?
      let status = vc_session_create(&options, &session)
      XCTAssertEqual(status, VC_STATUS_OK, String(cString: vc_last_error_message()))
      handle = try XCTUnwrap(session)
    }
    deinit { vc_session_destroy(handle) }

    func process(_ frame: RenderedFrame, depth: [UInt16], index: Int) {
      var result = vc_frame_result_t()
      frame.rgb.withUnsafeBytes { pixels in
        depth.withUnsafeBytes { depthBytes in
          var view = vc_depth_view_t(
            image: vc_image_view_t(
              data: depthBytes.baseAddress, width: PlaneAnchorTests.width,
              height: PlaneAnchorTests.height, stride_bytes: PlaneAnchorTests.width * 2,
              format: VC_PIXEL_FORMAT_DEPTH_U16),
            units_per_metre: PlaneAnchorTests.depthUnits)
          withUnsafePointer(to: &view) { viewPointer in
            var input = vc_frame_input_t(
              timestamp_ns: Int64(index) * 33_333_333, intrinsics: PlaneAnchorTests.intrinsics,
              color: vc_image_view_t(
                data: pixels.baseAddress, width: PlaneAnchorTests.width,
                height: PlaneAnchorTests.height, stride_bytes: PlaneAnchorTests.width * 3,
                format: VC_PIXEL_FORMAT_RGB8),
              depth: viewPointer, imu_samples: nil, imu_sample_count: 0)
            XCTAssertEqual(
              vc_session_process_frame(handle, &input, &result), VC_STATUS_OK,
              String(cString: vc_session_last_error_message(handle)))
          }
        }
      }
    }

    func anchors() -> [vc_plane_anchor_t] {
      var count: Int32 = 0
      XCTAssertEqual(vc_session_get_plane_anchors(handle, nil, 0, &count), VC_STATUS_OK)
      var out = [vc_plane_anchor_t](repeating: vc_plane_anchor_t(), count: Int(count))
      XCTAssertEqual(vc_session_get_plane_anchors(handle, &out, count, &count), VC_STATUS_OK)
      return out
    }

    func removals() -> [vc_plane_anchor_removal_t] {
      var count: Int32 = 0
      XCTAssertEqual(vc_session_get_plane_anchor_removals(handle, nil, 0, &count), VC_STATUS_OK)
      var out = [vc_plane_anchor_removal_t](repeating: vc_plane_anchor_removal_t(), count: Int(count))
      XCTAssertEqual(
        vc_session_get_plane_anchor_removals(handle, &out, count, &count), VC_STATUS_OK)
      return out
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
    let session = try Session { _ in }
    var idsSeen: [UInt64: vc_plane_alignment_t] = [:]
    var revisions: [UInt64: UInt32] = [:]
    for (index, frame) in Self.walk.enumerated() {
      session.process(frame, depth: frame.depth, index: index)
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

  func testTwoPartsOfOneFloorMergeIntoTheOlderAnchor() throws {
    let session = try Session { options in
      options.planes.detection = Int32(VC_PLANE_DETECTION_HORIZONTAL.rawValue)
    }
    var removals: [vc_plane_anchor_removal_t] = []
    var idsSeen: Set<UInt64> = []
    for (index, frame) in Self.walk.enumerated() {
      // For the first 35 frames a wide post hides the middle of the view,
      // so the floor shows as a left and a right part more than a metre
      // apart: each becomes an anchor, and as both are floor at one height
      // they are one floor.
      var depth = frame.depth
      if index < 35 {
        for row in 0..<Int(Self.height) {
          for column in 40..<120 { depth[row * Int(Self.width) + column] = 0 }
        }
      }
      session.process(frame, depth: depth, index: index)
      removals += session.removals()
      idsSeen.formUnion(session.anchors().map(\.id))
    }
    XCTAssertGreaterThanOrEqual(idsSeen.count, 2, "two floor parts, each an anchor")
    let merge = try XCTUnwrap(removals.first, "a removal once the parts are one surface")
    XCTAssertNotEqual(merge.absorbed_by, 0)
    XCTAssertLessThan(merge.absorbed_by, merge.id, "the older anchor absorbs the newer")
    let remaining = Set(session.anchors().map(\.id))
    XCTAssertFalse(remaining.contains(merge.id))
    XCTAssertTrue(remaining.contains(merge.absorbed_by))
  }

  func testPlanesOffGiveNoAnchorsAndNoStage() throws {
    let session = try Session { $0.planes.detection = 0 }
    let frame = Self.walk[0]
    session.process(frame, depth: frame.depth, index: 0)
    XCTAssertTrue(session.anchors().isEmpty)
    var count: Int32 = 0
    var timings = [vc_stage_timing_t](repeating: vc_stage_timing_t(), count: 16)
    XCTAssertEqual(vc_session_get_stage_timings(session.handle, &timings, 16, &count), VC_STATUS_OK)
    XCTAssertFalse(timings.prefix(Int(count)).contains { String(cString: $0.name) == "planes" })
  }

  func testReadingAnchorsKeepsTheLastErrorAndReportsSmallBuffers() throws {
    let session = try Session { _ in }
    for (index, frame) in Self.walk.prefix(12).enumerated() {
      session.process(frame, depth: frame.depth, index: index)
    }
    var count: Int32 = 0
    XCTAssertEqual(vc_session_get_plane_anchors(session.handle, nil, 0, &count), VC_STATUS_OK)
    XCTAssertGreaterThan(count, 0)
    var one = [vc_plane_anchor_t](repeating: vc_plane_anchor_t(), count: 1)
    XCTAssertEqual(
      vc_session_get_plane_anchors(session.handle, &one, 0, &count), VC_STATUS_BUFFER_TOO_SMALL)
    XCTAssertTrue(String(cString: vc_session_last_error_message(session.handle)).hasPrefix("capacity 0 <"))
    XCTAssertEqual(vc_session_get_plane_anchors(nil, nil, 0, &count), VC_STATUS_INVALID_ARGUMENT)
    var timings = [vc_stage_timing_t](repeating: vc_stage_timing_t(), count: 16)
    XCTAssertEqual(vc_session_get_stage_timings(session.handle, &timings, 16, &count), VC_STATUS_OK)
    XCTAssertTrue(timings.prefix(Int(count)).contains { String(cString: $0.name) == "planes" })
  }

  func testPlaneOptionsAreValidated() {
    func creationMessage(_ configure: (inout vc_session_options_t) -> Void) -> String? {
      var options = vc_session_options_t()
      vc_session_options_init(&options)
      configure(&options)
      var session: OpaquePointer?
      let status = vc_session_create(&options, &session)
      defer { vc_session_destroy(session) }
      guard status != VC_STATUS_OK else { return nil }
      XCTAssertEqual(status, VC_STATUS_INVALID_ARGUMENT)
      return String(cString: vc_last_error_message())
    }
    XCTAssertNil(creationMessage { $0.planes.detection = 3 })
    XCTAssertEqual(
      creationMessage { $0.planes.detection = 4 }, "planes.detection has unknown bits: 4")
    XCTAssertEqual(
      creationMessage { $0.planes.cell_size = 65 }, "planes.cell_size must be 4...64, got 65")
    XCTAssertNotNil(creationMessage { $0.planes.depth_noise = 0 })
    XCTAssertNotNil(creationMessage { $0.planes.min_anchor_area = .nan })
    XCTAssertNotNil(creationMessage { $0.planes.alignment_tolerance_degrees = 45 })
  }
}
