import ARScene
import XCTest

/// Algebraic properties of rigid transforms over many seeded random samples.
final class TransformTests: XCTestCase {
  private struct Generator {
    var state: UInt64
    mutating func unit() -> Double {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Double(state >> 11) / Double(1 << 53)
    }
    mutating func transform() -> (Quaternion, SIMD3<Double>) {
      let axis = SIMD3(unit() - 0.5, unit() - 0.5, unit() - 0.5)
      return (
        Quaternion(angle: unit() * 2 * .pi, axis: axis),
        SIMD3(unit() - 0.5, unit() - 0.5, unit() - 0.5) * 10
      )
    }
  }

  func testInverseComposesToIdentity() {
    var random = Generator(state: 7)
    for _ in 0..<200 {
      let (q, t) = random.transform()
      let transform = Transform(rotation: q, translation: t)
      XCTAssertLessThan((transform * transform.rigidInverse).maxDifference(to: .identity), 1e-5)
      XCTAssertLessThan((transform.rigidInverse * transform).maxDifference(to: .identity), 1e-5)
    }
  }

  func testCompositionIsAssociativeAndMatchesQuaternions() {
    var random = Generator(state: 11)
    for _ in 0..<200 {
      let (qa, ta) = random.transform()
      let (qb, tb) = random.transform()
      let (qc, tc) = random.transform()
      let a = Transform(rotation: qa, translation: ta)
      let b = Transform(rotation: qb, translation: tb)
      let c = Transform(rotation: qc, translation: tc)
      XCTAssertLessThan(((a * b) * c).maxDifference(to: a * (b * c)), 1e-4)
      XCTAssertLessThan((a * b).rotation.angle(to: qa * qb), 1e-3)
    }
  }

  func testQuaternionMatrixRoundTrip() {
    var random = Generator(state: 3)
    for _ in 0..<500 {
      let (q, _) = random.transform()
      XCTAssertLessThan(Quaternion(matrixColumns: q.matrixColumns).angle(to: q), 1e-6)
      let v = SIMD3(random.unit(), random.unit(), random.unit())
      let rotated = q.rotate(v)
      XCTAssertEqual(
        (rotated * rotated).sum(), (v * v).sum(), accuracy: 1e-9, "rotations keep lengths")
    }
  }

  func testColumnMajorLayoutAndCameraAxesFlip() {
    let transform = Transform(rotation: .identity, translation: SIMD3(1, 2, 3))
    XCTAssertEqual(
      Array(transform.columnMajor[12..<15]), [1, 2, 3], "translation is the last column")
    XCTAssertEqual(Transform(columnMajor: transform.columnMajor), transform)
    XCTAssertNil(Transform(columnMajor: [1, 2]))
    XCTAssertEqual(Transform.cameraAxesFlip * Transform.cameraAxesFlip, .identity)
    // A point 1 m in front of an OpenCV camera (+Z) is at -Z for ARKit's.
    XCTAssertEqual(Transform.cameraAxesFlip.transformPoint(SIMD3(0, 0, 1)), SIMD3(0, 0, -1))
    XCTAssertEqual(Transform(rotation: .cameraAxesFlip, translation: .zero), .cameraAxesFlip)
  }

  func testDescriptionSaysWhereAndHowFarTurned() {
    XCTAssertEqual(
      Transform.identity.description, "translation (0.000, 0.000, 0.000) m, no rotation")
    let turned = Transform(
      rotation: Quaternion(angle: .pi / 2, axis: SIMD3(0, 2, 0)), translation: SIMD3(1, -0.5, 2))
    XCTAssertEqual(
      turned.description,
      "translation (1.000, -0.500, 2.000) m, rotation 90.0° about (0.00, 1.00, 0.00)")
    // The same rotation written with -q: the shorter way round, the same words.
    let q = Quaternion(angle: .pi / 2, axis: SIMD3(0, 1, 0))
    let negated = Transform(
      rotation: Quaternion(x: -q.x, y: -q.y, z: -q.z, w: -q.w), translation: SIMD3(1, -0.5, 2))
    XCTAssertEqual(negated.description, turned.description)
    let half = Transform(rotation: Quaternion(angle: .pi, axis: SIMD3(1, 0, 0)), translation: .zero)
    XCTAssertEqual(
      half.description,
      "translation (0.000, 0.000, 0.000) m, rotation 180.0° about (1.00, 0.00, 0.00)")
  }
}
