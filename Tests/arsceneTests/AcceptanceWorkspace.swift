import Foundation
import XCTest

/// A scratch folder for tests that run `arscene` the way a user would:
/// synthesise a sequence, replay it, read the events. Acceptance tests run
/// the release build.
final class AcceptanceWorkspace {
  let directory: URL
  let arscene: URL

  /// A condition annotated in a synthetic sequence's annotations.json.
  struct AnnotatedCondition: CustomStringConvertible {
    var condition: String
    var from: Double
    var to: Double
    var description: String { "\(condition) \(from)...\(to) s" }
  }

  /// With `releaseBuild` false, the `arscene` built with the tests, for
  /// command-line tests on a few frames that need no release build.
  init(releaseBuild: Bool = true) throws {
    arscene =
      releaseBuild
      ? try CommandRunner.releaseExecutable()
      : CommandRunner.productsDirectory.appendingPathComponent("arscene")
    directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "acceptance-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  func remove() { try? FileManager.default.removeItem(at: directory) }

  /// A path inside the workspace.
  func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

  /// `arscene ARGUMENTS` with this workspace's executable, whatever its exit.
  func run(_ arguments: [String]) throws -> CommandResult {
    try CommandRunner.run(arguments, executable: arscene)
  }

  /// `arscene dataset synth ARGUMENTS --out DIR/NAME`, or a copy of the
  /// same render made earlier in the run (SynthesizedSequenceCache); the
  /// sequence's path.
  func synthesize(_ arguments: [String], name: String) throws -> String {
    let sequence = directory.appendingPathComponent(name).path
    let result = try SynthesizedSequenceCache.synthesize(
      arguments, with: arscene, into: sequence)
    XCTAssertEqual(result.status, 0, result.stderr)
    return sequence
  }

  /// `arscene replay SEQUENCE --events E --no-timings --quiet ARGUMENTS`:
  /// the events file's path.
  func replay(_ sequence: String, _ arguments: [String] = []) throws -> String {
    let events =
      directory.appendingPathComponent(URL(fileURLWithPath: sequence).lastPathComponent).path
      + "-events.jsonl"
    let result = try CommandRunner.run(
      ["replay", sequence, "--events", events, "--no-timings", "--quiet"] + arguments,
      executable: arscene)
    XCTAssertEqual(result.status, 0, result.stderr)
    return events
  }

  /// The lines of an events file, each with its decoded object.
  static func events(_ path: String) throws -> [(line: String, event: [String: Any])] {
    try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map { line in
      let object = try JSONSerialization.jsonObject(with: Data(line.utf8))
      return (String(line), try XCTUnwrap(object as? [String: Any], String(line)))
    }
  }

  /// The conditions annotations.json lists, in its order.
  static func annotatedConditions(in sequence: String) throws -> [AnnotatedCondition] {
    let url = URL(fileURLWithPath: sequence).appendingPathComponent("annotations.json")
    let annotations = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    let conditions = try XCTUnwrap(annotations["conditions"] as? [[String: Any]], url.path)
    return try conditions.map { entry in
      AnnotatedCondition(
        condition: try XCTUnwrap(entry["condition"] as? String),
        from: try XCTUnwrap(entry["from"] as? Double), to: try XCTUnwrap(entry["to"] as? Double))
    }
  }
}
