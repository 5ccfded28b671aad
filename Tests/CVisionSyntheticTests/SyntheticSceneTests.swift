import CVisionSynthetic
import TestSupport
import XCTest

/// The synthetic room through the C API: determinism, exact depth against
/// geometry worked out by hand, texture rich enough to track, and argument
/// validation.
final class SyntheticSceneTests: XCTestCase {
  // MARK: - Fixtures

  /// 640 x 480 with the principal point on pixel (320, 240), so that pixel's
  /// ray is the optical axis.
  private let intrinsics = vc_camera_intrinsics_t(
    fx: 525, fy: 525, cx: 320, cy: 240, width: 640, height: 480)

  private struct Rendering {
    var rgb: [UInt8]
    var depth: [UInt16]

    func depth(u: Int, v: Int) -> UInt16 { depth[v * 640 + u] }
  }

  private func makeScene(seed: UInt64) throws -> OpaquePointer {
    var scene: OpaquePointer?
    let status = vc_synthetic_scene_create(VC_SYNTHETIC_SCENE_ROOM, seed, &scene)
    XCTAssertEqual(status, VC_STATUS_OK, String(cString: vc_synthetic_last_error_message()))
    return try XCTUnwrap(scene)
  }

  private func render(
    _ scene: OpaquePointer, _ worldFromCamera: [Float],
    file: StaticString = #filePath, line: UInt = #line
  ) -> Rendering {
    var intrinsics = self.intrinsics
    let width = Int(intrinsics.width)
    let height = Int(intrinsics.height)
    var rgb = [UInt8](repeating: 0, count: width * height * 3)
    var depth = [UInt16](repeating: 0, count: width * height)
    let status = vc_synthetic_scene_render(
      scene, worldFromCamera, &intrinsics, &rgb, Int32(width * 3), &depth,
      Int32(width * 2), 1000)
    XCTAssertEqual(
      status, VC_STATUS_OK, String(cString: vc_synthetic_last_error_message()), file: file,
      line: line)
    return Rendering(rgb: rgb, depth: depth)
  }

  // MARK: - Poses (ARKit camera axes: +X right, +Y up, looking down -Z)

  /// Looking straight down from (-1.5, h, 1.2), image up towards world -Z: a
  /// patch of bare floor, clear of the furniture and the rug.
  private static func lookingDown(height: Double) -> [Float] {
    pose(right: (1, 0, 0), up: (0, 0, -1), back: (0, 1, 0), position: (-1.5, height, 1.2))
  }

  private static let overview = lookAt(eye: (-2.2, 1.6, 2.0), target: (0.8, 0.6, -0.8))

  // MARK: - Determinism

  func testSameSeedRendersByteIdenticalImages() throws {
    let first = try makeScene(seed: 7)
    defer { vc_synthetic_scene_destroy(first) }
    let second = try makeScene(seed: 7)
    defer { vc_synthetic_scene_destroy(second) }

    let a = render(first, Self.overview)
    let b = render(second, Self.overview)
    let again = render(first, Self.overview)
    XCTAssertEqual(a.rgb, b.rgb)
    XCTAssertEqual(a.depth, b.depth)
    XCTAssertEqual(a.rgb, again.rgb)
    XCTAssertEqual(a.depth, again.depth)
  }

  func testDifferentSeedChangesTextureButNotDepth() throws {
    let first = try makeScene(seed: 1)
    defer { vc_synthetic_scene_destroy(first) }
    let second = try makeScene(seed: 2)
    defer { vc_synthetic_scene_destroy(second) }

    let a = render(first, Self.overview)
    let b = render(second, Self.overview)
    XCTAssertEqual(a.depth, b.depth)
    let differing = zip(a.rgb, b.rgb).filter { $0 != $1 }.count
    XCTAssertGreaterThan(differing, a.rgb.count / 4)
  }

  // MARK: - Exact depth

  func testLookingStraightDownSeesFloorAtCameraHeight() throws {
    let scene = try makeScene(seed: 3)
    defer { vc_synthetic_scene_destroy(scene) }

    let image = render(scene, Self.lookingDown(height: 1.6))
    // The floor is fronto-parallel, so depth along the optical axis is the
    // height everywhere, not just at the centre.
    for (u, v) in [(320, 240), (0, 0), (639, 0), (0, 479), (639, 479), (100, 400), (500, 77)] {
      XCTAssertEqual(
        Double(image.depth(u: u, v: v)), 1600, accuracy: 1, "pixel (\(u), \(v))")
    }
  }

  func testTiltedCameraDepthMatchesRayFloorIntersection() throws {
    let scene = try makeScene(seed: 4)
    defer { vc_synthetic_scene_destroy(scene) }

    // 45 degrees down towards -Z from 1.5 m; the lower half of the image
    // between u = 160 and 480 sees only bare floor.
    let eye = SIMD3<Double>(-1.8, 1.5, 1.5)
    let target = SIMD3<Double>(-1.8, 0, 0)
    let pose = CameraPose.lookAt(eye: eye, target: target)
    // The camera's axes in world coordinates, columns of its pose.
    let right = SIMD3<Double>(Double(pose[0]), Double(pose[1]), Double(pose[2]))
    let up = SIMD3<Double>(Double(pose[4]), Double(pose[5]), Double(pose[6]))
    let forward = -SIMD3<Double>(Double(pose[8]), Double(pose[9]), Double(pose[10]))
    let image = render(scene, pose)

    for v in [240, 300, 360, 420, 479] {
      for u in [160, 240, 320, 400, 480] {
        // OpenCV ray (x, y, 1) is (x, -y, -1) in ARKit camera axes.
        let x = (Double(u) - intrinsics.cx) / intrinsics.fx
        let y = (Double(v) - intrinsics.cy) / intrinsics.fy
        let directionY = right.y * x - up.y * y + forward.y
        // The ray's camera z is 1, so its parameter at the floor is the depth.
        let expected = eye.y / -directionY * 1000
        XCTAssertEqual(
          Double(image.depth(u: u, v: v)), expected, accuracy: 1, "pixel (\(u), \(v))")
      }
    }
    // v points down the image: lower rows see nearer floor.
    XCTAssertLessThan(image.depth(u: 320, v: 479), image.depth(u: 320, v: 240))
    XCTAssertEqual(Double(image.depth(u: 320, v: 240)), 1500 * 2.0.squareRoot(), accuracy: 1)
  }

