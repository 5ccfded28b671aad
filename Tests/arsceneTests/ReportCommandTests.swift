import ARScene
import Foundation
import TestSupport
import XCTest

/// `arscene report` (and `replay --report`): one self-contained page with
/// every section, the same bytes for the same replay without timings, what
/// is missing said in its place, a non-empty folder refused, and the page as
/// a browser renders it.
final class ReportCommandTests: XCTestCase {
  private func temporaryFolder() throws -> URL {
    let folder = try TemporaryFolder.make("arscene-report", removedAfter: self)
    return folder
  }

  /// 60 frames of the synthetic room at 320x240: ground truth, depth, IMU.
  private func room(in folder: URL) throws -> String {
    try CommandRunner.synthesizedRoom(frames: 60, in: folder)
  }

  private func files(_ folder: String) throws -> [String: Data] {
    var all: [String: Data] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
      all[name] = try Data(contentsOf: URL(fileURLWithPath: folder).appendingPathComponent(name))
    }
    return all
  }

  func testAReportHasEverySectionAndIsTheSameForTheSameReplay() throws {
    let folder = try temporaryFolder()
    let sequence = try room(in: folder)
    let tap = "t=1,x=0.5,y=0.8,object=chair,on=floor"
    var reports: [[String: Data]] = []
    // The same command twice (the page shows its command line).
    let out = folder.appendingPathComponent("report").path
    for _ in 0..<2 {
      let run = try CommandRunner.run([
        "report", sequence, "--out", out, "--no-timings", "--tap", tap, "--object", "chair",
        "--force",
      ])
      XCTAssertEqual(run.status, 0, run.stderr)
      XCTAssertTrue(run.stderr.contains("Report: \(out)/index.html"), run.stderr)
      reports.append(try files(out))
    }
    XCTAssertEqual(reports[0], reports[1], "two runs of the same replay differ")
    let page = String(decoding: try XCTUnwrap(reports[0]["index.html"]), as: UTF8.self)
    for section in [
      "In short", "Camera path", "Translation error along time", "Tracking and coaching",
      "Surfaces from above", "Where the milliseconds went", "Frames",
    ] {
      XCTAssertTrue(page.contains(">\(section)</h"), "no section \(section)")
    }
    XCTAssertTrue(page.contains("Against the ground truth: ATE"), "no ATE")
    XCTAssertTrue(page.contains("Tap a location to place the chair."), "no coaching message")
    XCTAssertTrue(page.contains("title>object chair"), "the placed chair is not on the map")
    XCTAssertTrue(page.contains("title>annotated floor"), "the annotated planes are not on the map")
    XCTAssertTrue(page.contains("ran with --no-timings"), "the missing timings are not said")
    XCTAssertFalse(page.contains("http://") && page.contains("<script"), "the page fetches")
    XCTAssertFalse(page.contains("src=\"http"), "the page fetches an image")
    let thumbnails = reports[0].keys.filter { $0.hasSuffix(".jpg") }
    XCTAssertEqual(thumbnails.count, 6, "\(reports[0].keys.sorted())")
    for name in thumbnails { XCTAssertTrue(page.contains("src=\"\(name)\""), name) }
    let bytes = reports[0].values.reduce(0) { $0 + $1.count }
    XCTAssertLessThan(bytes, 5 << 20)

    // A folder that is not empty is refused, unless --force.
    let refused = try CommandRunner.run(["report", sequence, "--out", out])
    XCTAssertEqual(refused.status, 1)
    XCTAssertTrue(refused.stderr.contains("is not empty"), refused.stderr)
    XCTAssertTrue(refused.stderr.contains("--force"), refused.stderr)
    XCTAssertEqual(try files(out), reports[0], "a refused report changed the folder")
    let forced = try CommandRunner.run([
      "replay", sequence, "--report", out, "--force", "--quiet",
    ])
    XCTAssertEqual(forced.status, 0, forced.stderr)
    let timed = String(
      decoding: try Data(
        contentsOf: URL(fileURLWithPath: out).appendingPathComponent("index.html")),
      as: UTF8.self)
    XCTAssertTrue(timed.contains("16.7 ms budget"), "timings but no latency plot")
  }

  /// A replay with --mesh shows the mesh from above and from the side as
  /// pictures beside the page, coloured by class: from above, the room's
  /// floor in the floor's colour. Without --mesh there is no such section.
  func testAReplayWithAMeshShowsItFromAboveAndFromTheSide() throws {
    let folder = try temporaryFolder()
    let sequence = try room(in: folder)
    let out = folder.appendingPathComponent("report").path
    let run = try CommandRunner.run([
      "report", sequence, "--out", out, "--mesh", folder.appendingPathComponent("room.glb").path,
      "--no-timings", "--quiet",
    ])
    XCTAssertEqual(run.status, 0, run.stderr)
    let page = try String(contentsOfFile: "\(out)/index.html", encoding: .utf8)
    XCTAssertTrue(page.contains(">Scene mesh</h2>"), "no mesh section")
    XCTAssertTrue(page.contains("title>The mesh from above"), "no view from above")
    XCTAssertTrue(page.contains("title>The mesh from the side"), "no view from the side")
    // The floor's colour (#4c78a8) as the picture from above shades it:
    // facing straight up, unshaded.
    let floor: (UInt8, UInt8, UInt8) = (0x4c, 0x78, 0xa8)
    for name in ["mesh-above.png", "mesh-side.png"] {
      XCTAssertTrue(page.contains("href=\"\(name)\""), "\(name) is not on the page")
      let picture = try PixelBuffer.read(
        contentsOf: URL(fileURLWithPath: out).appendingPathComponent(name))
      let pixels = picture.withUnsafeBytes { Array($0) }
      var floorPixels = 0
      var painted = 0
      for index in stride(from: 0, to: pixels.count - 2, by: 3) {
        let rgb =
          picture.format == .bgr8
          ? (pixels[index + 2], pixels[index + 1], pixels[index])
          : (pixels[index], pixels[index + 1], pixels[index + 2])
        if rgb != (255, 255, 255) { painted += 1 }
        if abs(Int(rgb.0) - Int(floor.0)) <= 2 && abs(Int(rgb.1) - Int(floor.1)) <= 2
          && abs(Int(rgb.2) - Int(floor.2)) <= 2
        {
          floorPixels += 1
        }
      }
      let total = picture.width * picture.height
      XCTAssertGreaterThan(painted, total / 10, "\(name) is nearly blank")
      if name == "mesh-above.png" {
        XCTAssertGreaterThan(floorPixels, painted / 3, "the floor from above is not floor-coloured")
      }
    }

    let plain = folder.appendingPathComponent("plain").path
    XCTAssertEqual(
      try CommandRunner.run(["report", sequence, "--out", plain, "--no-timings", "--quiet"]).status,
      0)
    let plainPage = try String(contentsOfFile: "\(plain)/index.html", encoding: .utf8)
    XCTAssertFalse(plainPage.contains("Scene mesh"))
    XCTAssertFalse(FileManager.default.fileExists(atPath: "\(plain)/mesh-above.png"))
  }

  func testWhatASequenceLacksIsSaidInItsPlace() throws {
    let folder = try temporaryFolder()
    let sequence = try room(in: folder)
    // Neither ground truth nor depth.
    for name in ["groundtruth.txt", "depth.txt", "depth"] {
      try FileManager.default.removeItem(atPath: "\(sequence)/\(name)")
    }
    let out = folder.appendingPathComponent("report").path
    let run = try CommandRunner.run(["report", sequence, "--out", out, "--quiet"])
    XCTAssertEqual(run.status, 0, run.stderr)
    let page = try String(contentsOfFile: "\(out)/index.html", encoding: .utf8)
    XCTAssertTrue(page.contains("This sequence has no ground truth"), page)
    XCTAssertTrue(page.contains("No ground truth to measure the error against"), page)
    XCTAssertTrue(page.contains("No surfaces: the sequence has no depth"), page)
    XCTAssertTrue(page.contains("Where the milliseconds went"), page)
  }

  func testABrowserRendersTheReportWithoutErrors() throws {
    guard
      ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"].contains(
        where: FileManager.default.isExecutableFile(atPath:))
    else {
      throw XCTSkip(
        "no headless browser (chromium) is installed: apt-get install chromium to render the report"
      )
    }
    let folder = try temporaryFolder()
    let sequence = try room(in: folder)
    let out = folder.appendingPathComponent("report").path
    let run = try CommandRunner.run([
      "report", sequence, "--out", out, "--quiet", "--tap", "t=1,x=0.5,y=0.8,object=chair",
      "--mesh", folder.appendingPathComponent("room.ply").path,
    ])
    XCTAssertEqual(run.status, 0, run.stderr)
    let tool = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Tools/report-check")
    let check = try CommandRunner.python([tool.path, out])
    XCTAssertEqual(check.status, 0, check.stderr)
    XCTAssertTrue(FileManager.default.fileExists(atPath: "\(out)/screenshot.png"))
  }

  /// The 600 real frames of the 7-Scenes kitchen: the page and its images
  /// stay under 5 MB.
  func testTheKitchensReportIsSmall() throws {
    let kitchen = try SharedDataset.folder("7scenes-kitchen-dev")
    let folder = try temporaryFolder()
    let out = folder.appendingPathComponent("kitchen").path
    let run = try CommandRunner.run(
      ["report", kitchen.path, "--out", out, "--quiet"],
      executable: try CommandRunner.releaseExecutable())
    XCTAssertEqual(run.status, 0, run.stderr)
    let bytes = try files(out).values.reduce(0) { $0 + $1.count }
    XCTAssertLessThanOrEqual(bytes, 5 << 20, "\(bytes) bytes")
    let page = try String(contentsOfFile: "\(out)/index.html", encoding: .utf8)
    XCTAssertTrue(page.contains("Against the ground truth: ATE"))
  }
}
