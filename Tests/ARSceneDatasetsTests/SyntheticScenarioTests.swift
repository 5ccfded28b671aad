import ARScene
import ARSceneDatasets
import Foundation
import XCTest

/// Every scenario written to disk and read back: byte-identical for a seed,
/// and each one doing to the frames what its annotations say it does.
final class SyntheticScenarioTests: XCTestCase {
  func testEveryScenarioIsByteIdenticalForASeed() throws {
    for scenario in SyntheticScenario.allCases {
      let first = try SyntheticSequenceFiles.generate(self, scenario: scenario, frames: 8)
      let second = try SyntheticSequenceFiles.generate(self, scenario: scenario, frames: 8)
      let a = try first.allFiles()
      let b = try second.allFiles()
      XCTAssertEqual(a.keys.sorted(), b.keys.sorted(), scenario.rawValue)
      for (name, data) in a {
        XCTAssertEqual(data, b[name], "\(scenario.rawValue): \(name) differs between runs")
      }
      for name in ["annotations.json", "imu.txt", "groundtruth.txt", "sequence.json"] {
        XCTAssertNotNil(a[name], "\(scenario.rawValue) has \(name)")
      }
      // The relocalize scenarios write no frame inside their gap.
      let gap = scenario.gap(duration: 8 / 30)
      let written = (0..<8).count { !(gap?.contains(Double($0) / 30) ?? false) }
      XCTAssertLessThan(written, scenario.isRelocalization ? 8 : 9, scenario.rawValue)
      XCTAssertEqual(a.keys.filter { $0.hasPrefix("rgb/") }.count, written, scenario.rawValue)
      XCTAssertEqual(a.keys.filter { $0.hasPrefix("depth/") }.count, written, scenario.rawValue)

      // The image scenario renders 100 reference pictures, slow in a debug
      // build; that another seed changes the images is the same code path
      // for every scenario, so it is checked on the others only.
      if scenario == .image { continue }
      let otherSeed = try SyntheticSequenceFiles.generate(
        self, scenario: scenario, frames: 8, seed: 2)
      XCTAssertNotEqual(
        try otherSeed.allFiles()["rgb/0.000000.png"], a["rgb/0.000000.png"],
        "\(scenario.rawValue): another seed gives other images")
    }
  }

  func testDarkScenarioDimsInsideItsAnnotatedRange() throws {
    let files = try SyntheticSequenceFiles.generate(self, scenario: .dark, frames: 45)
    let ranges = try files.conditionRanges("tooDark")
    XCTAssertEqual(ranges.count, 1, "one dip")
    let dark = try XCTUnwrap(ranges.first)
    var inside: [Double] = []
    var outside: [Double] = []
    for (index, t) in try files.frameTimes().enumerated() {
      let luminance = try files.meanLuminance(ofFrame: index)
      if dark.contains(t) { inside.append(luminance) } else { outside.append(luminance) }
    }
    XCTAssertFalse(inside.isEmpty)
    XCTAssertFalse(outside.isEmpty)
    let lit = try files.meanLuminance(ofFrame: 0)
    XCTAssertGreaterThan(lit, 0.2, "the first frame is lit")
    XCTAssertGreaterThan(outside.max() ?? 0, 0.9 * lit, "the light comes back")
    // tooDark means a gain under 0.2, and luminance follows the gain.
    XCTAssertLessThan(inside.max() ?? 1, 0.25 * lit, "dark throughout the range")
    XCTAssertLessThan(inside.min() ?? 1, 0.03, "near black at the bottom")
  }

