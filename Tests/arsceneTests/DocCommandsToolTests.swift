import Foundation
import TestSupport
import XCTest

/// Tools/check-doc-commands: the shell lines of the user documentation are
/// run, and a documented option that no longer exists, or a line that
/// fails, fails the check naming the file and the line. Tools/test runs the
/// check over README.md and docs/; these tests give it small documents whose
/// faults are known.
final class DocCommandsToolTests: XCTestCase {
  private let tool = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Tools/check-doc-commands").path

  /// Writes `markdown` as `name` in a fresh folder and runs the check on it
  /// with the release arscene.
  private func check(_ markdown: String, name: String = "guide.md", minimumCoverage: Int = 0)
    throws -> CommandResult
  {
    let arscene = try CommandRunner.releaseExecutable()
    let folder = try TemporaryFolder.make("arscene-doc-commands", removedAfter: self)
    let document = folder.appendingPathComponent(name)
    try Data(markdown.utf8).write(to: document)
    return try CommandRunner.python([
      tool, arscene.path, document.path, "--min-coverage", "\(minimumCoverage)",
    ])
  }

  func testDocumentedLinesRunInOrderInOneScratchFolder() throws {
    let result = try check(
      """
      # Guide

      ```sh
      arscene dataset synth --frames 10 --width 160 --height 120 --out room   # a comment
      arscene replay room --events events.jsonl \\
        --no-timings
      grep -q '"type":"summary"' events.jsonl
      ```
      """)
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertTrue(result.stdout.contains("3 shell lines: 3 run"), result.stdout)
  }

  func testAnOptionThatDoesNotExistNamesTheFileLineAndOptionBeforeAnythingRuns() throws {
    let result = try check(
      """
      # Guide

      ```sh
      arscene dataset synth --frames 10 --out room
      arscene replay room --loop-closures
      ```
      """)
    XCTAssertEqual(result.status, 1, result.stdout)
    XCTAssertTrue(
      result.stderr.contains("guide.md:5: `arscene replay` has no option --loop-closures"),
      result.stderr)
    XCTAssertTrue(result.stdout.contains("nothing run"), result.stdout)
  }

  func testOptionsOnlyBlocksAreCheckedButNotRun() throws {
    let missing = try check(
      """
      <!-- doc-commands: options-only (needs a recording) -->
      ```sh
      arscene replay ~/data/7scenes/redkitchen --ignore-stated-gravity
      arscene eval ~/data/7scenes/redkitchen --aling sim3
      ```
      """)
    XCTAssertEqual(missing.status, 1, missing.stdout)
    XCTAssertTrue(
      missing.stderr.contains("guide.md:4: `arscene eval` has no option --aling"), missing.stderr)

    let fine = try check(
      """
      <!-- doc-commands: options-only (needs a recording) -->
      ```sh
      arscene replay ~/data/7scenes/redkitchen --ignore-stated-gravity
      ```
      """)
    XCTAssertEqual(fine.status, 0, fine.stderr)
    XCTAssertTrue(fine.stdout.contains("0 run, 1 checked against --help only"), fine.stdout)
  }

  func testAFailingLineNamesItsLineAndStopsTheFile() throws {
    let result = try check(
      """
      ```sh
      arscene dataset info no-such-sequence
      arscene --version
      ```
      """)
    XCTAssertEqual(result.status, 1, result.stdout)
    XCTAssertTrue(result.stderr.contains("guide.md:2: exit 1: arscene dataset info"), result.stderr)
    XCTAssertTrue(result.stderr.contains("no-such-sequence"), "the command's own error is shown")
  }

  func testIssueNumbersInUserDocumentationAreRefused() throws {
    let result = try check("Loop closure is off by default (see issue 15).\n")
    XCTAssertEqual(result.status, 1, result.stdout)
    XCTAssertTrue(result.stderr.contains("guide.md:1: names issue 15"), result.stderr)
  }

  func testTooFewCoveredLinesFailTheCoverageTarget() throws {
    let result = try check(
      """
      <!-- doc-commands: options-only (a build of its own) -->
      ```sh
      swift build -c release
      ```
      """, minimumCoverage: 90)
    XCTAssertEqual(result.status, 1, result.stdout)
    XCTAssertTrue(result.stderr.contains("only 0.0% of the shell lines"), result.stderr)
  }

  /// The README's first screen (60 lines) says what ARScene is and shows
  /// the picture, the two commands and the feature table; the picture is a
  /// committed PNG of at most 300 KB.
  func testTheReadmeFirstScreenHoldsThePictureTheTwoCommandsAndTheFeatureTable() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    let firstScreen = readme.split(separator: "\n", omittingEmptySubsequences: false).prefix(60)
      .joined(separator: "\n")
    for expected in [
      "](docs/images/report.png)", "Tools/demo", "Tools/test", "| World tracking with depth",
      "| Python package |",
    ] {
      XCTAssertTrue(firstScreen.contains(expected), "the first 60 lines lack \(expected)")
    }
    let picture = root.appendingPathComponent("docs/images/report.png")
    let bytes = try Data(contentsOf: picture)
    XCTAssertEqual(Array(bytes.prefix(4)), [0x89, 0x50, 0x4E, 0x47], "a PNG")
    XCTAssertLessThanOrEqual(bytes.count, 300_000, "the README's picture stays under 300 KB")
  }
}
