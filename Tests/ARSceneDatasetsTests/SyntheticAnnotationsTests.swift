import ARScene
import ARSceneDatasets
import Foundation
import XCTest

/// annotations.json agrees with the frames it annotates: rays through each
/// plane see it at its depth (or something in front of it, never behind),
/// reference images sit where the depth says, and the file is canonical.
final class SyntheticAnnotationsTests: XCTestCase {
  private struct Plane {
    var name: String
    var normal: SIMD3<Double>
    var polygon: [SIMD3<Double>]

    var center: SIMD3<Double> { polygon.reduce(.zero, +) / Double(polygon.count) }

    /// Whether a point of the plane lies inside its (axis-aligned) polygon.
    func contains(_ p: SIMD3<Double>) -> Bool {
      let low = polygon.reduce(polygon[0]) { pointwiseMin($0, $1) }
      let high = polygon.reduce(polygon[0]) { pointwiseMax($0, $1) }
      return (0..<3).allSatisfy { p[$0] >= low[$0] - 1e-6 && p[$0] <= high[$0] + 1e-6 }
    }
  }

  private func planes(_ files: SyntheticSequenceFiles) throws -> [Plane] {
    let entries = try XCTUnwrap(files.annotations()["planes"] as? [[String: Any]])
    return try entries.map { entry in
      let normal = try XCTUnwrap(entry["normal"] as? [Double])
      let polygon = try XCTUnwrap(entry["polygon"] as? [[Double]])
      return Plane(
        name: try XCTUnwrap(entry["name"] as? String), normal: SIMD3(normal),
        polygon: polygon.map { SIMD3($0) })
    }
  }

  /// For every frame and plane, pixels whose rays cross the plane inside its
  /// polygon: the rendered depth must not lie behind the plane (nothing is
  /// drawn through a plane), and where nothing stands in front it must equal
  /// the plane's depth. Returns how often each plane was seen at its depth.
  private func checkPlanesAgainstDepth(_ files: SyntheticSequenceFiles) throws -> [String: Int] {
    let planes = try self.planes(files)
    let k = try files.intrinsics()
    let truth = try files.groundTruth()
    var seen: [String: Int] = [:]
    var tested = 0
    var matched = 0
    for (index, (_, pose)) in truth.enumerated() {
      let depth = try files.depth(index)
      let scale = Double(SyntheticSequenceGenerator.depthUnitsPerMeter)
      for plane in planes {
        // The centre and points halfway to each corner.
        let targets = [plane.center] + plane.polygon.map { (plane.center + $0) / 2 }
        for target in targets {
          let camera = pose.rotation.conjugate.rotate(target - pose.position)
          guard camera.z < -0.1, (pose.position - target).dot(plane.normal) > 0.05 else { continue }
          let u = Int((k.fx * camera.x / -camera.z + k.cx).rounded())
          let v = Int((k.fy * -camera.y / -camera.z + k.cy).rounded())
          guard u >= 0, u < depth.width, v >= 0, v < depth.height else { continue }
          // This pixel's own ray, and where it meets the plane.
          let ray = pose.rotation.rotate(
            SIMD3((Double(u) - k.cx) / k.fx, -(Double(v) - k.cy) / k.fy, -1))
          let s = (plane.center - pose.position).dot(plane.normal) / ray.dot(plane.normal)
          guard s > 0, plane.contains(pose.position + s * ray) else { continue }
          let rendered = depth.value(x: u, y: v) / scale
          tested += 1
          XCTAssertGreaterThan(rendered, 0, "\(plane.name), frame \(index): no depth")
          XCTAssertLessThanOrEqual(
            rendered, s + 0.01, "\(plane.name), frame \(index): depth behind the plane")
          if abs(rendered - s) < 0.01 {
            matched += 1
            seen[plane.name, default: 0] += 1
          }
        }
      }
    }
    XCTAssertGreaterThan(tested, 50)
    XCTAssertGreaterThan(Double(matched) / Double(tested), 0.5, "most sample points are in view")
    return seen
  }

  func testRaysThroughAnnotatedPlanesHitTheirDepthInTheWalk() throws {
    let files = try SyntheticSequenceFiles.generate(self, frames: 20, noise: false)
    let seen = try checkPlanesAgainstDepth(files)
    for name in ["floor", "table top"] {
      XCTAssertGreaterThan(seen[name] ?? 0, 0, "\(name) is seen where annotated")
    }
    XCTAssertGreaterThan(seen.keys.filter { $0.hasPrefix("wall") }.count, 0)
  }

  func testRaysThroughAnnotatedPlanesHitTheirDepthInTheOrbitAndPan() throws {
    for motion in [SyntheticMotion.orbit, .pan] {
      let files = try SyntheticSequenceFiles.generate(
        self, motion: motion, frames: 30, noise: false)
      let seen = try checkPlanesAgainstDepth(files)
      XCTAssertGreaterThanOrEqual(seen.count, 3, "\(motion.rawValue) sees planes: \(seen)")
    }
  }

