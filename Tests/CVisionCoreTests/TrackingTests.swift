import CVisionCore
import XCTest

/// The tracker through the C API, on frames the synthetic room renders with
/// exact ground truth: small images (160 x 120) keep debug builds quick.
final class TrackingTests: XCTestCase {
  // MARK: - Fixtures

  private typealias Vector = SyntheticRoom.Vector
  private typealias Scene = SyntheticRoom.Scene
  private typealias Session = SyntheticRoom.Session

  /// A slow walk around the table, like the synthetic handheld walk: t in seconds.
  private static func walkPose(_ t: Double) -> [Float] {
    let angle = 0.6 + 0.25 * t
    let eye = Vector(1.9 * sin(angle), 1.45 + 0.03 * sin(2.1 * t), 1.9 * cos(angle))
    return SyntheticRoom.lookAt(eye: eye, target: Vector(0.05 * sin(1.3 * t), 0.75, 0))
  }

  /// Frames of the walk at 30 Hz, rendered once for all tests.
  private static let walk: [SyntheticRoom.RenderedFrame] = {
    let scene = try! Scene()
    return (0..<45).map { scene.render(walkPose(Double($0) / 30)) }
  }()

  private static func matrix(_ result: vc_frame_result_t) -> [Float] {
    withUnsafeBytes(of: result.world_from_camera) { Array($0.bindMemory(to: Float.self)) }
  }

  /// Column-major 4x4 product.
  private static func multiply(_ a: [Float], _ b: [Float]) -> [Float] {
    var c = [Float](repeating: 0, count: 16)
    for column in 0..<4 {
      for row in 0..<4 {
        var sum: Float = 0
        for k in 0..<4 { sum += a[4 * k + row] * b[4 * column + k] }
        c[4 * column + row] = sum
      }
    }
    return c
  }

  /// Inverse of a rigid column-major transform.
  private static func rigidInverse(_ m: [Float]) -> [Float] {
    var r = [Float](repeating: 0, count: 16)
    for i in 0..<3 { for j in 0..<3 { r[4 * j + i] = m[4 * i + j] } }
    for i in 0..<3 {
      var sum: Float = 0
      for k in 0..<3 { sum += r[4 * k + i] * m[12 + k] }
      r[12 + i] = -sum
    }
    r[15] = 1
    return r
  }

  private static func translationDistance(_ a: [Float], _ b: [Float]) -> Float {
    var sum: Float = 0
    for i in 12..<15 {
      let d = a[i] - b[i]
      sum += d * d
    }
    return sum.squareRoot()
  }

  /// Angle in degrees between the rotations of two transforms.
  private static func rotationDistance(_ a: [Float], _ b: [Float]) -> Float {
    var trace: Float = 0
    for i in 0..<3 { for k in 0..<3 { trace += a[4 * i + k] * b[4 * i + k] } }
    return acos(min(max((trace - 1) / 2, -1), 1)) * 180 / .pi
  }

  private static func state(_ result: vc_frame_result_t) -> String {
    String(cString: vc_tracking_state_name(result.tracking_state)) + "/"
      + String(cString: vc_tracking_state_reason_name(result.tracking_state_reason))
  }

  // MARK: - Following the camera

  func testFollowsTheWalkAndIsNormalAfterInitialisation() throws {
    // Camera alignment: the world is the first camera's frame (by default,
    // without an accelerometer, up would be judged from the scene).
    let session = try Session { $0.tracking.world_alignment = VC_WORLD_ALIGNMENT_CAMERA }
    let frames = Self.walk
    let worldFromFirst = Self.rigidInverse(frames[0].pose)
    var states: [String] = []
    var worstPosition: Float = 0
    var worstAngle: Float = 0
    for (index, frame) in frames.enumerated() {
      let result = session.process(frame, index: index)
      states.append(Self.state(result))
      XCTAssertEqual(result.tracking_statistics.pose_measured, 1, "frame \(index)")
      let expected = Self.multiply(worldFromFirst, frame.pose)
      let estimate = Self.matrix(result)
      worstPosition = max(worstPosition, Self.translationDistance(estimate, expected))
      worstAngle = max(worstAngle, Self.rotationDistance(estimate, expected))
    }
    XCTAssertEqual(states.first, "VC_TRACKING_STATE_LIMITED/VC_TRACKING_STATE_REASON_INITIALIZING")
    let firstNormal = try XCTUnwrap(
      states.firstIndex(of: "VC_TRACKING_STATE_NORMAL/VC_TRACKING_STATE_REASON_NONE"))
    XCTAssertLessThanOrEqual(firstNormal, 6)
    XCTAssertEqual(
      Set(states[firstNormal...]), ["VC_TRACKING_STATE_NORMAL/VC_TRACKING_STATE_REASON_NONE"])
    // 0.45 m of walk at a quarter of the usual resolution, where a pixel is
    // 1.5 cm across at the table.
    XCTAssertLessThan(worstPosition, 0.025, "metres")
    XCTAssertLessThan(worstAngle, 1, "degrees")
  }

