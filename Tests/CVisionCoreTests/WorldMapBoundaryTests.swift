import CVisionCore
import XCTest

/// World maps and relocalization through the C API, on the synthetic room
/// (160 x 120, exact depth): a map made by one session is written, read,
/// relocalized in and started from; every malformed file is refused with a
/// reason and never crashes.
final class WorldMapBoundaryTests: XCTestCase {
  private typealias Vector = SyntheticRoom.Vector
  private typealias Session = SyntheticRoom.Session

  /// Half a turn's worth of a slow walk around the table, t in seconds.
  private static func walkPose(_ t: Double) -> [Float] {
    let angle = 0.6 + 0.3 * t
    let eye = Vector(1.9 * sin(angle), 1.45 + 0.03 * sin(2.1 * t), 1.9 * cos(angle))
    return SyntheticRoom.lookAt(eye: eye, target: Vector(0, 0.75, 0))
  }

  /// 3 s at 30 Hz, rendered once for all tests.
  private static let walk: [SyntheticRoom.RenderedFrame] = {
    let scene = try! SyntheticRoom.Scene()
    return (0..<90).map { scene.render(walkPose(Double($0) / 30)) }
  }()

  /// The session that mapped the walk, the poses it reported, and its map.
  /// The map is immutable once made (the C header says it may be read from
  /// several threads).
  private struct Mapping: @unchecked Sendable {
    var poses: [[Float]]
    var map: OpaquePointer
  }

  private static let mapping: Mapping = {
    let session = try! Session()
    var poses: [[Float]] = []
    for (index, frame) in walk.enumerated() {
      poses.append(matrix(session.process(frame, index: index).world_from_camera))
    }
    var map: OpaquePointer?
    let status = vc_session_get_world_map(session.handle, &map)
    precondition(
      status == VC_STATUS_OK, String(cString: vc_session_last_error_message(session.handle)))
    return Mapping(poses: poses, map: map!)
  }()

  private static func matrix(
    _ m: (
      Float, Float, Float, Float, Float, Float, Float, Float, Float, Float, Float, Float, Float,
      Float, Float, Float
    )
  ) -> [Float] {
    withUnsafeBytes(of: m) { Array($0.bindMemory(to: Float.self)) }
  }

  private static func encode(_ map: OpaquePointer) -> [UInt8] {
    var length = 0
    XCTAssertEqual(vc_world_map_encode(map, nil, 0, &length), VC_STATUS_OK)
    var bytes = [UInt8](repeating: 0, count: length)
    XCTAssertEqual(vc_world_map_encode(map, &bytes, length, &length), VC_STATUS_OK)
    return bytes
  }

  /// The decoded map, or the status and message of the refusal.
  private static func decode(_ bytes: [UInt8]) -> Result<OpaquePointer, DecodeFailure> {
    var map: OpaquePointer?
    let status = bytes.withUnsafeBufferPointer {
      vc_world_map_decode($0.baseAddress, $0.count, "test.arscenemap", &map)
    }
    guard status == VC_STATUS_OK, let map else {
      return .failure(
        DecodeFailure(status: status, message: String(cString: vc_last_error_message())))
    }
    return .success(map)
  }

  private struct DecodeFailure: Error {
    var status: vc_status_t
    var message: String
  }

  private static func info(_ map: OpaquePointer) -> vc_world_map_info_t {
    var info = vc_world_map_info_t()
    XCTAssertEqual(vc_world_map_get_info(map, &info), VC_STATUS_OK)
    return info
  }

  private static func distance(_ a: [Float], _ b: [Float]) -> Float {
    (12..<15).map { (a[$0] - b[$0]) * (a[$0] - b[$0]) }.reduce(0, +).squareRoot()
  }

