import ARScene
import XCTest

/// Lens undistortion against OpenCV's distortion model written out here: a
/// pixel of the pinhole view must take what the lens put where the model
/// sends it.
final class LensUndistortionTests: XCTestCase {
  private static let camera = CameraIntrinsics(
    fx: 150, fy: 150, cx: 79.5, cy: 59.5, width: 160, height: 120)
  /// EuRoC's cam0 (barrel): every pinhole pixel lies inside the lens's view.
  private static let barrel = [-0.2834, 0.0740, 0.0002, 0.00002]
  /// TUM's freiburg1 Kinect (k1 k2 p1 p2 k3): the pinhole view's corners lie
  /// beyond the lens's.
  private static let freiburg1 = [0.2624, -0.9531, -0.0054, 0.0026, 1.1633]

  /// Where the lens puts the pinhole pixel (x, y): OpenCV's model with k1 k2
  /// p1 p2 [k3].
  private static func distorted(_ x: Double, _ y: Double, _ c: [Double]) -> (Double, Double) {
    let u = (x - camera.cx) / camera.fx
    let v = (y - camera.cy) / camera.fy
    let r2 = u * u + v * v
    let k3 = c.count > 4 ? c[4] : 0
    let radial = 1 + c[0] * r2 + c[1] * r2 * r2 + k3 * r2 * r2 * r2
    let du = u * radial + 2 * c[2] * u * v + c[3] * (r2 + 2 * u * u)
    let dv = v * radial + c[2] * (r2 + 2 * v * v) + 2 * c[3] * u * v
    return (du * camera.fx + camera.cx, dv * camera.fy + camera.cy)
  }

  /// A smooth grey pattern, so that bilinear interpolation is close to exact.
  private static func pattern(_ x: Double, _ y: Double) -> Double {
    128 + 100 * sin(x / 6) * cos(y / 5)
  }

  private static func image(
    _ format: PixelFormat, _ value: (Int, Int) -> Double
  ) throws -> PixelBuffer {
    let w = camera.width
    let h = camera.height
    var bytes: [UInt8] = []
    for y in 0..<h {
      for x in 0..<w {
        switch format {
        case .gray8: bytes.append(UInt8(value(x, y).rounded()))
        case .depthUInt16:
          withUnsafeBytes(of: UInt16(value(x, y)).littleEndian) { bytes += $0 }
        default: XCTFail("not used here")
        }
      }
    }
    return try PixelBuffer(format: format, width: w, height: h, bytes: bytes)
  }

  func testColourTakesWhatTheLensPutWhereTheModelSendsEachPixel() throws {
    let lens = try LensUndistortion(camera: Self.camera, coefficients: Self.barrel)
    let input = try Self.image(.gray8) { Self.pattern(Double($0), Double($1)) }
    let output = try lens.undistorted(input)
    XCTAssertEqual(output.format, .gray8)
    var largestError = 0.0
    var largestChange = 0.0
    for y in 0..<Self.camera.height {
      for x in 0..<Self.camera.width {
        let (u, v) = Self.distorted(Double(x), Double(y), Self.barrel)
        let got = output.value(x: x, y: y)
        largestError = max(largestError, abs(got - Self.pattern(u, v)))
        largestChange = max(largestChange, abs(got - input.value(x: x, y: y)))
      }
    }
    XCTAssertLessThanOrEqual(largestError, 4, "bilinear on a smooth pattern, rounded to bytes")
    XCTAssertGreaterThan(largestChange, 50, "the lens's image is resampled, not copied")
    XCTAssertEqual(
      try lens.undistorted(input).withUnsafeBytes { Array($0) },
      output.withUnsafeBytes { Array($0) }, "the same image gives the same bytes")
  }

  func testDepthTakesTheNearestPixelAndNoneBeyondTheLensView() throws {
    let lens = try LensUndistortion(camera: Self.camera, coefficients: Self.freiburg1)
    let width = Self.camera.width
    let input = try Self.image(.depthUInt16) { x, y in Double(1000 + x + width * y) }
    let output = try lens.undistorted(DepthData(depthMap: input, unitsPerMeter: 1000))
    XCTAssertEqual(output.unitsPerMeter, 1000)
    var exact = 0
    var beyond = 0
    var inside = 0
    for y in 0..<Self.camera.height {
      for x in 0..<width {
        let (u, v) = Self.distorted(Double(x), Double(y), Self.freiburg1)
        let (column, row) = (Int(u.rounded()), Int(v.rounded()))
        let got = output.depthMap.value(x: x, y: y)
        // A value is one source pixel's (no blend of depths across an edge).
        XCTAssertTrue(got == 0 || (got - 1000).truncatingRemainder(dividingBy: 1) == 0)
        if (0..<width).contains(column) && (0..<Self.camera.height).contains(row)
          && abs(u - u.rounded()) < 0.45 && abs(v - v.rounded()) < 0.45
        {
          inside += 1
          if got == Double(1000 + column + width * row) { exact += 1 }
        } else if u < -1 || v < -1 || u > Double(width) || v > Double(Self.camera.height) {
          beyond += 1
          XCTAssertEqual(got, 0, "no depth at (\(x), \(y)), which the lens did not see")
        }
      }
    }
    XCTAssertGreaterThan(inside, 5000)
    XCTAssertEqual(exact, inside, "every pixel clear of a tie takes the nearest one")
    XCTAssertGreaterThan(beyond, 20, "the pinhole view's corners lie beyond the lens's")
  }

  func testBadLensesAndImagesAreRefusedNamingTheProblem() throws {
    XCTAssertNil(LensUndistortion.problem(with: Self.barrel))
    XCTAssertEqual(
      LensUndistortion.problem(with: [0.1, 0.2]),
      "must have 4, 5, 8, 12 or 14 coefficients (OpenCV order), got 2")
    XCTAssertEqual(
      LensUndistortion.problem(with: [0.1, 0.2, .nan, 0]),
      "coefficient 2 is nan, not a finite number within ±1000")
    XCTAssertThrowsError(try LensUndistortion(camera: Self.camera, coefficients: [0, 0, 0])) {
      XCTAssertTrue("\($0)".contains("got 3"), "\($0)")
    }
    var flat = Self.camera
    flat.fx = 0
    XCTAssertThrowsError(try LensUndistortion(camera: flat, coefficients: Self.barrel)) {
      XCTAssertTrue("\($0)".contains("focal lengths must be > 0"), "\($0)")
    }
    let lens = try LensUndistortion(camera: Self.camera, coefficients: Self.barrel)
    let small = try PixelBuffer(
      format: .gray8, width: 8, height: 8, bytes: Array(repeating: 0, count: 64))
    XCTAssertThrowsError(try lens.undistorted(small)) {
      XCTAssertTrue("\($0)".contains("image is 8x8 but the camera is 160x120"), "\($0)")
    }
  }
}
