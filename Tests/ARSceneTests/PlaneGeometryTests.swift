import ARScene
import XCTest

/// ``PlaneGeometry``: the boundary's polygon cut into triangles that cover it
/// exactly, convex or not, wound as the boundary is.
final class PlaneGeometryTests: XCTestCase {
  private func signedArea(_ a: SIMD3<Float>, _ b: SIMD3<Float>, _ c: SIMD3<Float>) -> Float {
    ((b.x - a.x) * (c.z - a.z) - (b.z - a.z) * (c.x - a.x)) / 2
  }

  private func polygonArea(_ points: [SIMD2<Float>]) -> Float {
    var sum: Float = 0
    for i in points.indices {
      let (a, b) = (points[i], points[(i + 1) % points.count])
      sum += a.x * b.y - b.x * a.y
    }
    return sum / 2
  }

  /// Checks the mesh of `boundary`: n - 2 triangles, each wound as the
  /// boundary, together exactly its area, every vertex on the plane.
  private func assertCovers(
    _ boundary: [SIMD2<Float>], file: StaticString = #filePath, line: UInt = #line
  ) {
    let geometry = PlaneGeometry(boundary: boundary)
    XCTAssertEqual(geometry.vertices.count, boundary.count, file: file, line: line)
    XCTAssertTrue(geometry.vertices.allSatisfy { $0.y == 0 }, file: file, line: line)
    XCTAssertEqual(geometry.triangleCount, boundary.count - 2, file: file, line: line)
    let expected = polygonArea(boundary)
    var total: Float = 0
    for t in 0..<geometry.triangleCount {
      let i = geometry.triangleIndices[(3 * t)..<(3 * t + 3)].map { geometry.vertices[Int($0)] }
      let area = signedArea(i[0], i[1], i[2])
      XCTAssertGreaterThan(
        area * expected, 0, "triangle \(t) is wound the other way", file: file, line: line)
      total += area
    }
    XCTAssertEqual(total, expected, accuracy: 1e-4, file: file, line: line)
  }

  func testASquareIsTwoTriangles() {
    assertCovers([SIMD2(-1, -1), SIMD2(1, -1), SIMD2(1, 1), SIMD2(-1, 1)])
    assertCovers([SIMD2(-1, 1), SIMD2(1, 1), SIMD2(1, -1), SIMD2(-1, -1)])
  }

  func testAConcaveOutlineIsCoveredExactly() {
    // An L-shaped floor: a fan from its first vertex would spill outside.
    let lShape: [SIMD2<Float>] = [
      SIMD2(0, 0), SIMD2(3, 0), SIMD2(3, 1), SIMD2(1, 1), SIMD2(1, 3), SIMD2(0, 3),
    ]
    assertCovers(lShape)
    assertCovers(lShape.reversed())
    // A comb with three teeth.
    assertCovers([
      SIMD2(0, 0), SIMD2(5, 0), SIMD2(5, 3), SIMD2(4, 3), SIMD2(4, 1), SIMD2(3, 1), SIMD2(3, 3),
      SIMD2(2, 3), SIMD2(2, 1), SIMD2(1, 1), SIMD2(1, 3), SIMD2(0, 3),
    ])
  }

  func testCollinearVerticesAndTinyBoundaries() {
    assertCovers([SIMD2(0, 0), SIMD2(1, 0), SIMD2(2, 0), SIMD2(2, 1), SIMD2(0, 1)])
    XCTAssertEqual(PlaneGeometry(boundary: [SIMD2(0, 0), SIMD2(1, 0)]).triangleCount, 0)
    XCTAssertEqual(PlaneGeometry(boundary: []).triangleIndices, [])
  }

  func testAPlaneAnchorsGeometryIsItsBoundarys() {
    let boundary: [SIMD2<Float>] = [SIMD2(0, 0), SIMD2(2, 0), SIMD2(2, 2), SIMD2(0, 2)]
    let anchor = PlaneAnchor(
      identifier: UUID(), transform: .identity, alignment: .horizontal, center: SIMD3(1, 0, 1),
      planeExtent: PlaneExtent(width: 2, height: 2), boundary: boundary, area: 4)
    XCTAssertEqual(anchor.geometry, PlaneGeometry(boundary: boundary))
    XCTAssertEqual(anchor.geometry.vertices[2], SIMD3(2, 0, 2))
  }
}
