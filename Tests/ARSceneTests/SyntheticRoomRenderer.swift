import ARScene
import CVisionCore
import CVisionSynthetic
import XCTest

/// Frames of the synthetic room (exact depth) for the Session tests, which
/// differ only in camera size and path: a slow walk around the table.
enum SyntheticRoomRenderer {
  /// worldFromCamera (ARKit axes, the room's world) of a camera circling the
  /// table at 1.9 m, eye height 1.45 m, looking at `target`, at time t.
  static func walkPose(at t: Double, target: SIMD3<Double>) -> Transform {
    let angle = 0.6 + 0.25 * t
    let eye = SIMD3<Double>(1.9 * sin(angle), 1.45, 1.9 * cos(angle))
    var forward = target - eye
    forward /= (forward * forward).sum().squareRoot()
    var right = SIMD3(-forward.z, 0, forward.x)
    right /= (right * right).sum().squareRoot()
    let up = SIMD3(
      right.y * forward.z - right.z * forward.y, right.z * forward.x - right.x * forward.z,
      right.x * forward.y - right.y * forward.x)
    return Transform(
      SIMD4(SIMD3<Float>(right), 0), SIMD4(SIMD3<Float>(up), 0), SIMD4(SIMD3<Float>(-forward), 0),
      SIMD4(SIMD3<Float>(eye), 1))
  }

  /// Runs body with the room scene (seed 1), destroyed afterwards.
  static func withScene<R>(_ body: (OpaquePointer?) throws -> R) throws -> R {
    var scene: OpaquePointer?
    XCTAssertEqual(vc_synthetic_scene_create(VC_SYNTHETIC_SCENE_ROOM, 1, &scene), VC_STATUS_OK)
    defer { vc_synthetic_scene_destroy(scene) }
    return try body(scene)
  }

  /// Colour and depth (units of 1/5000 m) seen from worldFromCamera.
  static func render(
    _ worldFromCamera: Transform, intrinsics k: CameraIntrinsics
  ) throws -> (PixelBuffer, DepthData) {
    try withScene { scene in
      var ck = vc_camera_intrinsics_t(
        fx: k.fx, fy: k.fy, cx: k.cx, cy: k.cy, width: Int32(k.width), height: Int32(k.height))
      var rgb = [UInt8](repeating: 0, count: k.width * k.height * 3)
      var depth = [UInt16](repeating: 0, count: k.width * k.height)
      let status = vc_synthetic_scene_render(
        scene, worldFromCamera.columnMajor, &ck, &rgb, Int32(k.width * 3), &depth,
        Int32(k.width * 2), 5000)
      XCTAssertEqual(status, VC_STATUS_OK)
      let color = try PixelBuffer(format: .rgb8, width: k.width, height: k.height, bytes: rgb)
      let depthMap = try PixelBuffer(
        format: .depthUInt16, width: k.width, height: k.height,
        bytes: depth.withUnsafeBytes { Array($0) })
      return (color, DepthData(depthMap: depthMap, unitsPerMeter: 5000))
    }
  }
}