  func testSameFramesGiveBitIdenticalPoses() throws {
    func run() throws -> [[Float]] {
      let session = try Session()
      return Self.walk.prefix(30).enumerated().map { Self.matrix(session.process($1, index: $0)) }
    }
    let first = try run()
    let second = try run()
    XCTAssertEqual(first, second)
  }

  func testGravityFromTheAccelerometerMakesWorldYUp() throws {
    let session = try Session()
    let frame = Self.walk[0]
    // The accelerometer at rest measures +9.81 m/s^2 along world up, here
    // expressed in the camera's axes: row 1 of the camera's rotation.
    let pose = frame.pose
    let up = (pose[1], pose[5], pose[9])
    let samples = (0..<5).map { k in
      vc_imu_sample_t(
        timestamp_ns: -Int64(5 - k) * 5_000_000,
        acceleration: (9.81 * up.0, 9.81 * up.1, 9.81 * up.2), rotation_rate: (0, 0, 0))
    }
    let result = session.process(frame.rgb, depth: frame.depth, index: 0, imu: samples)
    let m = Self.matrix(result)
    // World up in camera axes (row 1 of the rotation) is the room's.
    XCTAssertEqual(m[1], pose[1], accuracy: 1e-4)
    XCTAssertEqual(m[5], pose[5], accuracy: 1e-4)
    XCTAssertEqual(m[9], pose[9], accuracy: 1e-4)
    // The view direction made horizontal is world -Z: the camera's back axis
    // (column 2) has no world x and a positive world z.
    XCTAssertEqual(m[8], 0, accuracy: 1e-5)
    XCTAssertGreaterThan(m[10], 0)
    // The origin is the first camera.
    XCTAssertEqual(Array(m[12...14]), [0, 0, 0])
  }

  // MARK: - Bad input

  func testAllBlackFramesAreInsufficientLightAndHoldThePose() throws {
    let session = try Session()
    let black = [UInt8](repeating: 0, count: Int(SyntheticRoom.width * SyntheticRoom.height) * 3)
    var first = session.process(black, depth: Self.walk[0].depth, index: 0)
    XCTAssertEqual(
      Self.state(first), "VC_TRACKING_STATE_LIMITED/VC_TRACKING_STATE_REASON_INSUFFICIENT_LIGHT")
    XCTAssertEqual(first.tracking_statistics.pose_measured, 0)

    // Tracking, then the lights go out: the pose is held exactly.
    for index in 1..<12 { first = session.process(Self.walk[index], index: index) }
    XCTAssertEqual(Self.state(first), "VC_TRACKING_STATE_NORMAL/VC_TRACKING_STATE_REASON_NONE")
    let held = Self.matrix(first)
    for index in 12..<16 {
      let dark = session.process(black, depth: nil, index: index)
      XCTAssertEqual(
        Self.state(dark), "VC_TRACKING_STATE_LIMITED/VC_TRACKING_STATE_REASON_INSUFFICIENT_LIGHT")
      XCTAssertEqual(Self.matrix(dark), held)
      XCTAssertEqual(dark.tracking_statistics.pose_measured, 0)
    }
    // The light returns while the camera has barely moved: the old map is
    // found again.
    let back = session.process(Self.walk[16], index: 16)
    XCTAssertEqual(back.tracking_statistics.pose_measured, 1)
    XCTAssertEqual(back.tracking_statistics.relocalized, 1)
    let expected = Self.multiply(Self.rigidInverse(Self.walk[0].pose), Self.walk[16].pose)
    XCTAssertLessThan(Self.translationDistance(Self.matrix(back), expected), 0.025)
  }