  func testInterruptedFramesAreBlackWithoutDepthWhileTheIMUGoesOn() throws {
    let files = try SyntheticSequenceFiles.generate(self, scenario: .interruption, frames: 30)
    let annotations = try files.annotations()
    let interruptions = try XCTUnwrap(annotations["interruptions"] as? [[String: Double]])
    XCTAssertEqual(interruptions.count, 1)
    let covered = try XCTUnwrap(interruptions.first.flatMap(TimeRange.init(json:)))
    XCTAssertEqual(try files.conditionRanges("interruption"), [covered])
    var coveredFrames = 0
    for (index, t) in try files.frameTimes().enumerated() {
      let depth = try files.depth(index)
      let validDepth = try files.validDepthFraction(depth)
      if covered.contains(t) {
        coveredFrames += 1
        XCTAssertLessThan(try files.meanLuminance(ofFrame: index), 0.01, "frame \(index) is black")
        XCTAssertEqual(validDepth, 0, "frame \(index) has no depth")
      } else {
        XCTAssertGreaterThan(validDepth, 0.5, "frame \(index) has depth")
      }
    }
    XCTAssertGreaterThan(coveredFrames, 3)
    // The camera moves on: IMU samples cover the covered stretch evenly.
    let imu = try files.imu()
    let during = imu.filter { covered.contains($0.timestamp) }
    XCTAssertEqual(
      Double(during.count), (covered.to - covered.from) * 200, accuracy: 2)
  }

  func testReferencesListPicturesThatExistWithPositiveWidths() throws {
    let files = try SyntheticSequenceFiles.generate(self, scenario: .image, frames: 4)
    let list = try XCTUnwrap(
      JSONSerialization.jsonObject(
        with: Data(contentsOf: files.url.appendingPathComponent("references/references.json")))
        as? [[String: Any]])
    // The room's pictures first, then distractors (pictures of rooms with
    // other seeds, hung nowhere) up to a session's 100 references.
    XCTAssertEqual(list.count, 100)
    let annotated = try XCTUnwrap(files.annotations()["referenceImages"] as? [[String: Any]])
    XCTAssertEqual(annotated.count, 4)
    XCTAssertEqual(
      list.prefix(4).compactMap { $0["name"] as? String },
      annotated.compactMap { $0["name"] as? String })
    XCTAssertTrue(
      list.dropFirst(4).allSatisfy { ($0["name"] as? String)?.hasPrefix("distractor-") ?? false })
    for (entry, annotation) in zip(list, annotated) {
      let name = try XCTUnwrap(entry["name"] as? String)
      let file = try XCTUnwrap(entry["file"] as? String)
      let width = try XCTUnwrap(entry["physicalWidth"] as? Double)
      XCTAssertEqual(Set(entry.keys), ["name", "file", "physicalWidth"])
      XCTAssertGreaterThan(width, 0, name)
      let picture = try PixelBuffer.read(
        contentsOf: files.url.appendingPathComponent("references").appendingPathComponent(file))
      XCTAssertEqual(max(picture.width, picture.height), 480, name)
      let height = try XCTUnwrap(annotation["physicalHeight"] as? Double)
      XCTAssertEqual(
        Double(picture.height) / Double(picture.width), height / width, accuracy: 0.01, name)
      XCTAssertEqual(annotation["file"] as? String, "references/\(file)")
    }
  }

  func testImageScenarioBringsPicturesIntoAndOutOfView() throws {
    // The image scenario's pan shows both posters coming and going in 6 s.
    let files = try SyntheticSequenceFiles.generate(self, scenario: .image, frames: 180)
    let images = try XCTUnwrap(files.annotations()["referenceImages"] as? [[String: Any]])
    let times = try files.frameTimes()
    var entered = 0
    var left = 0
    for image in images {
      let visible = try XCTUnwrap(image["visible"] as? [[String: Double]])
        .compactMap(TimeRange.init(json:))
      if visible.contains(where: { $0.from > times[0] }) { entered += 1 }
      if visible.contains(where: { $0.to < times[times.count - 1] }) { left += 1 }
    }
    XCTAssertGreaterThanOrEqual(entered, 2, "pictures come into view")
    XCTAssertGreaterThanOrEqual(left, 2, "pictures leave the view")
  }

