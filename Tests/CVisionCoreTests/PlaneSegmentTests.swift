import CVisionCore
import CVisionSynthetic
import XCTest

/// vc_detect_plane_segments on depth the synthetic room renders exactly, whose
/// planes are known: the segments must be those planes, and bad depth must
/// give none.
final class PlaneSegmentTests: XCTestCase {
  // MARK: - Fixtures

  private static let width: Int32 = 320
  private static let height: Int32 = 240
  /// The segment tests' own camera, 320 x 240 rather than the shared
  /// 160 x 120: their tolerances were set at this size.
  fileprivate static let intrinsics = vc_camera_intrinsics_t(
    fx: 262.5, fy: 262.5, cx: 159.5, cy: 119.5, width: width, height: height)
  private static let depthUnits = SyntheticRoom.depthUnits

  private typealias Vector = SyntheticRoom.Vector
  private typealias Scene = SyntheticRoom.Scene

  /// Looking into the room's -x, -z corner from head height: floor, two walls,
  /// the table and the seat in view.
  private static let pose = SyntheticRoom.lookAt(
    eye: Vector(1.4, 1.5, 1.3), target: Vector(-2.0, 0.5, -1.6))

  /// Runs vc_detect_plane_segments with the count protocol.
  private static func segments(
    _ depth: [UInt16], units: Float = depthUnits, options: vc_plane_options_t? = nil
  ) -> (vc_status_t, [vc_plane_segment_t]) {
    var k = intrinsics
    return SyntheticRoom.withDepthView(depth, width: width, height: height, unitsPerMeter: units) {
      view in
      func run(_ options: UnsafePointer<vc_plane_options_t>?) -> (vc_status_t, [vc_plane_segment_t])
      {
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
    func error(
      _ segment: vc_plane_segment_t, _ plane: (name: String, normal: Vector, offset: Double)
    )
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
    SyntheticRoom.withDepthView(depth, width: Self.width, height: Self.height) { view in
      var one = [vc_plane_segment_t](repeating: vc_plane_segment_t(), count: 1)
      var count: Int32 = 0
      XCTAssertEqual(
        vc_detect_plane_segments(&view, &k, nil, &one, 0, &count), VC_STATUS_BUFFER_TOO_SMALL)
      XCTAssertEqual(Int(count), segments.count)
      XCTAssertEqual(
        vc_detect_plane_segments(&view, &k, nil, nil, 0, nil), VC_STATUS_INVALID_ARGUMENT)
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
    SyntheticRoom.withDepthView(depth, width: Self.width, height: Self.height) { view in
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

extension SyntheticRoom.Scene {
  /// Exact depth of the room seen from pose with this file's 320 x 240 camera.
  fileprivate func depth(_ pose: [Float]) -> [UInt16] {
    render(pose, intrinsics: PlaneSegmentTests.intrinsics).depth
  }

  /// The room's annotated planes.
  fileprivate func planes() -> [vc_synthetic_plane_t] {
    SyntheticRoom.readAll(vc_synthetic_plane_t()) {
      vc_synthetic_scene_get_planes(handle, $0, $1, $2)
    }
  }
}
