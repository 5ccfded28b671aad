import Foundation
import XCTest

/// Runs the built `arscene` executable, as a person at a shell would.
struct CommandResult {
  var status: Int32
  var stdout: String
  var stderr: String
}

enum CommandRunner {
  /// The folder holding the test bundle and the built products.
  static var productsDirectory: URL {
    #if os(macOS)
      for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
        return bundle.bundleURL.deletingLastPathComponent()
      }
      fatalError("couldn't find the products directory")
    #else
      return Bundle.main.bundleURL
    #endif
  }

  /// The release build of `arscene` that Tools/test builds and names in
  /// ARSCENE_RELEASE_BIN, for tests that replay sequences too long for a
  /// debug build; an XCTSkip saying so when it is not set.
  static func releaseExecutable() throws -> URL {
    guard let path = ProcessInfo.processInfo.environment["ARSCENE_RELEASE_BIN"], !path.isEmpty
    else {
      throw XCTSkip(
        "ARSCENE_RELEASE_BIN is not set: run Tools/test, which builds the release arscene for the"
          + " long replays")
    }
    guard FileManager.default.isExecutableFile(atPath: path) else {
      throw XCTSkip("ARSCENE_RELEASE_BIN=\(path) is not an executable")
    }
    return URL(fileURLWithPath: path)
  }

  /// Renders `frames` frames of the synthetic room at 320x240 (ground
  /// truth, depth, IMU) into `folder`/room with `arscene dataset synth`, and
  /// returns its path.
  static func synthesizedRoom(
    frames: Int, in folder: URL, file: StaticString = #filePath, line: UInt = #line
  ) throws -> String {
    let path = folder.appendingPathComponent("room").path
    let synth = try run([
      "dataset", "synth", "--frames", "\(frames)", "--width", "320", "--height", "240", "--out",
      path, "--quiet",
    ])
    XCTAssertEqual(synth.status, 0, synth.stderr, file: file, line: line)
    return path
  }

  /// Runs `python3` (as the PATH finds it) with `arguments`: the project's
  /// Python tools and the checks made with other projects' SDKs.
  /// The status ``run(_:executable:timeout:)`` gives a command it killed.
  static let timedOut: Int32 = -9999

  static func python(_ arguments: [String]) throws -> CommandResult {
    try run(["python3"] + arguments, executable: URL(fileURLWithPath: "/usr/bin/env"))
  }

  /// Runs `arscene ARGUMENTS` (or `executable`). With a `timeout`, a
  /// command still running then is killed and its status is `timedOut`: a
  /// test of a hang fails instead of hanging the run.
  static func run(
    _ arguments: [String], executable: URL? = nil, timeout: TimeInterval? = nil
  ) throws -> CommandResult {
    let process = Process()
    process.executableURL = executable ?? productsDirectory.appendingPathComponent("arscene")
    process.arguments = arguments
    // Output goes to files, not pipes, so a chatty command can never block.
    let folder = FileManager.default.temporaryDirectory
    let outURL = folder.appendingPathComponent("arscene-out-\(UUID())")
    let errURL = folder.appendingPathComponent("arscene-err-\(UUID())")
    for url in [outURL, errURL] {
      XCTAssertTrue(
        FileManager.default.createFile(atPath: url.path, contents: nil), "cannot create \(url.path)"
      )
    }
    defer {
      try? FileManager.default.removeItem(at: outURL)
      try? FileManager.default.removeItem(at: errURL)
    }
    process.standardOutput = try FileHandle(forWritingTo: outURL)
    process.standardError = try FileHandle(forWritingTo: errURL)
    process.standardInput = FileHandle.nullDevice
    try process.run()
    if let timeout {
      let deadline = Date().addingTimeInterval(timeout)
      while process.isRunning, Date() < deadline { usleep(20_000) }
      if process.isRunning {
        process.terminate()
        process.waitUntilExit()
        return CommandResult(status: timedOut, stdout: "", stderr: "timed out after \(timeout) s")
      }
    }
    process.waitUntilExit()
    return CommandResult(
      status: process.terminationStatus,
      stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
      stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
  }
}