  func testFastScenarioAnnotatesExcessiveMotionAndBlurs() throws {
    let files = try SyntheticSequenceFiles.generate(self, scenario: .fast, frames: 45, noise: false)
    let ranges = try files.conditionRanges("excessiveMotion")
    XCTAssertEqual(ranges.count, 1)
    let fast = try XCTUnwrap(ranges.first)
    var sharpnessInside: [Double] = []
    var sharpnessOutside: [Double] = []
    for (index, t) in try files.frameTimes().enumerated() {
      let sharpness = try files.meanGradient(ofFrame: index)
      if fast.contains(t) {
        sharpnessInside.append(sharpness)
      } else {
        sharpnessOutside.append(sharpness)
      }
    }
    let mean = { (values: [Double]) in values.reduce(0, +) / Double(values.count) }
    XCTAssertLessThan(mean(sharpnessInside), 0.5 * mean(sharpnessOutside), "the turn blurs")
  }

  func testTexturelessScenarioRunsOutOfFeaturesWhenFacingTheBareWall() throws {
    let files = try SyntheticSequenceFiles.generate(self, scenario: .textureless, frames: 90)
    let ranges = try files.conditionRanges("insufficientFeatures")
    XCTAssertEqual(ranges.count, 1)
    let times = try files.frameTimes()
    let plain = try XCTUnwrap(ranges.first)
    XCTAssertGreaterThan(plain.from, times[0], "it starts on the furniture")
    XCTAssertEqual(plain.to, times[times.count - 1], accuracy: 1e-6, "and ends on a bare wall")
  }

  func testNormalScenarioCreatesNoConditions() throws {
    let files = try SyntheticSequenceFiles.generate(self, scenario: .normal, frames: 20)
    let conditions = try XCTUnwrap(files.annotations()["conditions"] as? [[String: Any]])
    XCTAssertTrue(conditions.isEmpty, "\(conditions)")
  }

  func testNoSurfaceScenarioShowsNoLargeFlatSurface() throws {
    let files = try SyntheticSequenceFiles.generate(
      self, scenario: .noSurface, frames: 30, noise: false)
    let planes = try XCTUnwrap(files.annotations()["planes"] as? [[String: Any]])
    XCTAssertFalse(
      planes.contains { ($0["area"] as? Double ?? 0) > 0.5 }, "no annotated plane above 0.5 m²")
    for index in stride(from: 0, to: 30, by: 6) {
      let largest = try files.largestFlatPatch(ofFrame: index)
      XCTAssertLessThan(largest, 0.5, "frame \(index): largest visible flat patch \(largest) m²")
    }
    // The same measure finds the room's floor, so it can see large planes.
    let room = try SyntheticSequenceFiles.generate(self, scenario: .normal, frames: 1, noise: false)
    XCTAssertGreaterThan(try room.largestFlatPatch(ofFrame: 0), 2)
  }
}

/// A synthetic sequence written for a test into a temporary folder, and ways
/// to read it back straight from its files.
struct SyntheticSequenceFiles {
  let url: URL

  static func generate(
    _ test: XCTestCase, scenario: SyntheticScenario = .normal, motion: SyntheticMotion? = nil,
    frames: Int, seed: UInt64 = 1, noise: Bool = true, width: Int = 96, height: Int = 72
  ) throws -> SyntheticSequenceFiles {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("arscene-synthetic-tests-\(UUID().uuidString)")
    test.addTeardownBlock { try? FileManager.default.removeItem(at: root) }
    var generator = SyntheticSequenceGenerator()
    generator.scenario = scenario
    generator.motion = motion
    generator.frameCount = frames
    generator.seed = seed
    generator.sensorNoise = noise
    generator.width = width
    generator.height = height
    try generator.write(to: root)
    return SyntheticSequenceFiles(url: root)
  }

