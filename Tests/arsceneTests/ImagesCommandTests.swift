import Foundation
import TestSupport
import XCTest

/// `arscene images detect` and `images check` against the targets on
/// the real photos in ../shared/datasets (skipped when they are absent):
/// Oxford affine sets (img1 as the reference), OpenCV's box, 100 DVD covers
/// with 7-Scenes kitchen frames that must show none of them.
final class ImagesCommandTests: XCTestCase {
  private var directory: URL!

  override func setUpWithError() throws {
    directory = try TemporaryFolder.make("images", removedAfter: self)
  }

  /// A reference folder whose pictures are links to the dataset's files
  /// (nothing is copied): [(name, file, physicalWidth)].
  private func referenceFolder(_ references: [(String, URL, Double)]) throws -> String {
    let folder = directory.appendingPathComponent("references-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    var list: [[String: Any]] = []
    for (name, file, width) in references {
      let link = "\(name).\(file.pathExtension)"
      try FileManager.default.createSymbolicLink(
        at: folder.appendingPathComponent(link), withDestinationURL: file)
      list.append(["name": name, "file": link, "physicalWidth": width])
    }
    try JSONSerialization.data(withJSONObject: list).write(
      to: folder.appendingPathComponent("references.json"))
    return folder.path
  }

  private struct Detection {
    var name: String
    var corners: [[Double]]
    var homography: [Double]
    var score: Double
    var transform: [Double]
  }

  /// Runs `images detect` and parses its JSON: detections per picture, in order.
  private func detect(_ references: String, _ pictures: [String], executable: URL? = nil)
    throws -> [[Detection]]
  {
    let result = try CommandRunner.run(
      ["images", "detect", "--references", references] + pictures, executable: executable)
    XCTAssertEqual(result.status, 0, result.stderr)
    let array = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    XCTAssertEqual(array.count, pictures.count)
    return try zip(array, pictures).map { object, picture in
      XCTAssertEqual(object["image"] as? String, picture)
      let detections = try XCTUnwrap(object["detections"] as? [[String: Any]])
      return try detections.map {
        Detection(
          name: try XCTUnwrap($0["name"] as? String),
          corners: try XCTUnwrap($0["corners"] as? [[Double]]),
          homography: try XCTUnwrap($0["homography"] as? [Double]),
          score: try XCTUnwrap($0["score"] as? Double),
          transform: try XCTUnwrap($0["transform"] as? [Double]))
      }
    }
  }

  /// Mean distance between the reference's corners mapped by the two
  /// homographies (row-major 3x3).
  private func meanCornerError(_ a: [Double], _ b: [Double], width: Double, height: Double)
    -> Double
  {
    func map(_ h: [Double], _ x: Double, _ y: Double) -> (Double, Double) {
      let w = h[6] * x + h[7] * y + h[8]
      return ((h[0] * x + h[1] * y + h[2]) / w, (h[3] * x + h[4] * y + h[5]) / w)
    }
    let corners = [(0.0, 0.0), (width, 0.0), (width, height), (0.0, height)]
    return corners.map { c in
      let p = map(a, c.0, c.1)
      let q = map(b, c.0, c.1)
      return ((p.0 - q.0) * (p.0 - q.0) + (p.1 - q.1) * (p.1 - q.1)).squareRoot()
    }.reduce(0, +) / 4
  }

  private func imageSize(_ url: URL) throws -> (Double, Double) {
    // PNG: width and height are big-endian at bytes 16...23.
    let data = try Data(contentsOf: url)
    func word(_ at: Int) -> Double {
      Double(data[at...at + 3].reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
    }
    return (word(16), word(20))
  }

  /// Issue 6: mean corner error <= 1.5 px on img2-img3 of every set, within
  /// 5 px on img4; img5-img6 are reported only (printed).
  func testOxfordAffineCornerErrors() throws {
    let oxford = try SharedDataset.folder("oxford-affine")
    for set in ["graf", "boat", "bikes", "leuven"] {
      let folder = oxford.appendingPathComponent(set)
      let reference = folder.appendingPathComponent("img1.png")
      let references = try referenceFolder([(set, reference, 0.3)])
      let pictures = (2...6).map { folder.appendingPathComponent("img\($0).png").path }
      let found = try detect(references, pictures)
      let (width, height) = try imageSize(reference)
      for (k, detections) in zip(2...6, found) {
        let text = try String(
          contentsOf: folder.appendingPathComponent("H1to\(k)p"), encoding: .utf8)
        let truth = text.split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
        XCTAssertEqual(truth.count, 9)
        guard let best = detections.first, best.name == set else {
          print("oxford \(set) img\(k): not found")
          XCTAssertGreaterThan(k, 4, "\(set) img\(k) must be found")
          continue
        }
        let error = meanCornerError(best.homography, truth, width: width, height: height)
        print(String(format: "oxford %@ img%d: mean corner error %.3f px", set, k, error))
        if k <= 3 { XCTAssertLessThanOrEqual(error, 1.5, "\(set) img\(k)") }
        if k == 4 { XCTAssertLessThanOrEqual(error, 5, "\(set) img4") }
      }
    }
  }

  func testBoxIsFoundInTheScene() throws {
    let samples = try SharedDataset.folder("opencv-samples")
    let references = try referenceFolder([
      ("box", samples.appendingPathComponent("box.png"), 0.2)
    ])
    let found = try detect(references, [samples.appendingPathComponent("box_in_scene.png").path])
    let box = try XCTUnwrap(found[0].first, "the box must be found")
    XCTAssertEqual(box.name, "box")
    // The box lies left of the 512x384 scene's centre line, upright (its
    // corners checked by eye: about (118, 161), (284, 176), (268, 298),
    // (89, 272)).
    let xs = box.corners.map { $0[0] }
    let ys = box.corners.map { $0[1] }
    XCTAssertGreaterThan(xs.min()!, 70)
    XCTAssertLessThan(xs.max()!, 300)
    XCTAssertGreaterThan(ys.min()!, 140)
    XCTAssertLessThan(ys.max()!, 320)
    XCTAssertLessThan(box.corners[0][0], box.corners[1][0], "top-left is left of top-right")
    XCTAssertEqual(box.transform.count, 16)
    XCTAssertLessThan(box.transform[14], 0, "the box is in front of the camera (-Z)")
  }

  /// The six covers the photos show plus 94 others, chosen as
  /// Tools/peers/run-peers --images chooses them.
  private func dvdReferences(_ dvd: URL) throws -> [(String, URL, Double)] {
    let labelled = [
      "shrek2.jpg", "o_brother_where_art_thou.jpg", "mystic_river.jpg", "toy_story.jpg",
      "the_incredibles.jpg", "matrix.jpg",
    ]
    let folder = dvd.appendingPathComponent("DVDcovers")
    let covers = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { ["jpg", "jpeg", "png"].contains(($0 as NSString).pathExtension.lowercased()) }
      .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    let others = covers.filter { !labelled.contains($0) }
    let count = 100 - labelled.count
    let chosen = labelled + (0..<count).map { others[$0 * others.count / count] }
    return chosen.sorted().map {
      (($0 as NSString).deletingPathExtension, folder.appendingPathComponent($0), 0.19)
    }
  }

  private func plausible(_ corners: [[Double]], width: Double, height: Double) -> Bool {
    // Convex, clockwise in image axes, inside a generous margin of the photo.
    for k in 0..<4 {
      let a = corners[k]
      let b = corners[(k + 1) % 4]
      let c = corners[(k + 2) % 4]
      let cross = (b[0] - a[0]) * (c[1] - b[1]) - (b[1] - a[1]) * (c[0] - b[0])
      if cross <= 0 { return false }
    }
    return corners.allSatisfy {
      $0[0] > -0.5 * width && $0[0] < 1.5 * width && $0[1] > -0.5 * height && $0[1] < 1.5 * height
    }
  }

  func testDVDCoversAmongOneHundredReferences() throws {
    let dvd = try SharedDataset.folder("dvd-covers")
    let chosen = try dvdReferences(dvd)
    XCTAssertEqual(chosen.count, 100)
    let references = try referenceFolder(chosen)
    let photos = [1, 3, 6, 7].map {
      dvd.appendingPathComponent("test/image_0\($0).jpeg").path
    }
    let found = try detect(references, photos)
    for (photo, expected) in zip(found, ["shrek2", "mystic_river", nil, "matrix"]) {
      guard let expected else {
        XCTAssertEqual(photo.map(\.name), [], "photo 06 shows no reference")
        continue
      }
      let best = try XCTUnwrap(photo.first, "\(expected) must be found")
      XCTAssertEqual(best.name, expected)
      XCTAssertTrue(plausible(best.corners, width: 1005, height: 750), "\(best.corners)")
      XCTAssertEqual(photo.count, 1, "only \(expected): \(photo.map(\.name))")
    }
  }

  func testNoCoverIsFoundInAnyKitchenFrame() throws {
    let dvd = try SharedDataset.folder("dvd-covers")
    let kitchen = try SharedDataset.folder("7scenes-kitchen-dev")
    let references = try referenceFolder(try dvdReferences(dvd))
    let frames = try FileManager.default.contentsOfDirectory(atPath: kitchen.path)
      .filter { $0.hasSuffix(".color.jpg") }.sorted()
      .map { kitchen.appendingPathComponent($0).path }
    XCTAssertEqual(frames.count, 600)
    let found = try detect(references, frames, executable: try CommandRunner.releaseExecutable())
    let detections = zip(frames, found).filter { !$0.1.isEmpty }
    XCTAssertEqual(
      detections.map { "\(($0.0 as NSString).lastPathComponent): \($0.1.map(\.name))" }, [])
  }

  func testCheckScoresAndRejectsWithReasons() throws {
    let samples = try SharedDataset.folder("opencv-samples")
    let box = samples.appendingPathComponent("box.png")
    // A flat grey picture has no texture; the box twice is duplicate content.
    let folder = directory.appendingPathComponent("check")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      at: folder.appendingPathComponent("box.png"), withDestinationURL: box)
    try FileManager.default.createSymbolicLink(
      at: folder.appendingPathComponent("copy.png"), withDestinationURL: box)
    let list: [[String: Any]] = [
      ["name": "box", "file": "box.png", "physicalWidth": 0.2],
      ["name": "copy", "file": "copy.png", "physicalWidth": 0.2],
    ]
    try JSONSerialization.data(withJSONObject: list).write(
      to: folder.appendingPathComponent("references.json"))
    let result = try CommandRunner.run(["images", "check", folder.path])
    XCTAssertEqual(result.status, 1)
    let lines = result.stdout.split(separator: "\n")
    XCTAssertEqual(lines.count, 3, result.stdout)
    XCTAssertTrue(lines[1].hasSuffix("box  ok"), String(lines[1]))
    XCTAssertTrue(
      lines[2].contains("rejected: reference image 'copy': duplicate content"), String(lines[2]))
    XCTAssertTrue(result.stderr.contains("1 of 2 reference images rejected"), result.stderr)
  }
}