  func testHorizontalCameraSeesWallAtKnownDistance() throws {
    let scene = try makeScene(seed: 5)
    defer { vc_synthetic_scene_destroy(scene) }

    // Facing the x = -3 wall, which is fronto-parallel: the whole middle of
    // the image is at the wall's distance.
    for (cameraX, expected) in [(0.0, 3000.0), (-1.0, 2000.0), (-2.5, 500.0)] {
      let pose = pose(
        right: (0, 0, -1), up: (0, 1, 0), back: (1, 0, 0), position: (cameraX, 1.3, 0.5))
      let image = render(scene, pose)
      for (u, v) in [(320, 240), (300, 200), (400, 260), (320, 230)] {
        XCTAssertEqual(
          Double(image.depth(u: u, v: v)), expected, accuracy: 1,
          "camera x \(cameraX), pixel (\(u), \(v))")
      }
    }
  }

  func testDepthBeyondUInt16RangeIsZero() throws {
    let scene = try makeScene(seed: 6)
    defer { vc_synthetic_scene_destroy(scene) }

    var intrinsics = self.intrinsics
    var rgb = [UInt8](repeating: 0, count: 640 * 480 * 3)
    var depth = [UInt16](repeating: 7, count: 640 * 480)
    // At 50000 units per metre the 1.6 m floor would be 80000 units.
    let status = vc_synthetic_scene_render(
      scene, Self.lookingDown(height: 1.6), &intrinsics, &rgb, 640 * 3, &depth, 640 * 2,
      50000)
    XCTAssertEqual(status, VC_STATUS_OK)
    XCTAssertEqual(depth[240 * 640 + 320], 0)
  }

  // MARK: - Texture

  func testTextureHasStructureInNearlyEveryBlock() throws {
    let scene = try makeScene(seed: 8)
    defer { vc_synthetic_scene_destroy(scene) }

    for pose in [Self.overview, Self.lookingDown(height: 1.6)] {
      let image = render(scene, pose)
      let grey = stride(from: 0, to: image.rgb.count, by: 3).map {
        0.299 * Double(image.rgb[$0]) + 0.587 * Double(image.rgb[$0 + 1])
          + 0.114 * Double(image.rgb[$0 + 2])
      }
      XCTAssertGreaterThan(standardDeviation(grey), 20)

      // Every 16 x 16 block should vary and hold 2D structure (a pixel with
      // strong gradients in both directions), not just a flat patch or an
      // edge that trackers cannot lock onto along its length.
      var varied = 0
      var cornered = 0
      let blocks = (640 / 16) * (480 / 16)
      for by in stride(from: 0, to: 480, by: 16) {
        for bx in stride(from: 0, to: 640, by: 16) {
          var values: [Double] = []
          var hasCorner = false
          for v in by..<(by + 16) {
            for u in bx..<(bx + 16) {
              values.append(grey[v * 640 + u])
              if u + 1 < 640 && v + 1 < 480 {
                let dx = abs(grey[v * 640 + u + 1] - grey[v * 640 + u])
                let dy = abs(grey[(v + 1) * 640 + u] - grey[v * 640 + u])
                hasCorner = hasCorner || (dx > 6 && dy > 6)
              }
            }
          }
          if standardDeviation(values) > 4 { varied += 1 }
          if hasCorner { cornered += 1 }
        }
      }
      XCTAssertGreaterThanOrEqual(Double(varied) / Double(blocks), 0.9)
      XCTAssertGreaterThanOrEqual(Double(cornered) / Double(blocks), 0.8)
    }
  }

  private func standardDeviation(_ values: [Double]) -> Double {
    let mean = values.reduce(0, +) / Double(values.count)
    let variance = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(values.count)
    return variance.squareRoot()
  }

  // MARK: - Validation

  private func assertInvalidArgument(
    _ status: vc_status_t, _ what: String, file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertEqual(status, VC_STATUS_INVALID_ARGUMENT, what, file: file, line: line)
    XCTAssertFalse(
      String(cString: vc_synthetic_last_error_message()).isEmpty, "\(what): no message", file: file,
      line: line)
  }

  /// A valid vc_synthetic_scene_render call, to be broken one argument at a
  /// time; nil stands for a NULL pointer.
  private struct RenderCall {
    var scene: OpaquePointer?
    var pose: [Float]? = SyntheticSceneTests.overview
    var intrinsics: vc_camera_intrinsics_t? = vc_camera_intrinsics_t(
      fx: 525, fy: 525, cx: 320, cy: 240, width: 640, height: 480)
    var rgb: [UInt8]? = [UInt8](repeating: 0, count: 640 * 480 * 3)
    var rgbStride: Int32 = 640 * 3
    var depth: [UInt16]? = [UInt16](repeating: 0, count: 640 * 480)
    var depthStride: Int32 = 640 * 2
    var unitsPerMeter: Float = 1000