  /// Every file under the folder, by relative path.
  func allFiles() throws -> [String: Data] {
    var contents: [String: Data] = [:]
    let enumerator = try XCTUnwrap(FileManager.default.enumerator(atPath: url.path))
    for case let relative as String in enumerator {
      let file = url.appendingPathComponent(relative)
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory),
        !isDirectory.boolValue
      {
        contents[relative] = try Data(contentsOf: file)
      }
    }
    return contents
  }

  /// The fields of a list's lines, comments skipped.
  func list(_ name: String) throws -> [[String]] {
    try String(contentsOf: url.appendingPathComponent(name), encoding: .utf8)
      .split(separator: "\n")
      .filter { !$0.hasPrefix("#") }
      .map { $0.split(separator: " ").map(String.init) }
  }

  func frameTimes() throws -> [Double] { try list("rgb.txt").map { Double($0[0])! } }

  func colour(_ index: Int) throws -> PixelBuffer {
    try PixelBuffer.read(contentsOf: url.appendingPathComponent(list("rgb.txt")[index][1]))
  }

  func depth(_ index: Int) throws -> PixelBuffer {
    try PixelBuffer.read(contentsOf: url.appendingPathComponent(list("depth.txt")[index][1]))
  }

  /// world_from_camera per frame, converted to ARKit camera axes.
  func groundTruth() throws -> [(time: Double, pose: CameraPose)] {
    try list("groundtruth.txt").map { fields in
      let v = fields.map { Double($0)! }
      let opencv = Quaternion(x: v[4], y: v[5], z: v[6], w: v[7])
      return (
        v[0], CameraPose(rotation: opencv * .cameraAxesFlip, position: SIMD3(v[1], v[2], v[3]))
      )
    }
  }

  func imu() throws -> [IMUSample] {
    try list("imu.txt").map { fields in
      let v = fields.map { Double($0)! }
      return IMUSample(
        timestamp: v[0], acceleration: SIMD3<Float>(SIMD3(v[1], v[2], v[3])),
        rotationRate: SIMD3<Float>(SIMD3(v[4], v[5], v[6])))
    }
  }

  func annotations() throws -> [String: Any] {
    try XCTUnwrap(
      JSONSerialization.jsonObject(
        with: Data(contentsOf: url.appendingPathComponent("annotations.json")))
        as? [String: Any])
  }

  func conditionRanges(_ name: String) throws -> [TimeRange] {
    let conditions = try XCTUnwrap(annotations()["conditions"] as? [[String: Any]])
    return conditions.filter { $0["condition"] as? String == name }.compactMap { entry in
      guard let from = entry["from"] as? Double, let to = entry["to"] as? Double else { return nil }
      return TimeRange(from: from, to: to)
    }
  }

  /// Rec. 601 luma of a decoded colour image, 0...1.
  static func luma(_ image: PixelBuffer, x: Int, y: Int) -> Double {
    let (red, blue) = image.format == .bgr8 ? (2, 0) : (0, 2)
    return
      (0.299 * image.value(x: x, y: y, channel: red)
      + 0.587 * image.value(x: x, y: y, channel: 1)
      + 0.114 * image.value(x: x, y: y, channel: blue)) / 255
  }

  func meanLuminance(ofFrame index: Int) throws -> Double {
    let image = try colour(index)
    var sum = 0.0
    for y in 0..<image.height {
      for x in 0..<image.width { sum += Self.luma(image, x: x, y: y) }
    }
    return sum / Double(image.width * image.height)
  }

  /// Mean absolute difference of neighbouring pixels' luma: falls with blur.
  func meanGradient(ofFrame index: Int) throws -> Double {
    let image = try colour(index)
    var sum = 0.0
    for y in 0..<(image.height - 1) {
      for x in 0..<(image.width - 1) {
        let here = Self.luma(image, x: x, y: y)
        sum +=
          abs(Self.luma(image, x: x + 1, y: y) - here)
          + abs(Self.luma(image, x: x, y: y + 1) - here)
      }
    }
    return sum / Double((image.width - 1) * (image.height - 1))
  }

  func validDepthFraction(_ depth: PixelBuffer) throws -> Double {
    var valid = 0
    for y in 0..<depth.height {
      for x in 0..<depth.width where depth.value(x: x, y: y) > 0 { valid += 1 }
    }
    return Double(valid) / Double(depth.width * depth.height)
  }

  func intrinsics() throws -> (fx: Double, fy: Double, cx: Double, cy: Double) {
    let json = try XCTUnwrap(
      JSONSerialization.jsonObject(
        with: Data(contentsOf: url.appendingPathComponent("sequence.json"))) as? [String: Any])
    let camera = try XCTUnwrap(json["camera"] as? [String: Double])
    return (camera["fx"]!, camera["fy"]!, camera["cx"]!, camera["cy"]!)
  }

  /// Frame `index`'s depth as world points (nil where there is no depth),
  /// row-major, using the ground-truth pose.
  func worldPoints(ofFrame index: Int) throws -> (points: [SIMD3<Double>?], width: Int, height: Int)
  {
    let depth = try self.depth(index)
    let k = try intrinsics()
    let pose = try groundTruth()[index].pose
    var points: [SIMD3<Double>?] = []
    for v in 0..<depth.height {
      for u in 0..<depth.width {
        let z = depth.value(x: u, y: v) / Double(SyntheticSequenceGenerator.depthUnitsPerMeter)
        guard z > 0 else {
          points.append(nil)
          continue
        }
        // The pixel's ray in ARKit camera axes reaches depth z at -z.
        let camera = SIMD3((Double(u) - k.cx) / k.fx * z, -(Double(v) - k.cy) / k.fy * z, -z)
        points.append(pose.rotation.rotate(camera) + pose.position)
      }
    }
    return (points, depth.width, depth.height)
  }

  /// The area in m² of the largest connected patch of the view that lies in
  /// one axis-aligned plane (every surface of the synthetic scenes is
  /// axis-aligned): pixels whose world points share a coordinate with their
  /// right and lower neighbours to within a millimetre, grown over
  /// neighbours on the same plane, each pixel counted by the surface area
  /// it covers. Needs noise-free depth.
  func largestFlatPatch(ofFrame index: Int) throws -> Double {
    let (points, width, height) = try worldPoints(ofFrame: index)
    let k = try intrinsics()
    // The plane of each pixel: (axis, coordinate in millimetres).
    var planes = [SIMD2<Int>?](repeating: nil, count: points.count)
    for v in 0..<(height - 1) {
      for u in 0..<(width - 1) {
        guard let p = points[v * width + u], let right = points[v * width + u + 1],
          let below = points[(v + 1) * width + u]
        else { continue }
        for axis in 0..<3
        where abs(right[axis] - p[axis]) < 1e-3 && abs(below[axis] - p[axis]) < 1e-3 {
          planes[v * width + u] = SIMD2(axis, Int((p[axis] * 1000).rounded()))
        }
      }
    }
    let camera = try groundTruth()[index].pose
    var seen = [Bool](repeating: false, count: points.count)
    var largest = 0.0
    for start in planes.indices where planes[start] != nil && !seen[start] {
      var area = 0.0
      var stack = [start]
      seen[start] = true
      while let i = stack.popLast() {
        let point = points[i]!
        let axis = planes[i]![0]
        // A pixel on the optical axis covers (z / f)² of a fronto-parallel
        // surface; a tilted surface more, by 1 / the cosine of the angle
        // between the ray and the surface normal.
        // Off the optical axis a pixel's solid angle shrinks by z / distance.
        let ray = point - camera.position
        let distance = ray.length
        let z = -camera.rotation.conjugate.rotate(ray).z
        let cosine = abs(ray[axis]) / distance
        area += (z / k.fx) * (z / k.fy) * (z / distance) / max(cosine, 0.05)
        let (u, v) = (i % width, i / width)
        for (du, dv) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
          let (nu, nv) = (u + du, v + dv)
          guard nu >= 0, nu < width, nv >= 0, nv < height else { continue }
          let j = nv * width + nu
          if !seen[j], planes[j] == planes[i] {
            seen[j] = true
            stack.append(j)
          }
        }
      }
      largest = max(largest, area)
    }
    return largest
  }
}

extension TimeRange {
  /// From annotations.json's `{"from": …, "to": …}`.
  init?(json: [String: Double]) {
    guard let from = json["from"], let to = json["to"] else { return nil }
    self.init(from: from, to: to)
  }
}

extension SIMD3 where Scalar == Double {
  fileprivate var length: Double { (self * self).sum().squareRoot() }
}
