import Foundation
import TestSupport
import XCTest

/// Tools/peers/reference_error.py: each trajectory's own error, the ground
/// truth's included, from the pairwise ATEs of three or more (a
/// three-cornered hat), on trajectories whose errors are known exactly.
final class ReferenceErrorToolTests: XCTestCase {
  private let tool = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Tools/peers/reference_error.py").path

  /// One 20 s path at 30 Hz, and copies of it with independent, seeded
  /// position noise of known RMS: 2 cm ("reference"), 1 cm and 3 cm.
  /// Prints the noises' RMS in metres.
  private static let makeTrajectories = """
    import sys
    import numpy as np
    folder = sys.argv[1]
    rng = np.random.default_rng(7)
    t = np.arange(600) / 30.0
    truth = np.stack([np.cos(t / 3), np.sin(t / 3), 0.1 * np.sin(t)], axis=1)
    def write(name, positions):
        with open(folder + "/" + name, "w") as out:
            for stamp, p in zip(t, positions):
                out.write("%.6f %.7f %.7f %.7f 0 0 0 1\\n" % (stamp, p[0], p[1], p[2]))
    noises = {}
    for name, rms in (("reference.txt", 0.02), ("near.txt", 0.01), ("far.txt", 0.03)):
        noises[name] = rng.normal(0, rms / np.sqrt(3), truth.shape)
        write(name, truth + noises[name])
    print(" ".join("%.6f" % np.sqrt((n ** 2).sum(axis=1).mean()) for n in noises.values()))
    """

  func testOwnErrorsAreRecoveredFromPairwiseATEs() throws {
    guard try CommandRunner.python(["-c", "import evo, numpy"]).status == 0 else {
      throw XCTSkip("evo is not installed (python3 -m pip install evo)")
    }
    let folder = try TemporaryFolder.make("arscene-reference-error", removedAfter: self)
    let made = try CommandRunner.python(["-c", Self.makeTrajectories, folder.path])
    XCTAssertEqual(made.status, 0, made.stderr)
    let noise = made.stdout.split(separator: " ").compactMap {
      Double($0.trimmingCharacters(in: .whitespacesAndNewlines))
    }
    XCTAssertEqual(noise.count, 3, made.stdout)
    let paths = ["reference.txt", "near.txt", "far.txt"].map {
      folder.appendingPathComponent($0).path
    }

    let hat = try CommandRunner.python([tool] + paths)
    XCTAssertEqual(hat.status, 0, hat.stderr)
    let own = Self.ownErrors(hat.stdout)
    XCTAssertEqual(own.count, 3, hat.stdout)
    for (index, path) in paths.enumerated() {
      let estimate = try XCTUnwrap(own[path], hat.stdout)
      // SE(3) alignment takes a little of each pair's difference away, so
      // the estimates come out slightly low, never by 10%.
      XCTAssertEqual(estimate, noise[index] * 100, accuracy: noise[index] * 10, hat.stdout)
    }
    XCTAssertTrue(hat.stdout.contains("largest relative misfit 0.0%"), hat.stdout)

    // Its pairwise ATE is evo_ape's.
    let evo = try CommandRunner.run(
      ["-c", "evo_ape tum \"$0\" \"$1\" -a", paths[0], paths[1]],
      executable: URL(fileURLWithPath: "/bin/sh"))
    guard evo.status == 0 else { throw XCTSkip("evo_ape is not on the PATH: \(evo.stderr)") }
    let evoRMSE = try XCTUnwrap(
      evo.stdout.split(separator: "\n").first { $0.contains("rmse") }?.split(separator: "\t").last
        .flatMap { Double($0.trimmingCharacters(in: .whitespaces)) }, evo.stdout)
    let pair = try XCTUnwrap(
      hat.stdout.split(separator: "\n").first { $0.hasPrefix("ATE ") && $0.contains("near.txt") }
        .flatMap { $0.split(separator: " ").dropLast().last }.flatMap { Double($0) }, hat.stdout)
    XCTAssertEqual(pair, evoRMSE * 100, accuracy: 0.006, "ATE in cm, printed to 0.01")
  }

  func testBadTrajectoriesAreNamed() throws {
    guard try CommandRunner.python(["-c", "import evo, numpy"]).status == 0 else {
      throw XCTSkip("evo is not installed (python3 -m pip install evo)")
    }
    let folder = try TemporaryFolder.make("arscene-reference-error-bad", removedAfter: self)
    let good = folder.appendingPathComponent("good.txt").path
    let lines = (0..<10).map { "\(Double($0) / 30) \($0) \($0 * $0) \($0 % 3) 0 0 0 1" }
    try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: good))
    let garbled = folder.appendingPathComponent("garbled.txt").path
    try Data("not a trajectory\n".utf8).write(to: URL(fileURLWithPath: garbled))
    let missing = folder.appendingPathComponent("missing.txt").path

    for bad in [garbled, missing] {
      let result = try CommandRunner.python([tool, good, good, bad])
      XCTAssertEqual(result.status, 1, result.stdout)
      XCTAssertTrue(result.stderr.contains(bad), result.stderr)
      XCTAssertFalse(result.stderr.contains("Traceback"), result.stderr)
    }
    let straight = folder.appendingPathComponent("straight.txt").path
    let line = (0..<10).map { "\(Double($0) / 30) \($0) 0 0 0 0 0 1" }
    try Data((line.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: straight))
    let cannotAlign = try CommandRunner.python([tool, straight, straight, good])
    XCTAssertEqual(cannotAlign.status, 1, cannotAlign.stdout)
    XCTAssertTrue(cannotAlign.stderr.contains("cannot be aligned"), cannotAlign.stderr)
    let tooFew = try CommandRunner.python([tool, good, good])
    XCTAssertEqual(tooFew.status, 2, "fewer than three trajectories print the usage")
  }

  /// "own error PATH X cm" lines as [PATH: X].
  private static func ownErrors(_ output: String) -> [String: Double] {
    var errors: [String: Double] = [:]
    for line in output.split(separator: "\n") where line.hasPrefix("own error ") {
      let fields = line.split(separator: " ")
      if fields.count == 5, let value = Double(fields[3]) { errors[String(fields[2])] = value }
    }
    return errors
  }
}
