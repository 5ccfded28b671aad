import CVisionCore
import CVisionSynthetic
import TestSupport
import XCTest

/// What the core's tests that render the synthetic room share: one small
/// camera, one depth scale, one way to place a camera, and thin wrappers over
/// the scene and session handles of the C API.
///
/// The tracking, plane-anchor and plane-segment tests each used to carry their
/// own copy of these; one copy keeps them rendering and feeding frames the
/// same way. What differs between the tests stays with them: each test's
/// camera motion (walkPose), the plane tests' larger camera, the plane
/// options a session starts with.
enum SyntheticRoom {
  // MARK: - Camera

  /// 160 x 120, a quarter of the usual resolution: small, so debug builds
  /// stay quick.
  static let width: Int32 = 160
  static let height: Int32 = 120
  static let intrinsics = vc_camera_intrinsics_t(
    fx: 131.25, fy: 131.25, cx: 79.5, cy: 59.5, width: width, height: height)
  /// Depth in units of 0.2 mm (5000 per metre).
  static let depthUnits: Float = 5000

  /// One rendered view of the room with the pose it was rendered at.
  struct RenderedFrame {
    var rgb: [UInt8]
    var depth: [UInt16]
    /// world_from_camera, ARKit axes, column-major.
    var pose: [Float]
  }

  // MARK: - Poses (ARKit camera axes: +X right, +Y up, looking down -Z)

  typealias Vector = SIMD3<Double>

  /// world_from_camera (ARKit axes, column-major) of a camera at eye looking
  /// at target, image up as close to world up as the view allows.
  static func lookAt(eye: Vector, target: Vector) -> [Float] {
    CameraPose.lookAt(eye: eye, target: target)
  }

  // MARK: - Depth

  /// Calls body with a view of depth (DEPTH_U16, rows packed) that is valid
  /// only inside body.
  static func withDepthView<Result>(
    _ depth: [UInt16], width: Int32 = width, height: Int32 = height,
    unitsPerMeter: Float = depthUnits, _ body: (inout vc_depth_view_t) -> Result
  ) -> Result {
    depth.withUnsafeBytes { bytes in
      var view = vc_depth_view_t(
        image: vc_image_view_t(
          data: bytes.baseAddress, width: width, height: height, stride_bytes: width * 2,
          format: VC_PIXEL_FORMAT_DEPTH_U16),
        units_per_metre: unitsPerMeter)
      return body(&view)
    }
  }

  // MARK: - Reading lists

  /// Reads a list with the C API's count protocol: one call with no buffer
  /// for the count, then one with room for exactly that many.
  static func readAll<Element>(
    _ empty: Element,
    _ read: (UnsafeMutablePointer<Element>?, Int32, UnsafeMutablePointer<Int32>) -> vc_status_t
  ) -> [Element] {
    var count: Int32 = 0
    XCTAssertEqual(read(nil, 0, &count), VC_STATUS_OK)
    var out = [Element](repeating: empty, count: Int(count))
    XCTAssertEqual(read(&out, count, &count), VC_STATUS_OK)
    return out
  }

  // MARK: - Handles

  /// The synthetic room (seed 1), destroyed with the object.
  final class Scene {
    let handle: OpaquePointer
    init() throws {
      var scene: OpaquePointer?
      let status = vc_synthetic_scene_create(VC_SYNTHETIC_SCENE_ROOM, 1, &scene)
      XCTAssertEqual(status, VC_STATUS_OK, String(cString: vc_synthetic_last_error_message()))
      handle = try XCTUnwrap(scene)
    }
    deinit { vc_synthetic_scene_destroy(handle) }

    /// Colour and exact depth (in SyntheticRoom.depthUnits) seen from pose.
    func render(_ pose: [Float], intrinsics: vc_camera_intrinsics_t = SyntheticRoom.intrinsics)
      -> RenderedFrame
    {
      var k = intrinsics
      let count = Int(k.width * k.height)
      var rgb = [UInt8](repeating: 0, count: count * 3)
      var depth = [UInt16](repeating: 0, count: count)
      let status = vc_synthetic_scene_render(
        handle, pose, &k, &rgb, k.width * 3, &depth, k.width * 2, SyntheticRoom.depthUnits)
      XCTAssertEqual(status, VC_STATUS_OK, String(cString: vc_synthetic_last_error_message()))
      return RenderedFrame(rgb: rgb, depth: depth, pose: pose)
    }
  }

  /// A session created with the default options as configure leaves them,
  /// fed 160 x 120 frames of a 30 Hz stream; destroyed with the object.
  final class Session {
    let handle: OpaquePointer
    init(_ configure: (inout vc_session_options_t) -> Void = { _ in }) throws {
      var options = vc_session_options_t()
      vc_session_options_init(&options)
      configure(&options)
      var session: OpaquePointer?
      let status = vc_session_create(&options, &session)
      XCTAssertEqual(status, VC_STATUS_OK, String(cString: vc_last_error_message()))
      handle = try XCTUnwrap(session)
    }
    deinit { vc_session_destroy(handle) }

    /// Processes rgb (+ depth unless nil) at frame index i of a 30 Hz stream.
    @discardableResult
    func process(
      _ rgb: [UInt8], depth: [UInt16]?, index: Int, imu: [vc_imu_sample_t] = []
    ) -> vc_frame_result_t {
      var result = vc_frame_result_t()
      let timestamp = Int64(index) * 33_333_333
      rgb.withUnsafeBytes { pixels in
        let color = vc_image_view_t(
          data: pixels.baseAddress, width: SyntheticRoom.width, height: SyntheticRoom.height,
          stride_bytes: SyntheticRoom.width * 3, format: VC_PIXEL_FORMAT_RGB8)
        imu.withUnsafeBufferPointer { samples in
          var input = vc_frame_input_t(
            timestamp_ns: timestamp, intrinsics: SyntheticRoom.intrinsics, color: color, depth: nil,
            imu_samples: samples.baseAddress, imu_sample_count: Int32(samples.count))
          let status: vc_status_t
          if let depth {
            status = SyntheticRoom.withDepthView(depth) { view in
              withUnsafePointer(to: &view) { pointer in
                input.depth = pointer
                return vc_session_process_frame(handle, &input, &result)
              }
            }
          } else {
            status = vc_session_process_frame(handle, &input, &result)
          }
          XCTAssertEqual(
            status, VC_STATUS_OK, String(cString: vc_session_last_error_message(handle)))
        }
      }
      return result
    }

    /// Creates a session with the default options as configure leaves them
    /// and destroys it at once: nil if creation succeeded, else its status,
    /// the handle it gave back (already destroyed: compare it with nil only)
    /// and the last error message, read before the destroy.
    static func failedCreation(_ configure: (inout vc_session_options_t) -> Void)
      -> (status: vc_status_t, handle: OpaquePointer?, message: String)?
    {
      var options = vc_session_options_t()
      vc_session_options_init(&options)
      configure(&options)
      var session: OpaquePointer?
      let status = vc_session_create(&options, &session)
      defer { vc_session_destroy(session) }
      guard status != VC_STATUS_OK else { return nil }
      return (status, session, String(cString: vc_last_error_message()))
    }

    @discardableResult
    func process(_ frame: RenderedFrame, index: Int, withDepth: Bool = true) -> vc_frame_result_t {
      process(frame.rgb, depth: withDepth ? frame.depth : nil, index: index)
    }
  }
}