  /// Queries frame `index` of the walk.
  private static func query(_ relocalizer: OpaquePointer, _ index: Int)
    -> vc_relocalization_result_t
  {
    let frame = walk[index]
    var result = vc_relocalization_result_t()
    frame.rgb.withUnsafeBytes { pixels in
      let color = vc_image_view_t(
        data: pixels.baseAddress, width: SyntheticRoom.width, height: SyntheticRoom.height,
        stride_bytes: SyntheticRoom.width * 3, format: VC_PIXEL_FORMAT_RGB8)
      SyntheticRoom.withDepthView(frame.depth) { depth in
        withUnsafePointer(to: &depth) { depthPointer in
          var input = vc_frame_input_t(
            timestamp_ns: 0, intrinsics: SyntheticRoom.intrinsics, color: color,
            depth: depthPointer, imu_samples: nil, imu_sample_count: 0)
          XCTAssertEqual(
            vc_relocalizer_query(relocalizer, &input, &result), VC_STATUS_OK,
            String(cString: vc_relocalizer_last_error_message(relocalizer)))
        }
      }
    }
    return result
  }

  // MARK: - The map

  func testTheMapGrowsWithKeyframesAndRoundTripsByteForByte() throws {
    let map = Self.mapping.map
    let info = Self.info(map)
    XCTAssertEqual(info.format_version, 2)
    XCTAssertGreaterThanOrEqual(info.keyframe_count, 3, "3 s of walk, a keyframe per 15 cm or 12°")
    XCTAssertGreaterThan(info.point_count, 100)
    XCTAssertEqual(info.camera.width, SyntheticRoom.width)
    let bytes = Self.encode(map)
    XCTAssertEqual(Array(bytes.prefix(8)), Array("ARSCNMAP".utf8))
    let decoded = try Self.decode(bytes).get()
    defer { vc_world_map_destroy(decoded) }
    XCTAssertEqual(Self.encode(decoded), bytes, "the same map, the same bytes")
    XCTAssertEqual(Self.info(decoded).keyframe_count, info.keyframe_count)
    XCTAssertEqual(Self.info(decoded).point_count, info.point_count)
  }

