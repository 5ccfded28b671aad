import Foundation
import TestSupport
import XCTest

/// Tools/batch/arscene-batch: sequences evaluated as Ray tasks, results that
/// match `arscene eval` run alone, a failed run retried once, a missing
/// sequence reported in its row, and a rerun that skips what is done.
final class BatchToolTests: XCTestCase {
  private let tool = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Tools/batch/arscene-batch").path

  func testABatchMatchesEachEvalRetriesFailuresSurvivesAKilledWorkerAndResumes() throws {
    guard try CommandRunner.python(["-c", "import ray"]).status == 0 else {
      throw XCTSkip("the ray package is not installed (python3 -m pip install ray)")
    }
    let arscene = try CommandRunner.releaseExecutable()
    let folder = try TemporaryFolder.make("arscene-batch", removedAfter: self)
    var sequences: [String] = []
    for seed in 1...2 {
      let path = folder.appendingPathComponent("walk\(seed)").path
      let synth = try CommandRunner.run(
        [
          "dataset", "synth", "--frames", "30", "--width", "160", "--height", "120",
          "--path-seed", "\(seed)", "--out", path, "--quiet",
        ], executable: arscene)
      XCTAssertEqual(synth.status, 0, synth.stderr)
      sequences.append(path)
    }
    let missing = folder.appendingPathComponent("missing").path
    // An engine whose first eval of each sequence fails, as a crash would.
    let flaky = folder.appendingPathComponent("flaky-arscene")
    try Data(
      """
      #!/bin/sh
      echo "$@" >> "\(folder.path)/invocations"
      if [ "$1" = eval ]; then
        marker="\(folder.path)/failed-once-$(basename "$2")"
        if [ ! -e "$marker" ]; then touch "$marker"; echo "simulated crash" >&2; exit 3; fi
      fi
      exec "\(arscene.path)" "$@"
      """.utf8
    ).write(to: flaky)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: flaky.path)

    let out = folder.appendingPathComponent("batch").path
    let batch = try CommandRunner.python(
      [tool] + sequences + [missing, "--out", out, "--jobs", "2", "--arscene", flaky.path])
    XCTAssertEqual(batch.status, 1, "a missing sequence fails the batch: \(batch.stderr)")
    let rows = try String(contentsOfFile: "\(out)/results.jsonl", encoding: .utf8)
      .split(separator: "\n").map {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
      }
    XCTAssertEqual(rows.count, 3, "one row per sequence")
    for sequence in sequences {
      let row = try XCTUnwrap(rows.first { $0["sequence"] as? String == sequence })
      XCTAssertEqual(row["status"] as? String, "ok", "\(row)")
      XCTAssertEqual(row["attempts"] as? Int, 2, "the failed first run was retried: \(row)")
      // The same numbers as arscene eval run alone.
      let alone = try CommandRunner.run(
        ["eval", sequence, "--json", "--quiet"], executable: arscene)
      let report = try XCTUnwrap(
        JSONSerialization.jsonObject(with: Data(alone.stdout.utf8)) as? [String: Any])
      let ate = try XCTUnwrap((report["ate"] as? [String: Any])?["rmse"] as? Double)
      // Rounded to the micrometre in the row.
      XCTAssertEqual(row["ateRmseCm"] as? Double ?? -1, ate * 100, accuracy: 0.0006)
      XCTAssertEqual(row["trackedFraction"] as? Double, report["trackedFraction"] as? Double)
    }
    // A task has one CPU, so its eval runs on one thread (the same output).
    let evals = try String(contentsOfFile: "\(folder.path)/invocations", encoding: .utf8)
      .split(separator: "\n").filter { $0.hasPrefix("eval ") }
    XCTAssertEqual(evals.count, 4, "two runs of each sequence: \(evals)")
    XCTAssertTrue(evals.allSatisfy { $0.hasSuffix(" --threads 1") }, "\(evals)")
    let failed = try XCTUnwrap(rows.first { $0["sequence"] as? String == missing })
    XCTAssertEqual(failed["status"] as? String, "failed")
    XCTAssertTrue((failed["reason"] as? String ?? "").contains("does not exist"), "\(failed)")
    let summary = try String(contentsOfFile: "\(out)/summary.csv", encoding: .utf8)
    XCTAssertEqual(summary.split(separator: "\n").count, 1 + 3 + 1, summary)
    XCTAssertTrue(summary.contains("overall,2/3 ok"), summary)

    // A rerun does only what is not done.
    let again = try CommandRunner.python(
      [tool] + sequences + ["--out", out, "--arscene", flaky.path])
    XCTAssertEqual(again.status, 0, again.stderr)
    XCTAssertTrue(again.stdout.contains("2 sequences, 2 already done, 0 to run"), again.stdout)

    // A worker process killed mid-task: Ray runs the task again elsewhere.
    let killer = folder.appendingPathComponent("killing-arscene")
    try Data(
      """
      #!/bin/sh
      if [ "$1" = eval ]; then
        marker="\(folder.path)/killed-once-$(basename "$2")"
        if [ ! -e "$marker" ]; then touch "$marker"; kill -9 $PPID; sleep 5; exit 9; fi
      fi
      exec "\(arscene.path)" "$@"
      """.utf8
    ).write(to: killer)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: killer.path)
    let survived = folder.appendingPathComponent("survived").path
    let killed = try CommandRunner.python(
      [tool, sequences[0], "--out", survived, "--jobs", "2", "--arscene", killer.path])
    XCTAssertEqual(killed.status, 0, killed.stdout + killed.stderr)
    let row = try XCTUnwrap(
      JSONSerialization.jsonObject(
        with: Data(try String(contentsOfFile: "\(survived)/results.jsonl", encoding: .utf8).utf8))
        as? [String: Any])
    XCTAssertEqual(row["status"] as? String, "ok", "\(row)")
    XCTAssertTrue(
      FileManager.default.fileExists(atPath: "\(folder.path)/killed-once-walk1"),
      "the worker was never killed")
  }

  /// Issue 46: a time limit that is not a number and an --out that is a
  /// file or a sequence are one line each, never a traceback; nothing is
  /// written. Ray is not needed to refuse them.
  func testBadArgumentsAreOneLineEach() throws {
    let arscene = try CommandRunner.releaseExecutable()
    let folder = try TemporaryFolder.make("arscene-batch-bad", removedAfter: self)
    let sequence = folder.appendingPathComponent("seq").path
    try FileManager.default.createDirectory(atPath: sequence, withIntermediateDirectories: true)
    let file = folder.appendingPathComponent("results.txt").path
    try Data("mine".utf8).write(to: URL(fileURLWithPath: file))
    for (arguments, says) in [
      (["--timeout", "nan", "--out", folder.appendingPathComponent("out").path], "--timeout"),
      (["--timeout", "inf", "--out", folder.appendingPathComponent("out").path], "--timeout"),
      (["--out", file], "is not a folder"),
      (["--out", sequence + "/results"], "would write into the sequence"),
    ] {
      let run = try CommandRunner.python(
        [tool, sequence, "--arscene", arscene.path] + arguments)
      XCTAssertEqual(run.status, 1, "\(arguments): \(run.stderr)")
      XCTAssertTrue(run.stderr.contains(says), "\(arguments): \(run.stderr)")
      XCTAssertFalse(run.stderr.contains("Traceback"), "\(arguments): \(run.stderr)")
    }
    XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: file)), Data("mine".utf8))
    XCTAssertFalse(
      FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
    XCTAssertFalse(FileManager.default.fileExists(atPath: sequence + "/results"))
  }
}
