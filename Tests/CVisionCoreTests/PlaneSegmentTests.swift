import CVisionCore
import XCTest

/// vc_detect_plane_segments on depth the synthetic room renders exactly, whose
/// planes are known: the segments must be those planes, and bad depth must
/// give none.
final class PlaneSegmentTests: XCTestCase {
  // MARK: - Fixtures

  private static let width: Int32 = 320
  private static let height: Int32 = 240
  private static let intrinsics = vc_camera_intrinsics_t(
    fx: 262.5, fy: 262.5, cx: 159.5, cy: 119.5, width: width, height: height)
  private static let depthUnits: Float = 5000

  private typealias Vector = SIMD3<Double>

  private static func cross(_ a: Vector, _ b: Vector) -> Vector {
    Vector(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
  }

  private static func normalized(_ v: Vector) -> Vector { v / (v * v).sum().squareRoot() }

  /// world_from_camera (ARKit axes, column-major) at eye looking at target.
  private static func lookAt(eye: Vector, target: Vector) -> [Float] {
    let forward = normalized(target - eye)
    let right = normalized(cross(forward, Vector(0, 1, 0)))
    let up = cross(right, forward)
    return [right, up, -forward].flatMap { [Float($0.x), Float($0.y), Float($0.z), 0] }
      + [Float(eye.x), Float(eye.y), Float(eye.z), 1]
  }

  /// Looking into the room's -x, -z corner from head height: floor, two walls,
  /// the table and the seat in view.
  private static let pose = lookAt(eye: Vector(1.4, 1.5, 1.3), target: Vector(-2.0, 0.5, -1.6))

  private final class Scene {
    let handle: OpaquePointer
    init() throws {
      var scene: OpaquePointer?
      let status = vc_synthetic_scene_create(VC_SYNTHETIC_SCENE_ROOM, 1, &scene)
      XCTAssertEqual(status, VC_STATUS_OK, String(cString: vc_last_error_message()))
      handle = try XCTUnwrap(scene)
    }
    deinit { vc_synthetic_scene_destroy(handle) }

    func depth(_ pose: [Float]) -> [UInt16] {
      var k = PlaneSegmentTests.intrinsics
      let count = Int(k.width * k.height)
      var rgb = [UInt8](repeating: 0, count: count * 3)
      var depth = [UInt16](repeating: 0, count: count)
      let status = vc_synthetic_scene_render(
        handle, pose, &k, &rgb, k.width * 3, &depth, k.width * 2, PlaneSegmentTests.depthUnits)
      XCTAssertEqual(status, VC_STATUS_OK, String(cString: vc_last_error_message()))
      return depth
    }

    func planes() -> [vc_synthetic_plane_t] {
      var count: Int32 = 0
      XCTAssertEqual(vc_synthetic_scene_get_planes(handle, nil, 0, &count), VC_STATUS_OK)
      var planes = [vc_synthetic_plane_t](repeating: vc_synthetic_plane_t(), count: Int(count))
      XCTAssertEqual(vc_synthetic_scene_get_planes(handle, &planes, count, &count), VC_STATUS_OK)
      return planes
    }
  }

  /// Runs vc_detect_plane_segments with the count protocol.
  private static func segments(
    _ depth: [UInt16], units: Float = depthUnits, options: vc_plane_options_t? = nil
  ) -> (vc_status_t, [vc_plane_segment_t]) {
    var k = intrinsics
    return depth.withUnsafeBytes { bytes in
      var view = vc_depth_view_t(
        image: vc_image_view_t(
          data: bytes.baseAddress, width: width, height: height, stride_bytes: width * 2,
          format: VC_PIXEL_FORMAT_DEPTH_U16),
        units_per_metre: units)
      func run(_ options: UnsafePointer<vc_plane_options_t>?) -> (vc_status_t, [vc_plane_segment_t]) {
        var count: Int32 = 0
        var status = vc_detect_plane_segments(&view, &k, options, nil, 0, &count)
        guard status == VC_STATUS_OK else { return (status, []) }
        var out = [vc_plane_segment_t](repeating: vc_plane_segment_t(), count: Int(count))
        status = vc_detect_plane_segments(&view, &k, options, &out, count, &count)
        return (status, out)
      }
      guard var options else { return run(nil) }
      return run(&options)
    }
  }

  private static func defaultOptions() -> vc_plane_options_t {
    var session = vc_session_options_t()
    vc_session_options_init(&session)
    var options = session.planes
    options.cell_size = 10
    return options
  }

  // MARK: - Segments against ground truth

  func testSegmentsOfTheRoomAreItsVisiblePlanes() throws {
    let scene = try Scene()
    let depth = scene.depth(Self.pose)
    let (status, segments) = Self.segments(depth, options: Self.defaultOptions())
    XCTAssertEqual(status, VC_STATUS_OK, String(cString: vc_last_error_message()))

    // Ground truth in the camera's ARKit axes: n_c = R^T n_w, and the offset
    // of n_w . x + d_w = 0 becomes d_w + n_w . t, flipped to face the camera.
    let p = Self.pose
    func cameraFromWorld(_ v: (Float, Float, Float)) -> Vector {
      let w = Vector(Double(v.0), Double(v.1), Double(v.2))
      return Vector(
        Double(p[0]) * w.x + Double(p[1]) * w.y + Double(p[2]) * w.z,
        Double(p[4]) * w.x + Double(p[5]) * w.y + Double(p[6]) * w.z,
        Double(p[8]) * w.x + Double(p[9]) * w.y + Double(p[10]) * w.z)
    }
    let eye = Vector(Double(p[12]), Double(p[13]), Double(p[14]))
    let truth: [(name: String, normal: Vector, offset: Double)] = scene.planes().map { plane in
      let normalWorld = Vector(
        Double(plane.normal.0), Double(plane.normal.1), Double(plane.normal.2))
      let centre = Vector(
        Double(plane.center.0), Double(plane.center.1), Double(plane.center.2))
      var normal = cameraFromWorld(plane.normal)
      var offset = -(normalWorld * centre).sum() + (normalWorld * eye).sum()
      if offset < 0 {
        normal = -normal
        offset = -offset
      }
      return (String(cString: plane.name), normal, offset)
    }

    // Each visible annotated plane has a segment on it; segments of
    // unannotated surfaces (the shelf, the table's sides) may exist too.
    func error(_ segment: vc_plane_segment_t, _ plane: (name: String, normal: Vector, offset: Double))
      -> (degrees: Double, metres: Double)
    {
      let normal = Vector(
        Double(segment.normal.0), Double(segment.normal.1), Double(segment.normal.2))
      return (
        acos(min(1, (plane.normal * normal).sum())) * 180 / .pi,
        abs(plane.offset - Double(segment.offset))
      )
    }
    for name in ["floor", "wall facing +x", "wall facing +z", "table top"] {
      let plane = try XCTUnwrap(truth.first { $0.name == name })
      let best = try XCTUnwrap(
        segments.min { a, b in
          let ea = error(a, plane)
          let eb = error(b, plane)
          return ea.degrees / 2 + ea.metres / 0.02 < eb.degrees / 2 + eb.metres / 0.02
        }, name)
      let (degrees, metres) = error(best, plane)
      XCTAssertLessThanOrEqual(degrees, 2, "\(name): normal error in degrees")
      XCTAssertLessThanOrEqual(metres, 0.02, "\(name): offset error in metres")
      XCTAssertLessThan(best.rms_distance, 0.005, name)
      XCTAssertGreaterThan(best.pixel_count, best.cell_count * 50, name)
    }
    // The floor's area is of the order of the floor in view (metres^2).
    let floor = try XCTUnwrap(segments.first)
    XCTAssertGreaterThan(floor.area, 1)
    XCTAssertLessThan(floor.area, 30)
  }

  func testNullOptionsUseTheDefaultsAndTheCountProtocolHolds() throws {
    let depth = try Scene().depth(Self.pose)
    let (status, segments) = Self.segments(depth)
    XCTAssertEqual(status, VC_STATUS_OK)
    XCTAssertFalse(segments.isEmpty)
    var k = Self.intrinsics
    depth.withUnsafeBytes { bytes in
      var view = vc_depth_view_t(
        image: vc_image_view_t(
          data: bytes.baseAddress, width: Self.width, height: Self.height,
          stride_bytes: Self.width * 2, format: VC_PIXEL_FORMAT_DEPTH_U16),
        units_per_metre: Self.depthUnits)
      var one = [vc_plane_segment_t](repeating: vc_plane_segment_t(), count: 1)
      var count: Int32 = 0
      XCTAssertEqual(
        vc_detect_plane_segments(&view, &k, nil, &one, 0, &count), VC_STATUS_BUFFER_TOO_SMALL)
      XCTAssertEqual(Int(count), segments.count)
      XCTAssertEqual(vc_detect_plane_segments(&view, &k, nil, nil, 0, nil), VC_STATUS_INVALID_ARGUMENT)
      XCTAssertEqual(String(cString: vc_last_error_message()), "out_count is NULL")
    }
  }

  // MARK: - Bad depth

  func testDepthAllZeroGivesNoSegments() {
    let (status, segments) = Self.segments(
      [UInt16](repeating: 0, count: Int(Self.width * Self.height)))
    XCTAssertEqual(status, VC_STATUS_OK)
    XCTAssertEqual(segments.count, 0)
  }

  func testDepthFullOfHolesGivesNoSegments() throws {
    var depth = try Scene().depth(Self.pose)
    // Four pixels in five missing, scattered: no cell has enough to fit.
    for index in depth.indices where (index * 7919) % 5 != 0 { depth[index] = 0 }
    let (status, segments) = Self.segments(depth)
    XCTAssertEqual(status, VC_STATUS_OK)
    XCTAssertEqual(segments.count, 0)
  }

  func testDepthScaleOffByAThousandGivesNoSegments() throws {
    let depth = try Scene().depth(Self.pose)
    // Depths read 1000 times too far lie beyond max_depth, 1000 times too
    // near below min_depth: nothing is in range.
    for units in [Self.depthUnits / 1000, Self.depthUnits * 1000] {
      let (status, segments) = Self.segments(depth, units: units)
      XCTAssertEqual(status, VC_STATUS_OK)
      XCTAssertEqual(segments.count, 0, "units per metre \(units)")
    }
  }

  func testBadInputIsRejectedWithAMessage() throws {
    let depth = try Scene().depth(Self.pose)
    var options = Self.defaultOptions()
    options.cell_size = 3
    XCTAssertEqual(Self.segments(depth, options: options).0, VC_STATUS_INVALID_ARGUMENT)
    XCTAssertEqual(
      String(cString: vc_last_error_message()), "planes.cell_size must be 4...64, got 3")
    options = Self.defaultOptions()
    options.max_depth = options.min_depth
    XCTAssertEqual(Self.segments(depth, options: options).0, VC_STATUS_INVALID_ARGUMENT)
    XCTAssertTrue(String(cString: vc_last_error_message()).hasPrefix("planes.max_depth must be"))
    XCTAssertEqual(Self.segments(depth, units: 0).0, VC_STATUS_INVALID_ARGUMENT)
    XCTAssertTrue(String(cString: vc_last_error_message()).hasPrefix("depth units_per_metre"))

    var k = Self.intrinsics
    k.width = 321
    depth.withUnsafeBytes { bytes in
      var view = vc_depth_view_t(
        image: vc_image_view_t(
          data: bytes.baseAddress, width: Self.width, height: Self.height,
          stride_bytes: Self.width * 2, format: VC_PIXEL_FORMAT_DEPTH_U16),
        units_per_metre: Self.depthUnits)
      var count: Int32 = 0
      XCTAssertEqual(
        vc_detect_plane_segments(&view, &k, nil, nil, 0, &count), VC_STATUS_INVALID_IMAGE)
      XCTAssertEqual(
        String(cString: vc_last_error_message()),
        "depth image is 320x240 but the intrinsics are for 321x240")
      view.image.format = VC_PIXEL_FORMAT_RGB8
      k.width = Self.width
      XCTAssertEqual(
        vc_detect_plane_segments(&view, &k, nil, nil, 0, &count), VC_STATUS_INVALID_IMAGE)
    }
  }
}