  func testFramesWithoutDepthKeepTrackingWithoutAJump() throws {
    let session = try Session()
    var last = vc_frame_result_t()
    for index in 0..<10 { last = session.process(Self.walk[index], index: index) }
    let worldFromFirst = Self.rigidInverse(Self.walk[0].pose)
    for index in 10..<25 {
      let result = session.process(Self.walk[index], index: index, withDepth: false)
      XCTAssertEqual(result.tracking_statistics.pose_measured, 1, "frame \(index)")
      // Keyframes may come (points triangulated instead of lifted), and the
      // map's unit stays the metres depth gave it.
      XCTAssertEqual(result.tracking_statistics.is_scale_known, 1, "frame \(index)")
      let step = Self.translationDistance(Self.matrix(result), Self.matrix(last))
      XCTAssertLessThan(step, 0.03, "frame \(index) jumped \(step) m")
      let expected = Self.multiply(worldFromFirst, Self.walk[index].pose)
      XCTAssertLessThan(Self.translationDistance(Self.matrix(result), expected), 0.025)
      last = result
    }
  }

  func testASequenceOfOneFrameInitialisesAndAFirstFrameWithoutDepthWaits() throws {
    let one = try Session()
    let result = one.process(Self.walk[0], index: 0)
    XCTAssertEqual(
      Self.state(result), "VC_TRACKING_STATE_LIMITED/VC_TRACKING_STATE_REASON_INITIALIZING")
    XCTAssertEqual(Self.matrix(result), [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])
    XCTAssertGreaterThan(result.tracking_statistics.map_points, 40)
    XCTAssertEqual(result.tracking_statistics.keyframes, 1)

    let noDepth = try Session()
    for index in 0..<3 {
      let waiting = noDepth.process(Self.walk[index], index: index, withDepth: false)
      XCTAssertEqual(
        Self.state(waiting), "VC_TRACKING_STATE_LIMITED/VC_TRACKING_STATE_REASON_INITIALIZING")
      XCTAssertEqual(waiting.tracking_statistics.map_points, 0)
    }
    // The first frame with depth starts the map at the held (first) pose.
    let started = noDepth.process(Self.walk[3], index: 3)
    XCTAssertEqual(started.tracking_statistics.pose_measured, 1)
    XCTAssertEqual(Self.matrix(started), [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])
  }

  /// Without relocalization (the behaviour it replaces by default): a lost
  /// camera starts a new map at the held pose.
  func testLostTrackingWithoutRelocalizationHoldsThePoseThenStartsANewMapWhereItWas() throws {
    let session = try Session {
      $0.tracking.reanchor_delay_seconds = 0.1
      $0.relocalization.enabled = 0
    }
    var last = vc_frame_result_t()
    for index in 0..<10 { last = session.process(Self.walk[index], index: index) }
    let held = Self.matrix(last)
    // The camera is suddenly somewhere else entirely (a cut in the stream).
    let scene = try Scene()
    let elsewhere = (0..<10).map { k in
      // The table from the other side.
      scene.render(
        SyntheticRoom.lookAt(
          eye: Vector(-1.5, 1.3 + 0.005 * Double(k), -1.3), target: Vector(0, 0.75, 0)))
    }
    var states: [String] = []
    var measured: [Int32] = []
    for (k, frame) in elsewhere.enumerated() {
      let result = session.process(frame, index: 10 + k)
      states.append(Self.state(result))
      measured.append(result.tracking_statistics.pose_measured)
      if result.tracking_statistics.pose_measured == 0 {
        XCTAssertEqual(Self.matrix(result), held, "a lost frame holds the last good pose")
      } else {
        // The new map starts at the held pose: the pose continues smoothly.
        XCTAssertLessThan(Self.translationDistance(Self.matrix(result), held), 0.02)
      }
    }
    XCTAssertEqual(states[0], "VC_TRACKING_STATE_LIMITED/VC_TRACKING_STATE_REASON_RELOCALIZING")
    XCTAssertEqual(measured[0], 0)
    // After the delay (0.1 s = 3 frames) a new map at the held pose (not a
    // measurement), then measured poses; the state says initialising once
    // the change has held two frames, then normal.
    let restart = try XCTUnwrap(
      states.firstIndex(of: "VC_TRACKING_STATE_LIMITED/VC_TRACKING_STATE_REASON_INITIALIZING"))
    XCTAssertLessThanOrEqual(restart, 5)
    let firstMeasured = try XCTUnwrap(measured.firstIndex(of: 1))
    XCTAssertEqual(measured[firstMeasured - 1], 0, "the new map's first frame is not a measurement")
    XCTAssertLessThanOrEqual(firstMeasured, restart)
    XCTAssertEqual(Set(measured[firstMeasured...]), [1])
    XCTAssertEqual(states.last, "VC_TRACKING_STATE_NORMAL/VC_TRACKING_STATE_REASON_NONE")
  }