    func run() -> vc_status_t {
      var pose = self.pose
      var rgb = self.rgb
      var depth = self.depth
      var intrinsics = self.intrinsics ?? vc_camera_intrinsics_t()
      let hasIntrinsics = self.intrinsics != nil
      let (scene, rgbStride, depthStride, unitsPerMeter) = (
        self.scene, self.rgbStride, self.depthStride, self.unitsPerMeter
      )
      return withOptionalPointer(&pose) { pose in
        withOptionalPointer(&rgb) { rgb in
          withOptionalPointer(&depth) { depth in
            withUnsafePointer(to: &intrinsics) { intrinsics in
              vc_synthetic_scene_render(
                scene, pose.map { UnsafePointer($0) }, hasIntrinsics ? intrinsics : nil, rgb,
                rgbStride, depth, depthStride, unitsPerMeter)
            }
          }
        }
      }
    }
  }

  func testInvalidArgumentsAreRejectedWithAMessage() throws {
    let scene = try makeScene(seed: 9)
    defer { vc_synthetic_scene_destroy(scene) }
    let valid = RenderCall(scene: scene)
    func broken(_ change: (inout RenderCall) -> Void) -> vc_status_t {
      var call = valid
      change(&call)
      return call.run()
    }

    assertInvalidArgument(broken { $0.scene = nil }, "NULL scene")
    assertInvalidArgument(broken { $0.pose = nil }, "NULL pose")
    assertInvalidArgument(broken { $0.intrinsics = nil }, "NULL intrinsics")
    assertInvalidArgument(broken { $0.rgb = nil }, "NULL RGB output")
    assertInvalidArgument(broken { $0.depth = nil }, "NULL depth output")

    XCTAssertEqual(
      broken { $0.intrinsics!.width = 0 }, VC_STATUS_INVALID_IMAGE,
      "zero width: an image size, as the core's check of intrinsics says")
    assertInvalidArgument(broken { $0.intrinsics!.height = 8193 }, "height over 8192")
    assertInvalidArgument(broken { $0.intrinsics!.fx = -525 }, "negative fx")
    assertInvalidArgument(broken { $0.intrinsics!.fy = .infinity }, "infinite fy")
    assertInvalidArgument(broken { $0.intrinsics!.cy = .nan }, "NaN cy")

    assertInvalidArgument(broken { $0.pose![13] = .nan }, "NaN in transform")
    assertInvalidArgument(broken { $0.pose![0] *= 2 }, "non-rigid transform")
    assertInvalidArgument(broken { $0.pose![3] = 1 }, "bad bottom row")

    assertInvalidArgument(broken { $0.rgbStride = 640 * 3 - 1 }, "short RGB stride")
    assertInvalidArgument(broken { $0.depthStride = 640 }, "short depth stride")
    assertInvalidArgument(broken { $0.unitsPerMeter = 0 }, "zero depth scale")
    assertInvalidArgument(broken { $0.unitsPerMeter = .infinity }, "infinite depth scale")

    var created: OpaquePointer?
    assertInvalidArgument(
      vc_synthetic_scene_create(vc_synthetic_scene_kind_t(rawValue: 99), 1, &created),
      "unknown kind")
    XCTAssertNil(created)
    assertInvalidArgument(
      vc_synthetic_scene_create(VC_SYNTHETIC_SCENE_ROOM, 1, nil), "NULL out_scene")

    // A good call after failures succeeds and clears the message.
    XCTAssertEqual(valid.run(), VC_STATUS_OK)
    XCTAssertEqual(String(cString: vc_synthetic_last_error_message()), "")
  }

  func testDestroyingNullIsANoOp() {
    vc_synthetic_scene_destroy(nil)
  }

  func testRowStridesLargerThanARowAreHonoured() throws {
    let scene = try makeScene(seed: 10)
    defer { vc_synthetic_scene_destroy(scene) }
    let packed = render(scene, Self.overview)

    var intrinsics = self.intrinsics
    let rgbStride = 640 * 3 + 5
    let depthStride = 640 * 2 + 6
    var rgb = [UInt8](repeating: 0xAB, count: rgbStride * 480)
    var depth = [UInt16](repeating: 0xCDCD, count: depthStride / 2 * 480)
    let status = vc_synthetic_scene_render(
      scene, Self.overview, &intrinsics, &rgb, Int32(rgbStride), &depth, Int32(depthStride),
      1000)
    XCTAssertEqual(status, VC_STATUS_OK)
    for v in [0, 123, 479] {
      XCTAssertEqual(
        Array(rgb[(v * rgbStride)..<(v * rgbStride + 640 * 3)]),
        Array(packed.rgb[(v * 640 * 3)..<((v + 1) * 640 * 3)]))
      let depthRow = v * depthStride / 2
      XCTAssertEqual(
        Array(depth[depthRow..<(depthRow + 640)]),
        Array(packed.depth[(v * 640)..<((v + 1) * 640)]))
      // Padding is left alone.
      XCTAssertEqual(rgb[v * rgbStride + 640 * 3], 0xAB)
      XCTAssertEqual(depth[depthRow + 640], 0xCDCD)
    }
  }
}

/// Runs body with a pointer to the array's storage, or with nil for a nil
/// array, to pass optional buffers to C.
private func withOptionalPointer<Element, Result>(
  _ array: inout [Element]?, _ body: (UnsafeMutablePointer<Element>?) -> Result
) -> Result {
  guard array != nil else { return body(nil) }
  return array!.withUnsafeMutableBufferPointer { body($0.baseAddress) }
}

