import ARScene
import CVisionCore
import XCTest

/// The tracker as a ``Session`` user sees it, on 160 x 120 renders of the
/// synthetic room with exact ground truth.
final class TrackingSessionTests: XCTestCase {
  private static let intrinsics = CameraIntrinsics(
    fx: 131.25, fy: 131.25, cx: 79.5, cy: 59.5, width: 160, height: 120)

  /// worldFromCamera (ARKit axes) of a slow walk around the table at time t.
  private static func pose(at t: Double) -> Transform {
    SyntheticRoomRenderer.walkPose(at: t, target: SIMD3(0, 0.75, 0))
  }

  private static func render(_ worldFromCamera: Transform) throws -> (PixelBuffer, DepthData) {
    try SyntheticRoomRenderer.render(worldFromCamera, intrinsics: intrinsics)
  }

  private static let frames: [CapturedFrame] = (0..<20).map { index in
    let t = Double(index) / 30
    let (color, depth) = try! render(pose(at: t))
    return CapturedFrame(timestamp: t, intrinsics: intrinsics, capturedImage: color, depth: depth)
  }

  func testCameraTransformFollowsTheWalk() throws {
    // Camera alignment: the world is the first camera's frame, whatever the
    // scene says of up (see testWithoutAnAccelerometerUpIsJudgedFromTheScene).
    var configuration = WorldTrackingConfiguration()
    configuration.worldAlignment = .camera
    let session = try Session(configuration: configuration)
    XCTAssertNil(session.currentFrame, "no frame yet: the camera's state is notAvailable")
    let firstFromWorld = Self.pose(at: 0).rigidInverse
    var states: [Camera.TrackingState] = []
    for (index, captured) in Self.frames.enumerated() {
      let frame = try session.process(captured).frame
      states.append(frame.camera.trackingState)
      XCTAssertEqual(session.currentFrame?.index, index)
      XCTAssertTrue(frame.trackingStatistics.isPoseMeasured)
      let expected = firstFromWorld * Self.pose(at: captured.timestamp)
      let error = frame.camera.transform.translation - expected.translation
      XCTAssertLessThan((error * error).sum().squareRoot(), 0.025, "frame \(index)")
      XCTAssertLessThan(frame.camera.transform.rotation.angle(to: expected.rotation), 0.02)
    }
    XCTAssertEqual(states.first, .limited(.initializing))
    XCTAssertEqual(states.last, .normal)
    XCTAssertEqual(
      Self.frames.count - (states.firstIndex(of: .normal) ?? 0),
      states.filter { $0 == .normal }.count)
    let timings = try XCTUnwrap(session.currentFrame?.timings.map(\.name))
    XCTAssertEqual(timings, ["ingest", "imageStatistics", "mapOptimization", "tracking"])
    XCTAssertGreaterThan(session.currentFrame?.trackingStatistics.inliers ?? 0, 40)
  }

  /// The default gravity alignment with depth and no accelerometer: up is
  /// undecided (initializing) until the floor and table show it, then world
  /// +Y is the truth's up, seen from the camera.
  func testWithoutAnAccelerometerUpIsJudgedFromTheScene() throws {
    let session = try Session()
    var sources: [Frame.WorldUp.Source] = []
    var last: Frame?
    for captured in Self.frames {
      let frame = try session.process(captured).frame
      if sources.last != frame.worldUp.source { sources.append(frame.worldUp.source) }
      if frame.worldUp.source == .undecided {
        XCTAssertEqual(frame.camera.trackingState, .limited(.initializing))
        XCTAssertFalse(frame.worldUp.isKnown)
      }
      last = frame
    }
    XCTAssertEqual(sources, [.undecided, .scene])
    let frame = try XCTUnwrap(last)
    XCTAssertGreaterThan(frame.worldUp.confidence, 0.5)
    XCTAssertTrue(frame.worldUp.isKnown)
    // World +Y in camera axes: the rotation's second row, engine and truth.
    let engine = frame.camera.transform.rotation.conjugate.rotate(SIMD3<Double>(0, 1, 0))
    let truth = Self.pose(at: frame.timestamp).rotation.conjugate.rotate(SIMD3<Double>(0, 1, 0))
    let degrees = acos(min(1, (engine * truth).sum())) * 180 / .pi
    XCTAssertLessThan(degrees, 2, "world up off by \(degrees) degrees")
  }

