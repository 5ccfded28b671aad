import Foundation
import TestSupport
import XCTest

/// Tools/building/check-precompiled-flags: a build that shares one
/// precompiled header (Tools/test, Tools/sanitize) fails when a C++ compile
/// used other flags than the header was made with, since clang would parse
/// the headers as they were made, silently, for another -O level or define.
/// These tests give it small manifests whose mismatches are known.
final class PrecompiledFlagsToolTests: XCTestCase {
  private let tool = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Tools/building/check-precompiled-flags").path

  /// The check over a manifest with one compile of `arguments`, against a
  /// header made with `made`.
  private func check(compiledWith arguments: [String], madeWith made: [String]) throws
    -> CommandResult
  {
    let folder = try TemporaryFolder.make("arscene-pch-flags", removedAfter: self)
    let pch = folder.appendingPathComponent("precompiled-0.pch")
    try Data((made.joined(separator: "\n") + "\n").utf8)
      .write(to: pch.appendingPathExtension("flags"))
    let quoted = (["clang"] + arguments + ["-include-pch", pch.path, "-c", "tsdf.cpp"])
      .map { "\"\($0)\"" }.joined(separator: ",")
    let manifest = folder.appendingPathComponent("release.yaml")
    try Data("  \"tsdf.cpp.o\":\n    tool: clang\n    args: [\(quoted)]\n".utf8).write(to: manifest)
    return try CommandRunner.python([tool, manifest.path, pch.path])
  }

  private let made = ["-x", "c++-header", "-O2", "-DSWIFT_PACKAGE=1", "-DNDEBUG", "-std=c++17"]

  func testCompilesWithTheHeadersFlagsPass() throws {
    // SwiftPM's order, its -O0 overridden by a later level, and flags that
    // do not change the headers' meaning (-g0, -I) are all fine.
    let result = try check(
      compiledWith: [
        "-O0", "-DNDEBUG", "-I", "src", "-DSWIFT_PACKAGE=1", "-g0", "-std=c++17", "-O2",
      ],
      madeWith: made)
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertTrue(result.stdout.contains("1 C++ compiles match"), result.stdout)
  }

  func testAnotherOptimisationLevelOrDefineFailsNamingTheSource() throws {
    for arguments in [
      ["-O1", "-DSWIFT_PACKAGE=1", "-DNDEBUG", "-std=c++17"],
      ["-O2", "-DSWIFT_PACKAGE=1", "-std=c++17"],
      ["-O2", "-DSWIFT_PACKAGE=1", "-DNDEBUG", "-DDEBUG=1", "-std=c++17"],
      ["-O2", "-DSWIFT_PACKAGE=1", "-DNDEBUG", "-std=c++17", "-fsanitize=address"],
    ] {
      let result = try check(compiledWith: arguments, madeWith: made)
      XCTAssertEqual(result.status, 1, "\(arguments): \(result.stdout)")
      XCTAssertTrue(result.stderr.contains("tsdf.cpp was compiled with"), result.stderr)
    }
  }

  func testAManifestWithoutAPrecompiledHeaderFails() throws {
    let folder = try TemporaryFolder.make("arscene-pch-flags", removedAfter: self)
    let manifest = folder.appendingPathComponent("release.yaml")
    try Data("    args: [\"clang\",\"-O2\",\"-c\",\"a.cpp\"]\n".utf8).write(to: manifest)
    let pch = folder.appendingPathComponent("precompiled-0.pch")
    try Data("-O2\n".utf8).write(to: pch.appendingPathExtension("flags"))
    let result = try CommandRunner.python([tool, manifest.path, pch.path])
    XCTAssertEqual(result.status, 1, result.stdout)
    XCTAssertTrue(result.stderr.contains("no compile"), result.stderr)
  }

  func testAMissingManifestOrFlagsFileIsNamed() throws {
    let folder = try TemporaryFolder.make("arscene-pch-flags", removedAfter: self)
    let pch = folder.appendingPathComponent("precompiled-0.pch").path
    let result = try CommandRunner.python([
      tool, folder.appendingPathComponent("none.yaml").path, pch,
    ])
    XCTAssertEqual(result.status, 1, result.stdout)
    XCTAssertTrue(result.stderr.contains("cannot read \(pch).flags"), result.stderr)
  }
}