/// The sensor model, scene options and ground truth of the synthetic scenes
/// through the C API: noise statistics against the model they claim, holes
/// where Kinects have them, exposure, covered lenses, blur, and planes and
/// reference images that agree with what is rendered.
final class SyntheticSensorAndGroundTruthTests: XCTestCase {
  private static let width = 640
  private static let height = 480
  private static let intrinsics = vc_camera_intrinsics_t(
    fx: 525, fy: 525, cx: 320, cy: 240, width: 640, height: 480)

  private struct Frame {
    var rgb: [UInt8]
    /// Metres, 0 = no depth.
    var depth: [Double]
    var info: vc_synthetic_render_info_t

    func depth(u: Int, v: Int) -> Double { depth[v * SyntheticSensorAndGroundTruthTests.width + u] }
    func luma(u: Int, v: Int) -> Double {
      let i = 3 * (v * SyntheticSensorAndGroundTruthTests.width + u)
      return 0.299 * Double(rgb[i]) + 0.587 * Double(rgb[i + 1]) + 0.114 * Double(rgb[i + 2])
    }
  }

  private func makeScene(
    kind: vc_synthetic_scene_kind_t = VC_SYNTHETIC_SCENE_ROOM,
    texture: vc_synthetic_texture_mode_t = VC_SYNTHETIC_TEXTURE_FULL, seed: UInt64 = 1
  ) throws -> OpaquePointer {
    var options = vc_synthetic_scene_options_t()
    vc_synthetic_scene_options_init(&options)
    options.kind = kind
    options.texture_mode = texture
    options.seed = seed
    var scene: OpaquePointer?
    let status = vc_synthetic_scene_create_with_options(&options, &scene)
    XCTAssertEqual(status, VC_STATUS_OK, String(cString: vc_synthetic_last_error_message()))
    let created = try XCTUnwrap(scene)
    addTeardownBlock { vc_synthetic_scene_destroy(created) }
    return created
  }

  private static func options(
    gain: Float = 1, noiseSeed: UInt64? = nil, covered: Bool = false,
    shutter: (open: [Float], close: [Float])? = nil
  ) -> vc_synthetic_render_options_t {
    var options = vc_synthetic_render_options_t()
    vc_synthetic_render_options_init(&options)
    options.exposure_gain = gain
    options.sensor_noise_enabled = noiseSeed == nil ? 0 : 1
    options.noise_seed = noiseSeed ?? 0
    options.lens_covered = covered ? 1 : 0
    if let shutter {
      options.motion_blur_enabled = 1
      withUnsafeMutableBytes(of: &options.world_from_camera_shutter_open) {
        $0.copyBytes(from: shutter.open.withUnsafeBytes { Array($0) })
      }
      withUnsafeMutableBytes(of: &options.world_from_camera_shutter_close) {
        $0.copyBytes(from: shutter.close.withUnsafeBytes { Array($0) })
      }
    }
    return options
  }

  private func render(
    _ scene: OpaquePointer, _ pose: [Float], _ options: vc_synthetic_render_options_t?,
    file: StaticString = #filePath, line: UInt = #line
  ) -> Frame {
    var intrinsics = Self.intrinsics
    var rgb = [UInt8](repeating: 0, count: Self.width * Self.height * 3)
    var depth = [UInt16](repeating: 0, count: Self.width * Self.height)
    var info = vc_synthetic_render_info_t()
    let status: vc_status_t
    if var options {
      status = vc_synthetic_scene_render_with_options(
        scene, pose, &intrinsics, &options, &rgb, Int32(Self.width * 3), &depth,
        Int32(Self.width * 2), 5000, &info)
    } else {
      status = vc_synthetic_scene_render_with_options(
        scene, pose, &intrinsics, nil, &rgb, Int32(Self.width * 3), &depth,
        Int32(Self.width * 2), 5000, &info)
    }
    XCTAssertEqual(
      status, VC_STATUS_OK, String(cString: vc_synthetic_last_error_message()), file: file,
      line: line)
    return Frame(rgb: rgb, depth: depth.map { Double($0) / 5000 }, info: info)
  }

  /// Facing the bare x = -3 wall head-on from x = -3 + distance.
  private static func facingWall(distance: Double) -> [Float] {
    pose(right: (0, 0, -1), up: (0, 1, 0), back: (1, 0, 0), position: (-3 + distance, 1.3, 0.5))
  }

  /// 1.3125 m in front of the +x wall's poster, which then fills pixels
  /// 80..<560 x 60..<420 (1.2 m x 0.9 m at 400 pixels per metre).
  private static let facingPoster = pose(
    right: (0, 0, 1), up: (0, 1, 0), back: (-1, 0, 0), position: (3 - 0.003 - 1.3125, 1.45, 0))

  // MARK: - Exactness

  func testDefaultOptionsRenderExactlyLikeThePlainEntryPoint() throws {
    let scene = try makeScene()
    let pose = Self.facingWall(distance: 2)
    let viaOptions = render(scene, pose, Self.options())
    let viaNil = render(scene, pose, nil)
    var intrinsics = Self.intrinsics
    var rgb = [UInt8](repeating: 0, count: Self.width * Self.height * 3)
    var depth = [UInt16](repeating: 0, count: Self.width * Self.height)
    XCTAssertEqual(
      vc_synthetic_scene_render(
        scene, pose, &intrinsics, &rgb, Int32(Self.width * 3), &depth, Int32(Self.width * 2), 5000),
      VC_STATUS_OK)
    XCTAssertEqual(viaOptions.rgb, rgb)
    XCTAssertEqual(viaNil.rgb, rgb)
    XCTAssertEqual(viaOptions.depth, depth.map { Double($0) / 5000 })
    XCTAssertEqual(viaOptions.info.valid_depth_fraction, 1)
    XCTAssertEqual(viaOptions.info.detailed_fraction, 1, "every surface of the room is textured")
  }

