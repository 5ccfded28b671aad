import ARScene
import CVisionCore
import CVisionSynthetic
import XCTest

/// The synthetic room seen along a slow walk around the table (320 x 240,
/// exact depth, world up given), with what the raycast and placement tests
/// compare against: the true depth at any image point and the true heights
/// of the floor and the table top in the session's world.
enum RoomWalk {
  static let intrinsics = CameraIntrinsics(
    fx: 262.5, fy: 262.5, cx: 159.5, cy: 119.5, width: 320, height: 240)

  /// worldFromCamera in the room's world at time t.
  static func pose(at t: Double) -> Transform {
    SyntheticRoomRenderer.walkPose(at: t, target: SIMD3(0, 0.5, 0))
  }

  /// A frame of the walk at time t.
  static func frame(at t: Double) throws -> CapturedFrame {
    let (color, depth) = try SyntheticRoomRenderer.render(pose(at: t), intrinsics: intrinsics)
    return CapturedFrame(timestamp: t, intrinsics: intrinsics, capturedImage: color, depth: depth)
  }

  /// Frames 1/30 s apart from time 0.
  static func frames(_ count: Int) -> [CapturedFrame] {
    (0..<count).map { try! frame(at: Double($0) / 30) }
  }

  /// The true depth at time t in millimetres (0 where nothing is seen).
  static func trueDepth(at t: Double) throws -> [UInt16] {
    try SyntheticRoomRenderer.withScene { scene in
      let k = intrinsics
      var ck = vc_camera_intrinsics_t(
        fx: k.fx, fy: k.fy, cx: k.cx, cy: k.cy, width: Int32(k.width), height: Int32(k.height))
      var rgb = [UInt8](repeating: 0, count: k.width * k.height * 3)
      var depth = [UInt16](repeating: 0, count: k.width * k.height)
      XCTAssertEqual(
        vc_synthetic_scene_render(
          scene, pose(at: t).columnMajor, &ck, &rgb, Int32(k.width * 3), &depth,
          Int32(k.width * 2), 1000), VC_STATUS_OK)
      return depth
    }
  }

  static var configuration: WorldTrackingConfiguration {
    var configuration = WorldTrackingConfiguration()
    // World up in the first camera's axes, as a data set with gravity gives it.
    let up = pose(at: 0).rigidInverse.apply(SIMD4(0, 1, 0, 0))
    configuration.initialUpDirection = SIMD3(up.x, up.y, up.z)
    return configuration
  }

  /// The height (room world y) of the scene's plane called `name`.
  static func planeHeight(_ name: String) throws -> Float {
    try SyntheticRoomRenderer.withScene { scene in
      var count: Int32 = 0
      XCTAssertEqual(vc_synthetic_scene_get_planes(scene, nil, 0, &count), VC_STATUS_OK)
      var planes = [vc_synthetic_plane_t](repeating: vc_synthetic_plane_t(), count: Int(count))
      XCTAssertEqual(vc_synthetic_scene_get_planes(scene, &planes, count, &count), VC_STATUS_OK)
      let plane = try XCTUnwrap(planes.first { String(cString: $0.name) == name }, name)
      return plane.center.1
    }
  }

  /// The height of a room plane in the session's world, whose origin is the
  /// first camera and whose +Y is the room's up.
  static func sessionHeight(_ name: String) throws -> Float {
    try planeHeight(name) - pose(at: 0).translation.y
  }

  /// Metres from the camera centre to the surface seen at a normalised image
  /// point, from the true depth (nil where there is none).
  static func trueDistance(at point: SIMD2<Float>, depth: [UInt16]) -> Float? {
    let k = intrinsics
    let u = Int((Double(point.x) * Double(k.width) - 0.5).rounded())
    let v = Int((Double(point.y) * Double(k.height) - 0.5).rounded())
    guard (0..<k.width).contains(u), (0..<k.height).contains(v), depth[v * k.width + u] > 0 else {
      return nil
    }
    let z = Double(depth[v * k.width + u]) / 1000
    let x = (Double(u) - k.cx) / k.fx
    let y = (Double(v) - k.cy) / k.fy
    return Float(z * (1 + x * x + y * y).squareRoot())
  }
}

extension RoomWalk {
  /// The room-world point seen at a normalised image point at time t, from
  /// the true depth (nil where nothing is seen).
  static func trueRoomPoint(at point: SIMD2<Float>, time t: Double, depth: [UInt16])
    -> SIMD3<Float>?
  {
    guard let distance = trueDistance(at: point, depth: depth) else { return nil }
    let camera = Camera(intrinsics: intrinsics, transform: pose(at: t))
    guard let direction = camera.worldDirection(throughScreenPoint: point) else { return nil }
    return camera.transform.translation + distance * direction
  }

  /// Image points at pixel centres where the true surface at time t is the
  /// room plane `name` (within 5 mm of its height), nearest to `near` first.
  static func screenPoints(on name: String, time t: Double, near: SIMD2<Float>) throws
    -> [SIMD2<Float>]
  {
    let height = try planeHeight(name)
    let depth = try trueDepth(at: t)
    var found: [SIMD2<Float>] = []
    for v in stride(from: 10, to: intrinsics.height - 10, by: 10) {
      for u in stride(from: 10, to: intrinsics.width - 10, by: 10) {
        let point = SIMD2(
          (Float(u) + 0.5) / Float(intrinsics.width), (Float(v) + 0.5) / Float(intrinsics.height))
        // The whole neighbourhood on the plane: not on an edge.
        let onPlane = [
          SIMD2<Float>(0, 0), SIMD2(0.03, 0), SIMD2(-0.03, 0), SIMD2(0, 0.03), SIMD2(0, -0.03),
        ]
        .allSatisfy { offset in
          trueRoomPoint(at: point + offset, time: t, depth: depth).map {
            abs($0.y - height) < 0.005
          }
            ?? false
        }
        if onPlane { found.append(point) }
      }
    }
    return found.sorted { ($0 - near).squaredLength < ($1 - near).squaredLength }
  }
}

extension SIMD2<Float> {
  fileprivate var squaredLength: Float { (self * self).sum() }
}
