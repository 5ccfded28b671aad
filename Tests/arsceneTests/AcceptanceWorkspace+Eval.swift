import Foundation
import XCTest

/// `arscene eval` as the acceptance tests read it: the JSON report and the
/// figures they hold against the issues' targets.
extension AcceptanceWorkspace {
  /// `arscene eval SEQUENCE --json --quiet ARGUMENTS`, decoded; a failed run
  /// fails the test.
  func evaluate(_ sequence: String, _ arguments: [String] = []) throws -> [String: Any] {
    let result = try run(["eval", sequence, "--json", "--quiet"] + arguments)
    XCTAssertEqual(result.status, 0, result.stderr)
    return try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], result.stdout)
  }

  /// `eval` twice: with SE(3) alignment (no scale fitted) for the ATE and
  /// the tracked fraction, and with Sim(3) for the scale error (percent).
  func evaluateInMetres(_ sequence: String, _ arguments: [String] = []) throws -> (
    ate: Double, scaleErrorPercent: Double, tracked: Double
  ) {
    let metric = try evaluate(sequence, arguments)
    let similar = try evaluate(sequence, arguments + ["--align", "sim3"])
    return (
      try Self.ate(metric), try XCTUnwrap(similar["scaleErrorPercent"] as? Double),
      try Self.trackedFraction(metric)
    )
  }

  /// The report's absolute trajectory error, RMSE in metres.
  static func ate(_ report: [String: Any]) throws -> Double {
    try XCTUnwrap((report["ate"] as? [String: Any])?["rmse"] as? Double, "\(report)")
  }

  /// The fraction of frames tracked normally.
  static func trackedFraction(_ report: [String: Any]) throws -> Double {
    try XCTUnwrap(report["trackedFraction"] as? Double, "\(report)")
  }
}