  // MARK: - Depth noise

  /// The axial noise of Nguyen et al. (2012) that the sensor model claims.
  private static func kinectSigma(_ z: Double) -> Double { 0.0012 + 0.0019 * (z - 0.4) * (z - 0.4) }

  func testDepthNoiseGrowsWithTheSquareOfDistanceAsModelled() throws {
    let scene = try makeScene()
    var previous = 0.0
    for distance in [1.0, 2.0, 3.0] {
      let pose = Self.facingWall(distance: distance)
      let exact = render(scene, pose, Self.options())
      let noisy = render(scene, pose, Self.options(noiseSeed: 11))
      // The middle of the image, seen within 11 degrees of head-on, where
      // the angular term of the model is negligible.
      var errors: [Double] = []
      for v in 140..<340 {
        for u in 220..<420 where noisy.depth(u: u, v: v) > 0 {
          errors.append(noisy.depth(u: u, v: v) - exact.depth(u: u, v: v))
        }
      }
      let mean = errors.reduce(0, +) / Double(errors.count)
      let sigma = (errors.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(errors.count))
        .squareRoot()
      let expected = Self.kinectSigma(distance)
      XCTAssertEqual(sigma, expected, accuracy: 0.08 * expected, "sigma at \(distance) m")
      XCTAssertLessThan(abs(mean), 0.05 * expected, "bias at \(distance) m")
      XCTAssertGreaterThan(sigma, 1.5 * previous, "noise grows with distance")
      previous = sigma
      // Head on, only the sparse dropout takes depth away.
      let holes = 1 - Double(errors.count) / Double(200 * 200)
      XCTAssertGreaterThan(holes, 0.0005)
      XCTAssertLessThan(holes, 0.01)
    }
  }

  func testDepthHasHolesAtGrazingAnglesAndOutsideItsRange() throws {
    let scene = try makeScene()
    // 0.3 m above the floor looking along -z: rows 280...300 see the floor
    // at more than 83 degrees from its normal, the bottom rows at about 66.
    let low = pose(right: (1, 0, 0), up: (0, 1, 0), back: (0, 0, 1), position: (-1.5, 0.3, 2))
    let exact = render(scene, low, Self.options())
    let noisy = render(scene, low, Self.options(noiseSeed: 5))
    func holeFraction(_ rows: ClosedRange<Int>) -> Double {
      var holes = 0
      var total = 0
      for v in rows {
        // The middle columns: further out, rays reach the side walls first.
        for u in 200..<440 where exact.depth(u: u, v: v) > 0 {
          total += 1
          if noisy.depth(u: u, v: v) == 0 { holes += 1 }
        }
      }
      return Double(holes) / Double(max(total, 1))
    }
    XCTAssertGreaterThan(holeFraction(280...300), 0.99, "grazing floor")
    XCTAssertLessThan(holeFraction(460...479), 0.02, "floor at 66 degrees")

    // Nearer than 0.4 m a Kinect sees nothing.
    let close = render(scene, Self.facingWall(distance: 0.3), Self.options(noiseSeed: 5))
    XCTAssertEqual(close.depth.filter { $0 > 0 }.count, 0)
    XCTAssertEqual(close.info.valid_depth_fraction, 0)
  }

  func testNoiseIsDeterministicForASeedAndChangesWithIt() throws {
    let scene = try makeScene()
    let pose = Self.facingWall(distance: 2)
    let a = render(scene, pose, Self.options(noiseSeed: 3))
    let b = render(scene, pose, Self.options(noiseSeed: 3))
    let c = render(scene, pose, Self.options(noiseSeed: 4))
    XCTAssertEqual(a.rgb, b.rgb)
    XCTAssertEqual(a.depth, b.depth)
    XCTAssertNotEqual(a.depth, c.depth)
    XCTAssertNotEqual(a.rgb, c.rgb)
  }

  func testColourNoiseIsMild() throws {
    let scene = try makeScene()
    let pose = Self.facingWall(distance: 2)
    let exact = render(scene, pose, Self.options())
    let noisy = render(scene, pose, Self.options(noiseSeed: 9))
    let differences = zip(exact.rgb, noisy.rgb).map { Double($0) - Double($1) }
    let rms = (differences.map { $0 * $0 }.reduce(0, +) / Double(differences.count)).squareRoot()
    XCTAssertGreaterThan(rms, 0.8)
    XCTAssertLessThan(rms, 2.5, "a couple of levels, not a snowstorm")
  }

  // MARK: - Exposure, covered lens, blur

  func testExposureGainScalesTheImage() throws {
    let scene = try makeScene()
    let pose = Self.facingWall(distance: 2)
    let full = render(scene, pose, Self.options())
    let half = render(scene, pose, Self.options(gain: 0.5))
    for (a, b) in zip(full.rgb, half.rgb) {
      XCTAssertEqual(Double(b), Double(a) / 2, accuracy: 1)
    }
    XCTAssertEqual(half.depth, full.depth, "exposure does not touch depth")
  }

