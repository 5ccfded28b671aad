import CVisionCore
import XCTest

/// vc_depth_register checks every argument before touching a pixel, answers
/// each bad one with a status and a message naming it, and writes every
/// output pixel when it succeeds.
final class DepthRegistrationBoundaryTests: XCTestCase {
  private let width: Int32 = 8
  private let height: Int32 = 6
  private var depth = [UInt16](repeating: 1500, count: 48)
  private var out = [UInt16](repeating: 0xBEEF, count: 48)
  private var identity: [Float] = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]

  private var message: String { String(cString: vc_last_error_message()) }

  private var camera: vc_camera_intrinsics_t {
    vc_camera_intrinsics_t(fx: 10, fy: 10, cx: 3.5, cy: 2.5, width: width, height: height)
  }

  /// Calls vc_depth_register with valid arguments except those given.
  private func register(
    format: vc_pixel_format_t = VC_PIXEL_FORMAT_DEPTH_U16, unitsPerMeter: Float = 1000,
    depthCamera: vc_camera_intrinsics_t? = nil, colorCamera: vc_camera_intrinsics_t? = nil,
    transform: [Float]? = nil, stride: Int32 = 16, outUnits: Float = 1000,
    nullDepth: Bool = false, nullOut: Bool = false, nullTransform: Bool = false
  ) -> vc_status_t {
    var depthK = depthCamera ?? camera
    var colorK = colorCamera ?? camera
    let matrix = transform ?? identity
    return depth.withUnsafeBytes { pixels in
      var view = vc_depth_view_t(
        image: vc_image_view_t(
          data: pixels.baseAddress, width: width, height: height, stride_bytes: 16, format: format),
        units_per_metre: unitsPerMeter)
      return withUnsafePointer(to: &view) { viewPointer in
        matrix.withUnsafeBufferPointer { m in
          out.withUnsafeMutableBufferPointer { o in
            vc_depth_register(
              nullDepth ? nil : viewPointer, &depthK, nullTransform ? nil : m.baseAddress, &colorK,
              nullOut ? nil : o.baseAddress, stride, outUnits)
          }
        }
      }
    }
  }

  func testValidCallWritesEveryPixel() {
    depth[0] = 0
    XCTAssertEqual(register(), VC_STATUS_OK, message)
    XCTAssertEqual(message, "")
    XCTAssertEqual(out[0], 0, "no depth stays no depth")
    XCTAssertEqual(Array(out[1...]), Array(repeating: 1500, count: 47))
  }

  func testMissingPointersAreInvalidArguments() {
    XCTAssertEqual(register(nullDepth: true), VC_STATUS_INVALID_ARGUMENT)
    XCTAssertTrue(message.contains("depth is NULL"), message)
    XCTAssertEqual(register(nullTransform: true), VC_STATUS_INVALID_ARGUMENT)
    XCTAssertTrue(message.contains("color_from_depth is NULL"), message)
    XCTAssertEqual(register(nullOut: true), VC_STATUS_INVALID_ARGUMENT)
    XCTAssertTrue(message.contains("out_depth is NULL"), message)
    XCTAssertEqual(out, Array(repeating: 0xBEEF, count: 48), "a failed call writes nothing")
  }

  func testBadIntrinsicsAreNamed() {
    var k = camera
    k.fx = .nan
    XCTAssertEqual(register(depthCamera: k), VC_STATUS_INVALID_ARGUMENT)
    XCTAssertTrue(message.contains("depth camera intrinsics contain NaN or infinity"), message)
    k = camera
    k.cy = .infinity
    XCTAssertEqual(register(colorCamera: k), VC_STATUS_INVALID_ARGUMENT)
    XCTAssertTrue(message.contains("color camera intrinsics contain NaN or infinity"), message)
    k = camera
    k.height = 0
    XCTAssertEqual(register(colorCamera: k), VC_STATUS_INVALID_IMAGE)
    XCTAssertTrue(message.contains("color camera image size must be 1..16384"), message)
    k = camera
    k.width = 9
    XCTAssertEqual(register(depthCamera: k), VC_STATUS_INVALID_IMAGE)
    XCTAssertTrue(message.contains("depth image is 8x6 but depth_intrinsics are for 9x6"), message)
  }

  func testTransformMustBeFiniteAndRigid() {
    var nan = identity
    nan[13] = .nan
    XCTAssertEqual(register(transform: nan), VC_STATUS_INVALID_ARGUMENT)
    XCTAssertTrue(message.contains("non-finite element at index 13"), message)
    var scaled = identity
    scaled[0] = 2
    XCTAssertEqual(register(transform: scaled), VC_STATUS_INVALID_ARGUMENT)
    XCTAssertTrue(message.contains("must be rigid"), message)
    var mirrored = identity
    mirrored[0] = -1
    XCTAssertEqual(register(transform: mirrored), VC_STATUS_INVALID_ARGUMENT)
    var projective = identity
    projective[3] = 0.5
    XCTAssertEqual(register(transform: projective), VC_STATUS_INVALID_ARGUMENT)
    XCTAssertTrue(message.contains("bottom row"), message)
  }

  func testOutputAndDepthFormatAreChecked() {
    XCTAssertEqual(register(stride: 14), VC_STATUS_INVALID_ARGUMENT)
    XCTAssertTrue(message.contains("out_stride_bytes must be even and >= 16, got 14"), message)
    XCTAssertEqual(register(stride: 17), VC_STATUS_INVALID_ARGUMENT)
    XCTAssertEqual(register(outUnits: 0), VC_STATUS_INVALID_ARGUMENT)
    XCTAssertTrue(message.contains("out_units_per_metre"), message)
    XCTAssertEqual(register(outUnits: .nan), VC_STATUS_INVALID_ARGUMENT)
    XCTAssertEqual(register(unitsPerMeter: -1), VC_STATUS_INVALID_ARGUMENT)
    XCTAssertTrue(message.contains("depth units_per_metre"), message)
    XCTAssertEqual(register(format: VC_PIXEL_FORMAT_GRAY8), VC_STATUS_INVALID_IMAGE)
    XCTAssertTrue(message.contains("DEPTH_U16 or DEPTH_F32, got GRAY8"), message)
    XCTAssertEqual(register(format: vc_pixel_format_t(rawValue: 77)), VC_STATUS_INVALID_IMAGE)
    XCTAssertEqual(out, Array(repeating: 0xBEEF, count: 48))
  }
}
