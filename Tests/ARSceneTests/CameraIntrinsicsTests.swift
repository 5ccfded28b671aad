import ARScene
import XCTest

/// Intrinsics are checked by the core's one rule (`vc_camera_intrinsics_check`),
/// which every frame goes through: absurd values that once replayed to exit 0
/// (fx 1e308, cx 1e300) are named with the value and the bound.
final class CameraIntrinsicsTests: XCTestCase {
  private let kinect = CameraIntrinsics(
    fx: 525, fy: 525, cx: 319.5, cy: 239.5, width: 640, height: 480)

  func testAPlausibleCameraHasNoProblem() {
    XCTAssertNil(kinect.problem)
    // A 256x192 LiDAR depth camera, and a principal point on the image's edge.
    XCTAssertNil(
      CameraIntrinsics(fx: 211, fy: 211, cx: 127.5, cy: 95.5, width: 256, height: 192).problem)
    XCTAssertNil(
      CameraIntrinsics(fx: 525, fy: 525, cx: -0.5, cy: 479.5, width: 640, height: 480).problem)
  }

  func testAbsurdValuesAreNamedWithTheirBound() {
    let cases: [(CameraIntrinsics, String)] = [
      (with { $0.fx = 1e308 }, "focal lengths must be 6.4..64000 pixels for a 640x480 image"),
      (with { $0.fy = 0.5 }, "got fx=525 fy=0.5"),
      (with { $0.cx = 1e300 }, "principal point must lie inside the 640x480 image, got cx=1e+300"),
      (with { $0.cy = -3 }, "cy=-3"),
      (with { $0.fx = .nan }, "NaN or infinity"),
      (with { $0.fx = -1 }, "focal lengths must be > 0"),
      (with { $0.width = 20000 }, "image size must be 1..16384 on a side, got 20000x480"),
      (with { $0.height = 0 }, "image size must be > 0"),
    ]
    for (intrinsics, message) in cases {
      let problem = intrinsics.problem ?? "no problem"
      XCTAssertTrue(problem.contains(message), "\(intrinsics): '\(problem)' lacks '\(message)'")
    }
  }

  /// A session refuses such a frame with the same words.
  func testASessionRefusesTheSameFrames() throws {
    let session = try Session()
    let image = try PixelBuffer(
      format: .gray8, width: 640, height: 480, bytes: [UInt8](repeating: 128, count: 640 * 480))
    let frame = CapturedFrame(
      timestamp: 0, intrinsics: with { $0.cx = 1e300 }, capturedImage: image)
    XCTAssertThrowsError(try session.process(frame)) { error in
      XCTAssertTrue("\(error)".contains("principal point must lie inside"), "\(error)")
    }
  }

  private func with(_ change: (inout CameraIntrinsics) -> Void) -> CameraIntrinsics {
    var intrinsics = kinect
    change(&intrinsics)
    return intrinsics
  }
}