  func testCoveredLensGivesBlackFramesWithoutDepth() throws {
    let scene = try makeScene()
    let pose = Self.facingWall(distance: 2)
    let exact = render(scene, pose, Self.options(covered: true))
    XCTAssertTrue(exact.rgb.allSatisfy { $0 == 0 })
    XCTAssertTrue(exact.depth.allSatisfy { $0 == 0 })
    XCTAssertEqual(exact.info.valid_depth_fraction, 0)
    XCTAssertEqual(exact.info.detailed_fraction, 0)
    let noisy = render(scene, pose, Self.options(noiseSeed: 2, covered: true))
    XCTAssertLessThanOrEqual(noisy.rgb.max() ?? 0, 8, "only the read noise")
    XCTAssertTrue(noisy.depth.allSatisfy { $0 == 0 })
  }

  func testMotionBlurSmearsAlongTheMotionOnly() throws {
    let scene = try makeScene()
    let middle = Self.facingWall(distance: 2)
    let sharp = render(scene, middle, Self.options())
    let still = render(scene, middle, Self.options(shutter: (middle, middle)))
    XCTAssertEqual(still.rgb, sharp.rgb, "no motion, no blur")

    // Panning 0.1 rad about world up during the exposure: about 50 pixels
    // of horizontal smear, none vertical.
    let panned = { (angle: Double) in
      pose(
        right: (sin(angle), 0, -cos(angle)), up: (0, 1, 0), back: (cos(angle), 0, sin(angle)),
        position: (-1, 1.3, 0.5))
    }
    let blurred = render(scene, middle, Self.options(shutter: (panned(-0.05), panned(0.05))))
    XCTAssertEqual(blurred.depth, sharp.depth, "depth is not blurred")
    func gradient(_ frame: Frame, horizontal: Bool) -> Double {
      var sum = 0.0
      for v in stride(from: 100, to: 380, by: 2) {
        for u in stride(from: 100, to: 540, by: 2) {
          let next = horizontal ? frame.luma(u: u + 1, v: v) : frame.luma(u: u, v: v + 1)
          sum += abs(next - frame.luma(u: u, v: v))
        }
      }
      return sum
    }
    let across = gradient(blurred, horizontal: true) / gradient(sharp, horizontal: true)
    let along = gradient(blurred, horizontal: false) / gradient(sharp, horizontal: false)
    XCTAssertLessThan(across, 0.3, "edges across the motion are smeared")
    XCTAssertLessThan(across, 0.6 * along, "edges along the motion survive better")
  }

  // MARK: - Scenes

  func testPlainSurfacesHaveNoDetailButFurnitureKeepsIt() throws {
    let plain = try makeScene(texture: VC_SYNTHETIC_TEXTURE_PLAIN_SURFACES)
    let wall = render(plain, Self.facingWall(distance: 2), Self.options())
    XCTAssertEqual(wall.info.detailed_fraction, 0)
    let luma = (0..<Self.height).flatMap { v in (0..<Self.width).map { wall.luma(u: $0, v: v) } }
    XCTAssertEqual(Set(luma).count, 1, "one flat colour")
    let poster = render(plain, Self.facingPoster, Self.options())
    XCTAssertGreaterThan(poster.info.detailed_fraction, 0.5, "pictures keep their texture")
  }

  func testClutterSceneHasNoPlanesNoReferencesAndIsClosed() throws {
    let clutter = try makeScene(kind: VC_SYNTHETIC_SCENE_CLUTTER)
    var count: Int32 = -1
    XCTAssertEqual(vc_synthetic_scene_get_planes(clutter, nil, 0, &count), VC_STATUS_OK)
    XCTAssertEqual(count, 0)
    XCTAssertEqual(vc_synthetic_scene_get_reference_images(clutter, nil, 0, &count), VC_STATUS_OK)
    XCTAssertEqual(count, 0)
    let frame = render(clutter, Self.facingWall(distance: 2), Self.options())
    XCTAssertEqual(frame.info.valid_depth_fraction, 1, "tiles leave no gap to look through")
    XCTAssertEqual(frame.info.detailed_fraction, 1)
  }

  // MARK: - Planes

  private func planes(_ scene: OpaquePointer) throws -> [vc_synthetic_plane_t] {
    var count: Int32 = 0
    XCTAssertEqual(vc_synthetic_scene_get_planes(scene, nil, 0, &count), VC_STATUS_OK)
    var planes = [vc_synthetic_plane_t](repeating: vc_synthetic_plane_t(), count: Int(count))
    XCTAssertEqual(vc_synthetic_scene_get_planes(scene, &planes, count, &count), VC_STATUS_OK)
    return planes
  }

  func testRoomPlanesAreItsFloorWallsCeilingTableAndSeat() throws {
    let planes = try self.planes(try makeScene())
    let byName = Dictionary(
      planes.map { (String(cString: $0.name), $0) }, uniquingKeysWith: { a, _ in a })
    XCTAssertEqual(
      Set(byName.keys),
      [
        "floor", "ceiling", "wall facing +x", "wall facing -x", "wall facing +z",
        "wall facing -z", "table top", "seat",
      ])
    let floor = try XCTUnwrap(byName["floor"])
    XCTAssertEqual(floor.classification, VC_PLANE_CLASSIFICATION_FLOOR)
    XCTAssertEqual(floor.alignment, VC_PLANE_ALIGNMENT_HORIZONTAL)
    XCTAssertEqual(floor.area, 30, accuracy: 1e-4)
    let table = try XCTUnwrap(byName["table top"])
    XCTAssertEqual(table.classification, VC_PLANE_CLASSIFICATION_TABLE)
    XCTAssertEqual(table.center.1, 0.75, accuracy: 1e-6)
    XCTAssertEqual(table.area, 0.96, accuracy: 1e-4)
    XCTAssertEqual(try XCTUnwrap(byName["seat"]).classification, VC_PLANE_CLASSIFICATION_SEAT)
    XCTAssertEqual(
      try XCTUnwrap(byName["wall facing +x"]).alignment, VC_PLANE_ALIGNMENT_VERTICAL)

    for plane in planes {
      let p = floats(plane.polygon)
      let corner = { (i: Int) in
        SIMD3<Double>(Double(p[3 * i]), Double(p[3 * i + 1]), Double(p[3 * i + 2]))
      }
      let normal = SIMD3<Double>(floats(plane.normal).map(Double.init))
      // Counter-clockwise seen from the front, flat, and as large as stated.
      let a = corner(1) - corner(0)
      let b = corner(2) - corner(1)
      let cross = SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
      XCTAssertGreaterThan((cross * normal).sum(), 0, String(cString: plane.name))
      XCTAssertEqual((cross * cross).sum().squareRoot(), Double(plane.area), accuracy: 1e-3)
      for i in 0..<4 {
        XCTAssertEqual(((corner(i) - corner(0)) * normal).sum(), 0, accuracy: 1e-6)
      }
    }
  }

