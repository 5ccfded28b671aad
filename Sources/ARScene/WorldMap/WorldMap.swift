internal import CVisionCore
import Foundation

/// What a session knows about a room, like ARKit's `ARWorldMap`: keyframes
/// (poses, features and their 3D points, a coarse depth surface), the camera
/// they were seen with, and the anchors placed in it. Save one with
/// ``write(to:)`` and start a later session in it with
/// ``WorldTrackingConfiguration/initialWorldMap``.
///
/// The file format is open and versioned (`Datasets/WORLD_MAP.md`): a
/// truncated, corrupt or newer-version file is an ``ARSceneError`` naming the
/// problem, never a crash. Immutable and safe to share between threads.
public final class WorldMap: @unchecked Sendable, Equatable {
  let handle: OpaquePointer

  /// Adopts a map the core made.
  init(adopting handle: OpaquePointer) { self.handle = handle }

  deinit { vc_world_map_destroy(handle) }

  /// The same map object: maps are compared by identity, not content.
  public static func == (lhs: WorldMap, rhs: WorldMap) -> Bool { lhs === rhs }

  /// Reads a map written by ``write(to:)``. Throws ``ARSceneError`` with
  /// the file's name and what is wrong with it.
  public convenience init(contentsOf url: URL) throws(ARSceneError) {
    try Self.requireRegularFile(url)
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw ARSceneError(.ioError, "\(url.path): cannot be read: \(error.localizedDescription)")
    }
    try self.init(fileBytes: data, name: url.path)
  }

  /// A map is a file: a folder, a FIFO (which could block the read
  /// forever) or a device (/dev/zero never ends) is refused by what it is,
  /// before anything is read.
  private static func requireRegularFile(_ url: URL) throws(ARSceneError) {
    var status = stat()
    guard stat(url.path, &status) == 0 else {
      let reason = errno == ENOENT ? "does not exist" : String(cString: strerror(errno))
      throw ARSceneError(.ioError, "\(url.path): cannot be read: \(reason)")
    }
    let kinds: [mode_t: String] = [
      S_IFDIR: "a folder", S_IFIFO: "a FIFO", S_IFCHR: "a device", S_IFBLK: "a device",
      S_IFSOCK: "a socket",
    ]
    if let kind = kinds[status.st_mode & S_IFMT] {
      throw ARSceneError(
        .invalidArgument, "\(url.path): is \(kind), not a world map file")
    }
  }

  /// Reads a map from the bytes of its file; `name` names it in errors.
  public init(fileBytes data: Data, name: String = "world map") throws(ARSceneError) {
    var created: OpaquePointer?
    let status = data.withUnsafeBytes { raw in
      vc_world_map_decode(
        raw.bindMemory(to: UInt8.self).baseAddress, raw.count, name, &created)
    }
    try CoreStatus.check(status)
    guard let created else {
      throw ARSceneError(.internalError, "vc_world_map_decode returned no map")
    }
    handle = created
  }

  /// The bytes of the map's file (the same map gives the same bytes).
  public func fileBytes() throws(ARSceneError) -> Data {
    var length = 0
    try CoreStatus.check(vc_world_map_encode(handle, nil, 0, &length))
    var bytes = [UInt8](repeating: 0, count: length)
    try bytes.withUnsafeMutableBufferPointer { (buffer) throws(ARSceneError) in
      try CoreStatus.check(vc_world_map_encode(handle, buffer.baseAddress, length, &length))
    }
    return Data(bytes)
  }

  /// Writes the map's file to `url`, replacing it only once it is complete
  /// (written to a temporary file beside it, then renamed; a device or FIFO
  /// is written through, see `OutputFile`).
  public func write(to url: URL) throws(ARSceneError) {
    try Self.write(try fileBytes(), to: url)
  }

  /// Writes a map's file bytes (``fileBytes()``) to `url`, replacing it only
  /// once complete.
  public static func write(_ bytes: Data, to url: URL) throws(ARSceneError) {
    do {
      try OutputFile.write(bytes, to: url.path)
    } catch {
      throw ARSceneError(.ioError, error.description)
    }
  }

  private var info: vc_world_map_info_t {
    var info = vc_world_map_info_t()
    // Only a NULL argument can fail, and neither is.
    _ = vc_world_map_get_info(handle, &info)
    return info
  }

  /// The format version of the file the map was read from (or will be
  /// written in).
  public var formatVersion: Int { Int(info.format_version) }

  /// The camera the keyframes were seen with; a session that starts in the
  /// map needs frames of the same size.
  public var camera: CameraIntrinsics {
    let k = info.camera
    return CameraIntrinsics(
      fx: k.fx, fy: k.fy, cx: k.cx, cy: k.cy, width: Int(k.width), height: Int(k.height))
  }

  /// How the session that made the map tracked: ``WorldTrackingConfiguration/TrackingMode/rgbd``,
  /// ``WorldTrackingConfiguration/TrackingMode/visualInertial`` or
  /// ``WorldTrackingConfiguration/TrackingMode/monocular`` (never automatic).
  public var trackingMode: WorldTrackingConfiguration.TrackingMode {
    WorldTrackingConfiguration.TrackingMode(core: info.tracking_mode)
  }

  /// Whether the map's positions are in metres. False for a map tracked
  /// from one camera without an IMU: its unit is its own, and only a
  /// session tracking ``WorldTrackingConfiguration/TrackingMode/monocular``
  /// (or automatically, on frames without depth or IMU samples) opens it.
  public var isScaleKnown: Bool { info.is_scale_known != 0 }

  /// Whether the map's +Y is up: the session that made it knew which way up
  /// is, from an accelerometer, a given gravity or the planes in view. False
  /// for a map kept in its first camera's axes (one camera without an IMU,
  /// or ``WorldTrackingConfiguration/WorldAlignment/camera``); a session that
  /// opens it keeps those axes.
  public var isUpKnown: Bool { info.is_up_known != 0 }

  /// How many keyframes the map holds.
  public var keyframeCount: Int { Int(info.keyframe_count) }

  /// The scene mesh the map carries, or nil: a map saved by a session with
  /// ``WorldTrackingConfiguration/sceneReconstruction`` keeps the fused
  /// volume and its mesh (format version 3), and a session with scene
  /// reconstruction that opens the map starts from them: its
  /// ``Session/meshAnchors()`` hold the map's chunks from the first frame,
  /// and its fusion goes on in the same volume (the same
  /// ``WorldTrackingConfiguration/meshVoxelSize`` is needed). A session
  /// without scene reconstruction keeps the mesh for the maps it saves.
  public var sceneMesh: SceneMeshSummary? {
    let info = info
    guard info.mesh_block_count > 0 else { return nil }
    return SceneMeshSummary(
      chunkCount: Int(info.mesh_chunk_count), faceCount: Int(info.mesh_face_count),
      voxelBlockCount: Int(info.mesh_block_count), voxelSize: info.mesh_voxel_size)
  }

  /// How many feature points ``rawFeaturePoints`` holds, without copying them.
  public var rawFeaturePointCount: Int { Int(info.point_count) }

  /// The ARScene core that wrote the map (or made it, for a map not read
  /// from a file).
  public var engineVersion: String {
    withUnsafeBytes(of: info.engine_version) { raw in
      let bytes = raw.prefix { $0 != 0 }
      return String(decoding: bytes, as: UTF8.self)
    }
  }

  /// Points of the surface samples kept for aligning depth.
  public var surfacePointCount: Int { Int(info.surface_point_count) }

  /// The centre of the mapped space, in the map's world (metres), like
  /// ARKit's `ARWorldMap.center`.
  public var center: SIMD3<Float> {
    let c = info.center
    return SIMD3(c.0, c.1, c.2)
  }

  /// The size of the mapped space along the world's axes (metres), like
  /// ARKit's `ARWorldMap.extent`.
  public var extent: SIMD3<Float> {
    let e = info.extent
    return SIMD3(e.0, e.1, e.2)
  }

  /// The map's feature points in its world (metres), like ARKit's
  /// `rawFeaturePoints`.
  public var rawFeaturePoints: [SIMD3<Float>] {
    var count: Int64 = 0
    guard vc_world_map_get_points(handle, nil, 0, &count) == VC_STATUS_OK else { return [] }
    var xyz = [Float](repeating: 0, count: Int(count) * 3)
    let status = xyz.withUnsafeMutableBufferPointer {
      vc_world_map_get_points(handle, $0.baseAddress, count, &count)
    }
    guard status == VC_STATUS_OK else { return [] }
    return (0..<Int(count)).map { SIMD3(xyz[3 * $0], xyz[3 * $0 + 1], xyz[3 * $0 + 2]) }
  }

  /// The anchors saved with the map.
  public var anchors: [WorldMapAnchor] {
    get throws(ARSceneError) {
      var length = 0
      try CoreStatus.check(vc_world_map_get_anchors(handle, nil, 0, &length))
      guard length > 0 else { return [] }
      var bytes = [UInt8](repeating: 0, count: length)
      try bytes.withUnsafeMutableBufferPointer { (buffer) throws(ARSceneError) in
        try CoreStatus.check(
          vc_world_map_get_anchors(handle, buffer.baseAddress, length, &length))
      }
      return try WorldMapAnchor.decodeList(Data(bytes))
    }
  }

  /// The same map with `anchors` instead of its own.
  public func replacingAnchors(_ anchors: [WorldMapAnchor]) throws(ARSceneError) -> WorldMap {
    let bytes = [UInt8](WorldMapAnchor.encodeList(anchors))
    var created: OpaquePointer?
    try bytes.withUnsafeBufferPointer { (buffer) throws(ARSceneError) in
      try CoreStatus.check(
        vc_world_map_with_anchors(handle, buffer.baseAddress, buffer.count, &created))
    }
    guard let created else {
      throw ARSceneError(.internalError, "vc_world_map_with_anchors returned no map")
    }
    return WorldMap(adopting: created)
  }
}
