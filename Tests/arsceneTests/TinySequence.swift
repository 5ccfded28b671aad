import Foundation
import XCTest

/// A small synthetic sequence (20 frames of 64x48) for command tests that
/// need a recording, not its accuracy.
enum TinySequence {
  /// Renders it as `name` in `directory` with `dataset synth`'s extra
  /// options; returns its path.
  static func synthesize(_ name: String, in directory: URL, _ extra: [String] = []) throws
    -> String
  {
    let path = directory.appendingPathComponent(name).path
    let result = try CommandRunner.run(
      [
        "dataset", "synth", "--frames", "20", "--width", "64", "--height", "48", "--out", path,
        "--quiet",
      ] + extra)
    XCTAssertEqual(result.status, 0, result.stderr)
    return path
  }
}