  func testRaysThroughAPlaneSeeItAtItsDepth() throws {
    let scene = try makeScene()
    let floor = try XCTUnwrap(try planes(scene).first { String(cString: $0.name) == "floor" })
    XCTAssertEqual(floats(floor.normal), [0, 1, 0])
    // Straight down from 1.6 m over bare floor: depth is the height.
    let down = pose(right: (1, 0, 0), up: (0, 0, -1), back: (0, 1, 0), position: (-1.5, 1.6, 1.2))
    let frame = render(scene, down, Self.options())
    XCTAssertEqual(frame.depth(u: 320, v: 240), 1.6, accuracy: 1e-3)
  }

  // MARK: - Reference images

  private func references(_ scene: OpaquePointer) throws -> [vc_synthetic_reference_image_t] {
    var count: Int32 = 0
    XCTAssertEqual(vc_synthetic_scene_get_reference_images(scene, nil, 0, &count), VC_STATUS_OK)
    var images = [vc_synthetic_reference_image_t](
      repeating: vc_synthetic_reference_image_t(), count: Int(count))
    XCTAssertEqual(
      vc_synthetic_scene_get_reference_images(scene, &images, count, &count), VC_STATUS_OK)
    return images
  }

  func testReferenceImagesAreThePicturesWithARKitImageAxes() throws {
    let images = try references(try makeScene())
    XCTAssertEqual(
      images.map { String(cString: $0.name) },
      ["poster-landscape", "poster-portrait", "magazine", "box-front"])
    let poster = images[0]
    XCTAssertEqual(poster.physical_width, 1.2, accuracy: 1e-6)
    XCTAssertEqual(poster.physical_height, 0.9, accuracy: 1e-6)
    // On the +x wall: right along +z, out of the picture towards -x, down -y.
    let m = floats(poster.world_from_image)
    XCTAssertEqual(Array(m[0..<3]), [0, 0, 1])
    XCTAssertEqual(Array(m[4..<7]), [-1, 0, 0])
    XCTAssertEqual(Array(m[8..<11]), [0, -1, 0])
    XCTAssertEqual(m[12], 2.997, accuracy: 1e-6)
    XCTAssertEqual(m[13], 1.45, accuracy: 1e-6)
    // The magazine lies face up, its top towards -z.
    let magazine = floats(images[2].world_from_image)
    XCTAssertEqual(Array(magazine[0..<11]), [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])
  }

  func testReferencePictureIsWhatTheRendererDraws() throws {
    let scene = try makeScene()
    var picture = [UInt8](repeating: 0, count: 480 * 360 * 3)
    XCTAssertEqual(
      vc_synthetic_scene_render_reference_image(scene, 0, 480, 360, &picture, 480 * 3),
      VC_STATUS_OK)
    let frame = render(scene, Self.facingPoster, Self.options())
    // The render is the picture times the light on the wall: compare by
    // correlation, which ignores the scale.
    var a: [Double] = []
    var b: [Double] = []
    for j in stride(from: 4, to: 356, by: 3) {
      for i in stride(from: 4, to: 476, by: 3) {
        let k = 3 * (j * 480 + i)
        a.append(
          0.299 * Double(picture[k]) + 0.587 * Double(picture[k + 1]) + 0.114
            * Double(picture[k + 2]))
        b.append(frame.luma(u: 80 + i, v: 60 + j))
      }
    }
    XCTAssertGreaterThan(correlation(a, b), 0.9)
  }

  func testReferenceVisibilityFollowsTheView() throws {
    let scene = try makeScene()
    func visibility(_ pose: [Float]) -> [Float] {
      var intrinsics = Self.intrinsics
      var count: Int32 = 0
      var fractions = [Float](repeating: -1, count: 4)
      XCTAssertEqual(
        vc_synthetic_scene_get_reference_visibility(
          scene, pose, &intrinsics, &fractions, 4, &count),
        VC_STATUS_OK)
      XCTAssertEqual(count, 4)
      return fractions
    }
    XCTAssertEqual(visibility(Self.facingPoster), [1, 0, 0, 0])
    XCTAssertEqual(visibility(Self.facingWall(distance: 2)), [0, 0, 0, 0], "facing away")
    // Behind the wall's plane a picture faces away and is never seen.
    let behind = pose(right: (0, 0, -1), up: (0, 1, 0), back: (1, 0, 0), position: (3.5, 1.45, 0))
    XCTAssertEqual(visibility(behind)[0], 0)
  }

  // MARK: - Validation