  func testReferenceImagesSitWhereTheDepthSaysWhileVisible() throws {
    let files = try SyntheticSequenceFiles.generate(
      self, scenario: .image, frames: 60, noise: false)
    let images = try XCTUnwrap(files.annotations()["referenceImages"] as? [[String: Any]])
    let k = try files.intrinsics()
    let truth = try files.groundTruth()
    var checked = 0
    var matched = 0
    for image in images {
      let values = try XCTUnwrap(image["worldFromImage"] as? [Double])
      let worldFromImage = try XCTUnwrap(Transform(columnMajor: values.map(Float.init)))
      let centre = SIMD3<Double>(worldFromImage.translation)
      let normal = SIMD3<Double>(
        Double(values[4]), Double(values[5]), Double(values[6]))
      let visible = try XCTUnwrap(image["visible"] as? [[String: Double]])
        .compactMap(TimeRange.init(json:))
      for (index, (time, pose)) in truth.enumerated()
      where visible.contains(where: { $0.contains(time) }) {
        XCTAssertGreaterThan((pose.position - centre).dot(normal), 0, "faces the camera")
        let camera = pose.rotation.conjugate.rotate(centre - pose.position)
        guard camera.z < -0.1 else { continue }
        let u = Int((k.fx * camera.x / -camera.z + k.cx).rounded())
        let v = Int((k.fy * -camera.y / -camera.z + k.cy).rounded())
        let depth = try files.depth(index)
        guard u >= 0, u < depth.width, v >= 0, v < depth.height else { continue }
        let ray = pose.rotation.rotate(
          SIMD3((Double(u) - k.cx) / k.fx, -(Double(v) - k.cy) / k.fy, -1))
        let s = (centre - pose.position).dot(normal) / ray.dot(normal)
        let rendered =
          depth.value(x: u, y: v) / Double(SyntheticSequenceGenerator.depthUnitsPerMeter)
        // Something may stand in front of the centre of a picture that is
        // mostly in view, but nothing is ever drawn behind it.
        XCTAssertLessThanOrEqual(rendered, s + 0.01, "\(image["name"] ?? "?") at \(time) s")
        checked += 1
        if abs(rendered - s) < 0.01 { matched += 1 }
      }
    }
    XCTAssertGreaterThan(checked, 20)
    XCTAssertGreaterThan(Double(matched) / Double(checked), 0.8)
  }

  func testAnnotationsAreCanonical() throws {
    let files = try SyntheticSequenceFiles.generate(self, scenario: .dark, frames: 12)
    let text = try String(
      contentsOf: files.url.appendingPathComponent("annotations.json"), encoding: .utf8)
    let topKeys = text.split(separator: "\n")
      .filter { $0.hasPrefix("  \"") }
      .map { $0.dropFirst(3).prefix { $0 != "\"" } }
      .map(String.init)
    XCTAssertEqual(topKeys, topKeys.sorted())
    XCTAssertEqual(
      Set(topKeys),
      [
        "conditions", "imu", "interruptions", "motion", "planes", "referenceImages", "scenario",
        "scene", "sensorNoise", "surfaces", "thresholds", "world",
      ])
    XCTAssertFalse(text.contains("-0.0,") || text.contains("-0.0]"), "no negative zeros")
    let annotations = try files.annotations()
    XCTAssertEqual(annotations["scenario"] as? String, "dark")
    XCTAssertEqual(annotations["scene"] as? String, "room")
    XCTAssertEqual(annotations["motion"] as? String, "walk")

    // Conditions are sorted, inside the sequence, and each names a frame.
    let times = try files.frameTimes()
    let conditions = try XCTUnwrap(annotations["conditions"] as? [[String: Any]])
    let starts = conditions.compactMap { $0["from"] as? Double }
    XCTAssertEqual(starts, starts.sorted())
    for condition in conditions {
      let from = try XCTUnwrap(condition["from"] as? Double)
      let to = try XCTUnwrap(condition["to"] as? Double)
      XCTAssertLessThanOrEqual(from, to)
      XCTAssertTrue(times.contains { abs($0 - from) < 1e-6 }, "starts on a frame")
      XCTAssertTrue(times.contains { abs($0 - to) < 1e-6 }, "ends on a frame")
      XCTAssertTrue(
        ["tooDark", "excessiveMotion", "insufficientFeatures", "interruption"].contains(
          condition["condition"] as? String ?? ""))
    }
  }
}

extension SIMD3 where Scalar == Double {
  fileprivate func dot(_ other: SIMD3<Double>) -> Double { (self * other).sum() }
}
