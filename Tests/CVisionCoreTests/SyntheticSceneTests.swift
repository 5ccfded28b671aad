import CVisionCore
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
    XCTAssertEqual(status, VC_STATUS_OK, String(cString: vc_last_error_message()))
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
      status, VC_STATUS_OK, String(cString: vc_last_error_message()), file: file,
      line: line)
    return Rendering(rgb: rgb, depth: depth)
  }

  // MARK: - Poses (ARKit camera axes: +X right, +Y up, looking down -Z)

  private typealias Vector = (x: Double, y: Double, z: Double)

  private static func cross(_ a: Vector, _ b: Vector) -> Vector {
    (a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
  }

  private static func normalized(_ a: Vector) -> Vector {
    let n = (a.x * a.x + a.y * a.y + a.z * a.z).squareRoot()
    return (a.x / n, a.y / n, a.z / n)
  }

  /// world_from_camera, column-major, from the camera's axes in world
  /// coordinates and its position.
  private static func pose(right: Vector, up: Vector, back: Vector, position: Vector)
    -> [Float]
  {
    [right, up, back].flatMap { [Float($0.x), Float($0.y), Float($0.z), 0] }
      + [Float(position.x), Float(position.y), Float(position.z), 1]
  }

  /// A camera at eye looking at target, its image up as close to world up
  /// as the view allows.
  private static func lookAt(eye: Vector, target: Vector, worldUp: Vector = (0, 1, 0))
    -> [Float]
  {
    let forward = normalized((target.x - eye.x, target.y - eye.y, target.z - eye.z))
    let right = normalized(cross(forward, worldUp))
    let up = cross(right, forward)
    return pose(right: right, up: up, back: (-forward.x, -forward.y, -forward.z), position: eye)
  }

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
    let eye: Vector = (-1.8, 1.5, 1.5)
    let target: Vector = (-1.8, 0, 0)
    let forward = Self.normalized((target.x - eye.x, target.y - eye.y, target.z - eye.z))
    let right = Self.normalized(Self.cross(forward, (0, 1, 0)))
    let up = Self.cross(right, forward)
    let image = render(scene, Self.lookAt(eye: eye, target: target))

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
      let pose = Self.pose(
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
      String(cString: vc_last_error_message()).isEmpty, "\(what): no message", file: file,
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
    var unitsPerMetre: Float = 1000

    func run() -> vc_status_t {
      var pose = self.pose
      var rgb = self.rgb
      var depth = self.depth
      var intrinsics = self.intrinsics ?? vc_camera_intrinsics_t()
      let hasIntrinsics = self.intrinsics != nil
      let (scene, rgbStride, depthStride, unitsPerMetre) = (
        self.scene, self.rgbStride, self.depthStride, self.unitsPerMetre
      )
      return withOptionalPointer(&pose) { pose in
        withOptionalPointer(&rgb) { rgb in
          withOptionalPointer(&depth) { depth in
            withUnsafePointer(to: &intrinsics) { intrinsics in
              vc_synthetic_scene_render(
                scene, pose.map { UnsafePointer($0) }, hasIntrinsics ? intrinsics : nil, rgb,
                rgbStride, depth, depthStride, unitsPerMetre)
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

    assertInvalidArgument(broken { $0.intrinsics!.width = 0 }, "zero width")
    assertInvalidArgument(broken { $0.intrinsics!.height = 8193 }, "height over 8192")
    assertInvalidArgument(broken { $0.intrinsics!.fx = -525 }, "negative fx")
    assertInvalidArgument(broken { $0.intrinsics!.fy = .infinity }, "infinite fy")
    assertInvalidArgument(broken { $0.intrinsics!.cy = .nan }, "NaN cy")

    assertInvalidArgument(broken { $0.pose![13] = .nan }, "NaN in transform")
    assertInvalidArgument(broken { $0.pose![0] *= 2 }, "non-rigid transform")
    assertInvalidArgument(broken { $0.pose![3] = 1 }, "bad bottom row")

    assertInvalidArgument(broken { $0.rgbStride = 640 * 3 - 1 }, "short RGB stride")
    assertInvalidArgument(broken { $0.depthStride = 640 }, "short depth stride")
    assertInvalidArgument(broken { $0.unitsPerMetre = 0 }, "zero depth scale")
    assertInvalidArgument(broken { $0.unitsPerMetre = .infinity }, "infinite depth scale")

    var created: OpaquePointer?
    assertInvalidArgument(
      vc_synthetic_scene_create(vc_synthetic_scene_kind_t(rawValue: 99), 1, &created),
      "unknown kind")
    XCTAssertNil(created)
    assertInvalidArgument(
      vc_synthetic_scene_create(VC_SYNTHETIC_SCENE_ROOM, 1, nil), "NULL out_scene")

    // A good call after failures succeeds and clears the message.
    XCTAssertEqual(valid.run(), VC_STATUS_OK)
    XCTAssertEqual(String(cString: vc_last_error_message()), "")
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