  func testAnchorsTravelWithTheMap() throws {
    let anchors = Array(#"{"anchors":[]}"#.utf8)
    var withAnchors: OpaquePointer?
    XCTAssertEqual(
      vc_world_map_with_anchors(Self.mapping.map, anchors, anchors.count, &withAnchors),
      VC_STATUS_OK)
    let map = try XCTUnwrap(withAnchors)
    defer { vc_world_map_destroy(map) }
    let decoded = try Self.decode(Self.encode(map)).get()
    defer { vc_world_map_destroy(decoded) }
    var length = 0
    XCTAssertEqual(vc_world_map_get_anchors(decoded, nil, 0, &length), VC_STATUS_OK)
    var read = [UInt8](repeating: 0, count: length)
    XCTAssertEqual(vc_world_map_get_anchors(decoded, &read, length, &length), VC_STATUS_OK)
    XCTAssertEqual(read, anchors)
  }

  func testASessionWithoutRelocalizationKeepsNoMap() throws {
    let session = try Session { $0.relocalization.enabled = 0 }
    session.process(Self.walk[0], index: 0)
    var map: OpaquePointer?
    XCTAssertEqual(vc_session_get_world_map(session.handle, &map), VC_STATUS_INVALID_ARGUMENT)
    XCTAssertNil(map)
    XCTAssertTrue(
      String(cString: vc_session_last_error_message(session.handle)).contains("relocalization"))
  }

  func testASessionWithoutKeyframesHasNoMapToGive() throws {
    let fresh = try Session()
    var map: OpaquePointer?
    XCTAssertEqual(vc_session_get_world_map(fresh.handle, &map), VC_STATUS_INVALID_ARGUMENT)
    XCTAssertNil(map)
    XCTAssertTrue(
      String(cString: vc_session_last_error_message(fresh.handle)).contains("no world map yet"))
  }

  // MARK: - Malformed files

  func testTruncatedCorruptAndFutureFilesAreRefusedWithAReason() throws {
    let bytes = Self.encode(Self.mapping.map)
    func refused(
      _ mutated: [UInt8], _ what: String, file: StaticString = #filePath, line: UInt = #line
    ) -> String {
      switch Self.decode(mutated) {
      case .success(let map):
        vc_world_map_destroy(map)
        XCTFail("\(what) was read as a map", file: file, line: line)
        return ""
      case .failure(let failure):
        XCTAssertEqual(failure.status, VC_STATUS_INVALID_ARGUMENT, what, file: file, line: line)
        XCTAssertTrue(
          failure.message.contains("test.arscenemap"), failure.message, file: file, line: line)
        return failure.message
      }
    }
    _ = refused([], "an empty file")
    _ = refused(Array("not a map at all".utf8), "text")
    // Cut anywhere: every prefix is refused, none read past its end.
    for cut in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 97)) {
      _ = refused(Array(bytes.prefix(cut)), "the first \(cut) of \(bytes.count) bytes")
    }
    // A flipped bit anywhere after the version fails a checksum, a count or
    // a check; never a crash.
    for position in stride(from: 12, to: bytes.count, by: max(1, bytes.count / 89)) {
      var flipped = bytes
      flipped[position] ^= 0x10
      _ = refused(flipped, "a bit flipped at byte \(position)")
    }
    var future = bytes
    // The format version, a little-endian u32 after the magic: 3 (the
    // scene mesh) is the newest this engine reads.
    future[8] = 4
    XCTAssertTrue(refused(future, "version 4").contains("update ARScene"))
    var extra = bytes
    extra.append(0)
    _ = refused(extra, "a byte after the end section")
  }

  /// Issue 46: a header whose counts the keyframes do not hold is refused
  /// even with its checksum made right (the document's rule, not only the
  /// checksum, is checked).
  func testAHeaderCountTheKeyframesDoNotHoldIsRefused() throws {
    let bytes = Self.encode(Self.mapping.map)
    func u32(_ at: Int) -> Int { (0..<4).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) } }
    // magic 8, version 4, then HEAD's tag 4, length 8, CRC 4 and payload:
    // engine version (u32 length + bytes), 4 f64, 2 i32, then the counts.
    let payload = 28
    let payloadLength = Int(u32(16))
    let counts = payload + 4 + u32(payload) + 4 * 8 + 2 * 4
    for (field, offset, says) in [
      ("point count", counts + 8, "map points"),
      ("surface point count", counts + 16, "surface points"),
    ] {
      var mutated = bytes
      mutated[offset] &+= 1
      let crc = Self.crc32(mutated[payload..<(payload + payloadLength)])
      for k in 0..<4 { mutated[24 + k] = UInt8((crc >> (8 * UInt32(k))) & 0xFF) }
      switch Self.decode(mutated) {
      case .success(let map):
        vc_world_map_destroy(map)
        XCTFail("a header with a wrong \(field) was read as a map")
      case .failure(let failure):
        XCTAssertTrue(failure.message.contains(says), "\(field): \(failure.message)")
      }
    }
  }

  /// CRC-32 (IEEE 802.3), bit by bit: the checksum the document names.
  private static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
  }

  // MARK: - How the map was tracked, and its unit

  /// The file with its HEAD payload changed by `change` (and its version
  /// set, if given), the section's length and checksum made right.
  private static func withHeader(
    _ bytes: [UInt8], version: UInt8? = nil, _ change: (inout [UInt8]) -> Void
  ) -> [UInt8] {
    // magic 8, version 4, then HEAD's tag 4, length 8 and CRC 4.
    let length = (0..<8).reduce(0) { $0 | Int(bytes[16 + $1]) << (8 * $1) }
    var payload = Array(bytes[28..<(28 + length)])
    change(&payload)
    var out = Array(bytes[0..<16])
    if let version { out[8] = version }
    out += (0..<8).map { UInt8((UInt64(payload.count) >> (8 * UInt64($0))) & 0xFF) }
    let crc = crc32(payload[...])
    out += (0..<4).map { UInt8((crc >> (8 * UInt32($0))) & 0xFF) }
    return out + payload + bytes[(28 + length)...]
  }

  /// The map with its header's last three fields (tracking, unit, up) set.
  private static func trackedAs(_ tracking: UInt8, unit: UInt8, up: UInt8 = 1) -> [UInt8] {
    withHeader(encode(mapping.map)) {
      $0[$0.count - 3] = tracking
      $0[$0.count - 2] = unit
      $0[$0.count - 1] = up
    }
  }

  func testAMapMadeWithDepthSaysSoAndAVersionOneFileReadsAsSuch() throws {
    let made = Self.info(Self.mapping.map)
    XCTAssertEqual(made.tracking_mode, VC_TRACKING_MODE_RGBD)
    XCTAssertEqual(made.is_scale_known, 1)
    XCTAssertEqual(made.is_up_known, 1, "up from the planes in view")
    // Version 1's header ends before the tracking, the unit and up; its
    // maps were all made with depth, +Y up.
    let bytes = Self.encode(Self.mapping.map)
    let versionOne = Self.withHeader(bytes, version: 1) { $0.removeLast(3) }
    guard case .success(let map) = Self.decode(versionOne) else {
      return XCTFail("a version 1 file was refused")
    }
    defer { vc_world_map_destroy(map) }
    XCTAssertEqual(Self.info(map).tracking_mode, VC_TRACKING_MODE_RGBD)
    XCTAssertEqual(Self.info(map).is_scale_known, 1)
    XCTAssertEqual(Self.info(map).is_up_known, 1)
    XCTAssertEqual(Self.info(map).keyframe_count, made.keyframe_count)
    // A version 2 header without them is short.
    if case .success(let short) = Self.decode(Self.withHeader(bytes) { $0.removeLast(3) }) {
      vc_world_map_destroy(short)
      XCTFail("a version 2 header without the tracking, the unit and up was read")
    }
  }

  func testATrackingUnitOrUpTheDocumentDoesNotAllowIsRefused() throws {
    for (tracking, unit, up, says): (UInt8, UInt8, UInt8, String) in [
      (0, 1, 1, "tracking is 0"), (4, 1, 1, "tracking is 4"), (3, 2, 1, "unit is 2"),
      (1, 0, 1, "is in metres"), (2, 0, 1, "is in metres"), (1, 1, 2, "up is 2"),
    ] {
      switch Self.decode(Self.trackedAs(tracking, unit: unit, up: up)) {
      case .success(let map):
        vc_world_map_destroy(map)
        XCTFail("tracking \(tracking) with unit \(unit) and up \(up) was read")
      case .failure(let failure):
        XCTAssertTrue(failure.message.contains(says), failure.message)
      }
    }
  }

  /// A session that kept its first camera's axes (camera-aligned here; one
  /// camera without an IMU is the other case) saves a map that says up is
  /// unknown, and a session started in it keeps those axes.
  func testAMapWhoseUpIsUnknownSaysSoAndIsOpenedInItsAxes() throws {
    let camera = try Session { $0.tracking.world_alignment = VC_WORLD_ALIGNMENT_CAMERA }
    for index in 0..<45 { _ = camera.process(Self.walk[index], index: index) }
    var map: OpaquePointer?
    XCTAssertEqual(
      vc_session_get_world_map(camera.handle, &map), VC_STATUS_OK,
      String(cString: vc_session_last_error_message(camera.handle)))
    guard let map else { return }
    defer { vc_world_map_destroy(map) }
    XCTAssertEqual(Self.info(map).is_up_known, 0)
    let encoded = Self.encode(map)
    guard case .success(let read) = Self.decode(encoded) else {
      return XCTFail("a map whose up is unknown was refused")
    }
    defer { vc_world_map_destroy(read) }
    XCTAssertEqual(Self.info(read).is_up_known, 0)

    let later = try Session()
    XCTAssertEqual(vc_session_set_world_map(later.handle, read), VC_STATUS_OK)
    let result = later.process(Self.walk[30], index: 0)
    XCTAssertEqual(result.tracking_statistics.relocalized, 1)
    XCTAssertEqual(result.world_up_source, Int32(VC_WORLD_UP_SOURCE_NONE.rawValue))
  }

  /// A map tracked from one camera without an IMU is in a unit of its own:
  /// no session measuring in metres may open it, and known poses in metres
  /// cannot place its keyframes.
  func testAMapInItsOwnUnitIsRefusedWhereverMetresWouldMeetIt() throws {
    guard case .success(let map) = Self.decode(Self.trackedAs(3, unit: 0)) else {
      return XCTFail("a monocular map in its own unit was refused")
    }
    defer { vc_world_map_destroy(map) }
    XCTAssertEqual(Self.info(map).tracking_mode, VC_TRACKING_MODE_MONOCULAR)
    XCTAssertEqual(Self.info(map).is_scale_known, 0)

    let rgbd = try Session { $0.tracking.tracking_mode = VC_TRACKING_MODE_RGBD }
    XCTAssertEqual(vc_session_set_world_map(rgbd.handle, map), VC_STATUS_INVALID_ARGUMENT)
    XCTAssertTrue(
      String(cString: vc_session_last_error_message(rgbd.handle)).contains("unit of its own"))

    // Tracking automatically, the frame decides: with depth it is refused.
    let automatic = try Session()
    XCTAssertEqual(vc_session_set_world_map(automatic.handle, map), VC_STATUS_OK)
    var result = vc_frame_result_t()
    let frame = Self.walk[0]
    let status = frame.rgb.withUnsafeBytes { pixels in
      SyntheticRoom.withDepthView(frame.depth) { depth in
        withUnsafePointer(to: &depth) { depthPointer in
          var input = vc_frame_input_t(
            timestamp_ns: 0, intrinsics: SyntheticRoom.intrinsics,
            color: vc_image_view_t(
              data: pixels.baseAddress, width: SyntheticRoom.width, height: SyntheticRoom.height,
              stride_bytes: SyntheticRoom.width * 3, format: VC_PIXEL_FORMAT_RGB8),
            depth: depthPointer, imu_samples: nil, imu_sample_count: 0)
          return vc_session_process_frame(automatic.handle, &input, &result)
        }
      }
    }
    XCTAssertEqual(status, VC_STATUS_INVALID_ARGUMENT)
    XCTAssertTrue(
      String(cString: vc_session_last_error_message(automatic.handle)).contains(
        "this frame has depth (in metres)"))
    // Without depth the same session takes the frame, finds it in the map,
    // and says its position is in the map's unit.
    let found = automatic.process(frame, index: 0, withDepth: false).tracking_statistics
    XCTAssertEqual(found.relocalized, 1)
    XCTAssertEqual(found.is_scale_known, 0)

    let count = Int(Self.info(map).keyframe_count)
    var identity = [Double](repeating: 0, count: 16 * count)
    for k in 0..<count { for i in 0..<4 { identity[16 * k + 5 * i] = 1 } }
    var placed: OpaquePointer?
    XCTAssertEqual(
      vc_world_map_with_keyframe_poses(map, identity, Int64(count), &placed),
      VC_STATUS_INVALID_ARGUMENT)
    XCTAssertTrue(String(cString: vc_last_error_message()).contains("unit of its own"))
  }

  // MARK: - Relocalizing

  func testFramesAreFoundOnTheirOwnWhereTheMappingRunSawThem() throws {
    var created: OpaquePointer?
    XCTAssertEqual(vc_relocalizer_create(Self.mapping.map, &created), VC_STATUS_OK)
    let relocalizer = try XCTUnwrap(created)
    defer { vc_relocalizer_destroy(relocalizer) }
    // The same map read back from its file answers bit for bit the same.
    let decoded = try Self.decode(Self.encode(Self.mapping.map)).get()
    defer { vc_world_map_destroy(decoded) }
    var createdFromFile: OpaquePointer?
    XCTAssertEqual(vc_relocalizer_create(decoded, &createdFromFile), VC_STATUS_OK)
    let fromFile = try XCTUnwrap(createdFromFile)
    defer { vc_relocalizer_destroy(fromFile) }

    var found = 0
    var queries = 0
    for index in stride(from: 15, to: Self.walk.count, by: 5) {
      queries += 1
      let result = Self.query(relocalizer, index)
      let again = Self.query(fromFile, index)
      XCTAssertEqual(result.found, again.found, "frame \(index)")
      XCTAssertEqual(Self.matrix(result.world_from_camera), Self.matrix(again.world_from_camera))
      guard result.found == 1 else { continue }
      found += 1
      XCTAssertEqual(String(cString: result.outcome), "found")
      XCTAssertLessThan(
        Self.distance(Self.matrix(result.world_from_camera), Self.mapping.poses[index]), 0.02,
        "frame \(index): metres from where the mapping run tracked it")
    }
    XCTAssertGreaterThanOrEqual(found * 10, queries * 8, "\(found) of \(queries) found")
  }

  func testASessionStartedInTheMapTracksInItsWorld() throws {
    let session = try Session()
    XCTAssertEqual(vc_session_set_world_map(session.handle, Self.mapping.map), VC_STATUS_OK)
    let index = 60
    let result = session.process(Self.walk[index], index: 0)
    XCTAssertEqual(result.tracking_statistics.relocalized, 1)
    XCTAssertEqual(result.tracking_statistics.pose_measured, 1)
    XCTAssertLessThan(
      Self.distance(Self.matrix(result.world_from_camera), Self.mapping.poses[index]), 0.02,
      "metres from the mapping run's pose, in the map's world")
    // A map is set before the first frame only.
    XCTAssertEqual(
      vc_session_set_world_map(session.handle, Self.mapping.map), VC_STATUS_INVALID_ARGUMENT)
  }

  func testFramesOfAnotherSizeThanTheMapsAreRefused() throws {
    var k = SyntheticRoom.intrinsics
    k.width *= 2
    k.height *= 2
    k.fx *= 2
    k.fy *= 2
    let (status, message) = try Self.grayFrameInTheMap(from: k)
    XCTAssertEqual(status, VC_STATUS_INVALID_ARGUMENT)
    XCTAssertTrue(message.contains("320x240") && message.contains("160x120"), message)
  }

  /// Issue 46: the same size from another camera (its focal length 20%
  /// longer) is not the map's camera either.
  func testFramesFromAnotherCameraOfTheSameSizeAreRefused() throws {
    var k = SyntheticRoom.intrinsics
    k.fx *= 1.2
    k.fy *= 1.2
    let (status, message) = try Self.grayFrameInTheMap(from: k)
    XCTAssertEqual(status, VC_STATUS_INVALID_ARGUMENT)
    XCTAssertTrue(message.contains("not the world map's camera"), message)
  }

  /// A grey frame of camera `k` given to a session started in the mapping
  /// run's map: the status and the session's message.
  private static func grayFrameInTheMap(from k: vc_camera_intrinsics_t) throws -> (
    vc_status_t, String
  ) {
    let session = try Session()
    XCTAssertEqual(vc_session_set_world_map(session.handle, mapping.map), VC_STATUS_OK)
    let rgb = [UInt8](repeating: 128, count: Int(k.width * k.height) * 3)
    var result = vc_frame_result_t()
    let status = rgb.withUnsafeBytes { pixels in
      var input = vc_frame_input_t(
        timestamp_ns: 0, intrinsics: k,
        color: vc_image_view_t(
          data: pixels.baseAddress, width: k.width, height: k.height, stride_bytes: k.width * 3,
          format: VC_PIXEL_FORMAT_RGB8),
        depth: nil, imu_samples: nil, imu_sample_count: 0)
      return vc_session_process_frame(session.handle, &input, &result)
    }
    return (status, String(cString: vc_session_last_error_message(session.handle)))
  }
}