  /// With relocalization (the default), frames that stop for a second (an
  /// interruption: nothing is followed across it) and resume elsewhere never
  /// start a new map at the held pose: the camera is relocalizing, its pose
  /// held, until a frame is found in the keyframe map, and then it is where
  /// it really is in the old world.
  func testLostTrackingWithRelocalizationStaysInTheOldWorld() throws {
    let session = try Session { $0.tracking.reanchor_delay_seconds = 0.1 }
    var last = vc_frame_result_t()
    for index in 0..<30 { last = session.process(Self.walk[index], index: index) }
    let held = Self.matrix(last)
    let worldFromFirst = Self.rigidInverse(Self.walk[0].pose)
    let scene = try Scene()
    var relocalizations = 0
    for k in 0..<10 {
      // A second later, back where the walk began: a mapped place.
      let pose = Self.walkPose(Double(k) / 30 + 0.1)
      let result = session.process(scene.render(pose), index: 60 + k)
      if result.tracking_statistics.pose_measured == 0 {
        XCTAssertEqual(Self.matrix(result), held, "frame \(k): a lost frame holds its pose")
        XCTAssertEqual(
          Self.state(result), "VC_TRACKING_STATE_LIMITED/VC_TRACKING_STATE_REASON_RELOCALIZING")
        continue
      }
      relocalizations += Int(result.tracking_statistics.relocalized)
      let truth = Self.multiply(worldFromFirst, pose)
      XCTAssertLessThan(
        Self.translationDistance(Self.matrix(result), truth), 0.03,
        "frame \(k): metres from the truth in the old world")
    }
    XCTAssertEqual(relocalizations, 1, "found once, then tracked")
  }

  // MARK: - Options and names

  func testTrackingOptionsAreValidated() throws {
    func creationMessage(_ configure: (inout vc_session_options_t) -> Void) -> String? {
      guard let failure = Session.failedCreation(configure) else { return nil }
      XCTAssertEqual(failure.status, VC_STATUS_INVALID_ARGUMENT)
      XCTAssertNil(failure.handle)
      return failure.message
    }
    XCTAssertNil(creationMessage { _ in })
    XCTAssertEqual(
      creationMessage { $0.tracking.max_features = 3 },
      "tracking.max_features must be 8...4096, got 3")
    XCTAssertEqual(
      creationMessage { $0.tracking.optical_flow_window_size = 16 },
      "tracking.optical_flow_window_size must be odd and 5...63, got 16")
    XCTAssertNotNil(creationMessage { $0.tracking.max_depth = .nan })
    XCTAssertNotNil(creationMessage { $0.tracking.min_inliers_normal = 5 })
    XCTAssertNotNil(creationMessage { $0.tracking.first_camera_up = (.infinity, 0, 0) })
    XCTAssertEqual(
      creationMessage { $0.tracking.world_alignment = vc_world_alignment_t(rawValue: 9) },
      "tracking.world_alignment must be 0...1, got 9")
  }

  func testStateNamesAreDistinctAndUnknownValuesAreNamedSo() {
    let states = (0..<Int32(VC_TRACKING_STATE_COUNT)).map {
      String(cString: vc_tracking_state_name(vc_tracking_state_t(UInt32($0))))
    }
    let reasons = (0..<Int32(VC_TRACKING_STATE_REASON_COUNT)).map {
      String(cString: vc_tracking_state_reason_name(vc_tracking_state_reason_t(UInt32($0))))
    }
    XCTAssertEqual(Set(states).count, states.count)
    XCTAssertEqual(Set(reasons).count, reasons.count)
    XCTAssertFalse(states.contains("VC_TRACKING_STATE_UNKNOWN"))
    XCTAssertEqual(
      String(cString: vc_tracking_state_name(vc_tracking_state_t(UInt32(VC_TRACKING_STATE_COUNT)))),
      "VC_TRACKING_STATE_UNKNOWN")
    XCTAssertEqual(
      String(cString: vc_tracking_state_reason_name(vc_tracking_state_reason_t(99))),
      "VC_TRACKING_STATE_REASON_UNKNOWN")
  }
}