  private func assertInvalid(
    _ status: vc_status_t, _ what: String, expected: vc_status_t = VC_STATUS_INVALID_ARGUMENT,
    file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertEqual(status, expected, what, file: file, line: line)
    XCTAssertFalse(
      String(cString: vc_synthetic_last_error_message()).isEmpty, what, file: file, line: line)
  }

  func testNewEntryPointsRejectBadArgumentsWithAMessage() throws {
    let scene = try makeScene()
    var created: OpaquePointer?
    assertInvalid(vc_synthetic_scene_create_with_options(nil, &created), "NULL options")
    XCTAssertNil(created)
    var options = vc_synthetic_scene_options_t()
    vc_synthetic_scene_options_init(&options)
    options.texture_mode = vc_synthetic_texture_mode_t(rawValue: 7)
    assertInvalid(vc_synthetic_scene_create_with_options(&options, &created), "unknown texture")
    options.texture_mode = VC_SYNTHETIC_TEXTURE_PLAIN_SURFACES
    options.kind = VC_SYNTHETIC_SCENE_CLUTTER
    assertInvalid(vc_synthetic_scene_create_with_options(&options, &created), "plain clutter")

    let pose = Self.facingWall(distance: 2)
    var intrinsics = Self.intrinsics
    var rgb = [UInt8](repeating: 0, count: Self.width * Self.height * 3)
    var depth = [UInt16](repeating: 0, count: Self.width * Self.height)
    func renderStatus(_ options: vc_synthetic_render_options_t) -> vc_status_t {
      var options = options
      return vc_synthetic_scene_render_with_options(
        scene, pose, &intrinsics, &options, &rgb, Int32(Self.width * 3), &depth,
        Int32(Self.width * 2), 5000, nil)
    }
    var bad = Self.options()
    bad.exposure_gain = -1
    assertInvalid(renderStatus(bad), "negative gain")
    bad.exposure_gain = .nan
    assertInvalid(renderStatus(bad), "NaN gain")
    var skewed = pose
    skewed[2] *= 2  // the right axis, (0, 0, -1), stretched
    assertInvalid(renderStatus(Self.options(shutter: (skewed, pose))), "non-rigid shutter pose")

    var count: Int32 = 0
    assertInvalid(vc_synthetic_scene_get_planes(nil, nil, 0, &count), "NULL scene")
    assertInvalid(vc_synthetic_scene_get_planes(scene, nil, 0, nil), "NULL count")
    var two = [vc_synthetic_plane_t](repeating: vc_synthetic_plane_t(), count: 2)
    assertInvalid(
      vc_synthetic_scene_get_planes(scene, &two, 2, &count), "too small",
      expected: VC_STATUS_BUFFER_TOO_SMALL)
    XCTAssertEqual(count, 8, "the needed count")
    assertInvalid(vc_synthetic_scene_get_planes(scene, &two, -1, &count), "negative capacity")

    var picture = [UInt8](repeating: 0, count: 30)
    assertInvalid(
      vc_synthetic_scene_render_reference_image(scene, 4, 2, 5, &picture, 6), "index past the end")
    assertInvalid(
      vc_synthetic_scene_render_reference_image(scene, -1, 2, 5, &picture, 6), "negative index")
    assertInvalid(
      vc_synthetic_scene_render_reference_image(scene, 0, 0, 5, &picture, 6), "zero width")
    assertInvalid(
      vc_synthetic_scene_render_reference_image(scene, 0, 2, 5, &picture, 5), "short stride")
    assertInvalid(
      vc_synthetic_scene_render_reference_image(scene, 0, 2, 5, nil, 6), "NULL output")
    var fractions = [Float](repeating: 0, count: 4)
    assertInvalid(
      vc_synthetic_scene_get_reference_visibility(scene, nil, &intrinsics, &fractions, 4, &count),
      "NULL pose")
    intrinsics.fx = 0
    assertInvalid(
      vc_synthetic_scene_get_reference_visibility(scene, pose, &intrinsics, &fractions, 4, &count),
      "zero focal length")

    vc_synthetic_scene_options_init(nil)
    vc_synthetic_render_options_init(nil)
  }
}

// MARK: - Helpers

private typealias Vector = (x: Double, y: Double, z: Double)

/// world_from_camera, column-major, from the camera's axes in world
/// coordinates (ARKit: right, up, back) and its position.
private func pose(right: Vector, up: Vector, back: Vector, position: Vector) -> [Float] {
  func simd(_ v: Vector) -> SIMD3<Double> { SIMD3(v.x, v.y, v.z) }
  return CameraPose.columns(
    right: simd(right), up: simd(up), back: simd(back), position: simd(position))
}

/// A camera at eye looking at target, its image up as close to world up as
/// the view allows.
private func lookAt(eye: Vector, target: Vector) -> [Float] {
  CameraPose.lookAt(eye: SIMD3(eye.x, eye.y, eye.z), target: SIMD3(target.x, target.y, target.z))
}

/// The elements of a fixed-size C array, which Swift imports as a tuple.
private func floats<T>(_ tuple: T) -> [Float] {
  withUnsafeBytes(of: tuple) { Array($0.bindMemory(to: Float.self)) }
}

private func correlation(_ a: [Double], _ b: [Double]) -> Double {
  let n = Double(a.count)
  let meanA = a.reduce(0, +) / n
  let meanB = b.reduce(0, +) / n
  var ab = 0.0
  var aa = 0.0
  var bb = 0.0
  for (x, y) in zip(a, b) {
    ab += (x - meanA) * (y - meanB)
    aa += (x - meanA) * (x - meanA)
    bb += (y - meanB) * (y - meanB)
  }
  return ab / (aa * bb).squareRoot()
}
