import ARScene
import XCTest

/// Depth registration moves depth into the colour camera: identity changes
/// nothing, a baseline shifts a plane by f * baseline / depth pixels in the
/// direction the ARKit axes say, the nearest surface wins, bad input throws.
final class DepthRegistrationTests: XCTestCase {
  private let camera = CameraIntrinsics(fx: 500, fy: 500, cx: 31.5, cy: 23.5, width: 64, height: 48)

  private func depthMap(_ value: (Int, Int) -> UInt16, width: Int = 64, height: Int = 48) throws
    -> PixelBuffer
  {
    var values: [UInt16] = []
    for y in 0..<height { for x in 0..<width { values.append(value(x, y)) } }
    return try PixelBuffer(
      format: .depthUInt16, width: width, height: height,
      bytes: values.withUnsafeBytes { Array($0) })
  }

  private func values(_ map: PixelBuffer) -> [[Double]] {
    (0..<map.height).map { y in (0..<map.width).map { x in map.value(x: x, y: y) } }
  }

  private func translation(_ x: Float, _ y: Float, _ z: Float) -> Transform {
    var transform = Transform.identity
    transform.translation = SIMD3(x, y, z)
    return transform
  }

  func testIdentityReproducesTheInputAndDropsSaturatedReadings() throws {
    let input = try depthMap { x, y in
      if x == 3 && y == 4 { return 65535 }  // Kinect's "no reading"
      return x == 0 ? 0 : UInt16(800 + 13 * x + 29 * y)
    }
    let registered = try DepthData(depthMap: input, unitsPerMeter: 1000).registered(
      to: camera, depthIntrinsics: camera, colorFromDepth: .identity)
    XCTAssertEqual(registered.unitsPerMeter, 1000)
    XCTAssertEqual(registered.depthMap.format, .depthUInt16)
    var expected = values(input)
    expected[4][3] = 0
    XCTAssertEqual(values(registered.depthMap), expected)
  }

  func testHorizontalBaselineShiftsAPlaneByFocalTimesBaselineOverDepth() throws {
    // A wall 2 m away; the depth camera 10 cm to the colour camera's right
    // moves every point 10 cm along +X: 500 * 0.1 / 2 = 25 pixels.
    let wall = try depthMap { _, _ in 2000 }
    let registered = try DepthData(depthMap: wall).registered(
      to: camera, depthIntrinsics: camera, colorFromDepth: translation(0.1, 0, 0))
    for row in values(registered.depthMap) {
      XCTAssertEqual(row[..<25].filter { $0 != 0 }.count, 0, "nothing lands left of column 25")
      XCTAssertEqual(Array(row[25...]), Array(repeating: 2000, count: 39))
    }
  }

  func testVerticalBaselineFollowsARKitAxes() throws {
    // ARKit +Y is up, image rows grow downwards: 4 cm up at 2 m is 10 rows up.
    let wall = try depthMap { _, _ in 2000 }
    let registered = try DepthData(depthMap: wall).registered(
      to: camera, depthIntrinsics: camera, colorFromDepth: translation(0, 0.04, 0))
    let rows = values(registered.depthMap)
    XCTAssertTrue(rows[..<38].allSatisfy { $0 == Array(repeating: 2000, count: 64) })
    XCTAssertTrue(rows[38...].allSatisfy { $0.allSatisfy { $0 == 0 } })
  }

  func testTranslationAlongTheViewingAxisChangesTheDepth() throws {
    // ARKit cameras look down -Z: a depth camera 0.5 m along the colour
    // camera's +Z sits behind it, so the colour camera is 0.5 m nearer.
    let wall = try depthMap { _, _ in 2000 }
    let registered = try DepthData(depthMap: wall).registered(
      to: camera, depthIntrinsics: camera, colorFromDepth: translation(0, 0, 0.5))
    XCTAssertEqual(registered.depthMap.value(x: 31, y: 23), 1500)
  }

  func testTheNearestSurfaceWinsAndOtherIntrinsicsResample() throws {
    // A box 1 m away in front of a wall 3 m away, seen by a colour camera
    // 2 cm to the depth camera's left: the box moves 500 * 0.02 / 1 = 10
    // columns, the wall 500 * 0.02 / 3 = 3.3, so the box covers wall that
    // lands on the same pixels and uncovers wall nobody measured.
    let scene = try depthMap { x, y in (20..<40).contains(x) && (14..<34).contains(y) ? 1000 : 3000
    }
    let moved = try DepthData(depthMap: scene).registered(
      to: camera, depthIntrinsics: camera, colorFromDepth: translation(0.02, 0, 0))
    XCTAssertEqual(moved.depthMap.value(x: 45, y: 24), 1000, "the box hides the wall")
    XCTAssertEqual(moved.depthMap.value(x: 55, y: 24), 3000)
    XCTAssertEqual(moved.depthMap.value(x: 26, y: 24), 0, "wall the depth camera never saw")
    XCTAssertEqual(moved.depthMap.value(x: 26, y: 5), 3000)

    var wide = camera
    wide.fx = 250
    wide.fy = 250
    let resampled = try DepthData(depthMap: scene).registered(
      to: wide, depthIntrinsics: camera, colorFromDepth: .identity)
    XCTAssertEqual(resampled.depthMap.value(x: 31, y: 23), 1000)
    XCTAssertEqual(resampled.depthMap.value(x: 38, y: 23), 3000, "the box spans 10 columns now")
  }

  func testFloatDepthComesBackInMillimetres() throws {
    let metres = (0..<(64 * 48)).map { index in index % 64 == 5 ? Float.nan : 1.25 }
    let map = try PixelBuffer(
      format: .depthFloat32, width: 64, height: 48, bytes: metres.withUnsafeBytes { Array($0) })
    let registered = try DepthData(depthMap: map).registered(
      to: camera, depthIntrinsics: camera, colorFromDepth: .identity)
    XCTAssertEqual(registered.unitsPerMeter, 1000)
    XCTAssertEqual(registered.depthMap.value(x: 4, y: 7), 1250)
    XCTAssertEqual(registered.depthMap.value(x: 5, y: 7), 0, "NaN is no depth")
  }

  func testBadInputThrowsTheCoresError() throws {
    let wall = DepthData(depthMap: try depthMap { _, _ in 2000 })
    var small = camera
    small.width = 32
    XCTAssertThrowsError(
      try wall.registered(to: camera, depthIntrinsics: small, colorFromDepth: .identity)
    ) { error in
      let error = error as? ARSceneError
      XCTAssertEqual(error?.code, .invalidImage)
      XCTAssertTrue(error?.message.contains("64x48") ?? false, "\(String(describing: error))")
    }
    let skewed = Transform(
      SIMD4(1, 0, 0, 0), SIMD4(0.5, 1, 0, 0), SIMD4(0, 0, 1, 0), SIMD4(0, 0, 0, 1))
    XCTAssertThrowsError(
      try wall.registered(to: camera, depthIntrinsics: camera, colorFromDepth: skewed)
    ) { error in
      XCTAssertEqual((error as? ARSceneError)?.code, .invalidArgument)
    }
    var negative = camera
    negative.width = -4
    XCTAssertThrowsError(
      try wall.registered(to: negative, depthIntrinsics: camera, colorFromDepth: .identity)
    ) { error in
      XCTAssertEqual((error as? ARSceneError)?.code, .invalidImage)
    }
  }
}