  func testDarkFramesAreInsufficientLightAndKeepThePose() throws {
    let session = try Session()
    var last: Frame?
    for captured in Self.frames.prefix(8) { last = try session.process(captured).frame }
    let held = try XCTUnwrap(last).camera.transform
    let black = try PixelBuffer(
      format: .rgb8, width: 160, height: 120, bytes: [UInt8](repeating: 0, count: 160 * 120 * 3))
    for index in 8..<11 {
      let dark = CapturedFrame(
        timestamp: Double(index) / 30, intrinsics: Self.intrinsics, capturedImage: black)
      let frame = try session.process(dark).frame
      XCTAssertEqual(frame.camera.trackingState, .limited(.insufficientLight))
      XCTAssertEqual(frame.camera.transform, held)
      XCTAssertFalse(frame.trackingStatistics.isPoseMeasured)
    }
  }

  func testGravityAlignmentAndCameraAlignment() throws {
    // A camera pitched down by 30 degrees: the accelerometer sees up tilted.
    let pitch = 30.0 * .pi / 180
    let up = SIMD3<Float>(0, Float(cos(pitch)), Float(sin(pitch))) * 9.81
    var captured = Self.frames[0]
    captured.imuSamples = [IMUSample(timestamp: -0.005, acceleration: up)]
    let gravity = try Session().process(captured).frame.camera.transform
    // The camera's back axis (column 2) tilts up out of the horizontal.
    XCTAssertEqual(gravity.columns.2.y, Float(sin(pitch)), accuracy: 1e-4)
    XCTAssertEqual(gravity.columns.2.x, 0, accuracy: 1e-5)

    var configuration = WorldTrackingConfiguration()
    configuration.worldAlignment = .camera
    XCTAssertEqual(
      try Session(configuration: configuration).process(captured).frame.camera.transform, .identity)

    configuration.worldAlignment = .gravity
    configuration.initialUpDirection = SIMD3(0, 1, 0)
    XCTAssertEqual(
      try Session(configuration: configuration).process(captured).frame.camera.transform, .identity)
  }
}

extension TrackingSessionTests {
  /// Images too small to hold a feature, flat, or noise, in every format:
  /// tracking just stays limited.
  func testDegenerateImagesNeverFail() throws {
    var random = SeededGenerator(state: 42)
    for size in [1, 2, 5, 16, 40] {
      let session = try Session()
      let intrinsics = CameraIntrinsics(
        fx: Double(size), fy: Double(size), cx: Double(size) / 2, cy: Double(size) / 2, width: size,
        height: size)
      for index in 0..<6 {
        let noise = (0..<(size * size * 3)).map { _ in UInt8.random(in: 0...255, using: &random) }
        let flat = [UInt8](repeating: 200, count: size * size * 3)
        let color: PixelBuffer =
          index % 3 == 2
          ? try PixelBuffer(
            format: .gray8, width: size, height: size, bytes: Array(noise.prefix(size * size)))
          : try PixelBuffer(
            format: .bgr8, width: size, height: size, bytes: index % 2 == 0 ? noise : flat)
        let metres = (0..<(size * size)).map { _ in Float.random(in: 0.5...3, using: &random) }
        let depth = try PixelBuffer(
          format: .depthFloat32, width: size, height: size,
          bytes: metres.withUnsafeBytes { Array($0) })
        let frame = try session.process(
          CapturedFrame(
            timestamp: Double(index) / 30, intrinsics: intrinsics, capturedImage: color,
            depth: DepthData(depthMap: depth))
        ).frame
        XCTAssertNotEqual(frame.camera.trackingState, .normal, "size \(size) frame \(index)")
        XCTAssertNotEqual(frame.camera.trackingState, .notAvailable)
      }
    }
  }
}

/// A reproducible generator (SplitMix64) so the noise images are the same on every run.
private struct SeededGenerator: RandomNumberGenerator {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
