import ARScene
import ARSceneDatasets
import Foundation
import XCTest

/// The library's long-running entry points throw one type, ``DatasetError``,
/// whatever failed inside them: the `catch` blocks below bind it without a
/// cast, so this file stops compiling if one of them goes back to `throws`.
final class TypedErrorTests: XCTestCase {
  func testTheGeneratorAndTheBenchmarkThrowDatasetErrors() throws {
    let folder = try SequenceFixtures.temporaryFolder(self)
    var generator = SyntheticSequenceGenerator()
    generator.frameCount = 0
    do {
      try generator.write(to: folder.appendingPathComponent("none"))
      XCTFail("a sequence of no frames was written")
    } catch {
      let typed: DatasetError = error
      XCTAssertTrue(typed.message.contains("--frames"), typed.description)
    }

    generator.frameCount = 3
    generator.width = 160
    generator.height = 120
    try generator.write(to: folder.appendingPathComponent("three"))
    let sequence = try SequenceLoader.open(folder.appendingPathComponent("three"))
    do {
      _ = try Benchmark(sequence: sequence, repeats: 0).run()
      XCTFail("a benchmark of no repeats ran")
    } catch {
      let typed: DatasetError = error
      XCTAssertTrue(typed.message.contains("--repeat"), typed.description)
    }
  }

  func testEachFailureSaysWhatKindItIs() async throws {
    let folder = try SequenceFixtures.temporaryFolder(self)
    // A folder that is not there.
    do {
      _ = try SequenceLoader.open(folder.appendingPathComponent("absent"))
      XCTFail("an absent folder opened")
    } catch {
      let typed: DatasetError = error
      XCTAssertEqual(typed.code, .missingFile, typed.description)
    }
    // A bad option.
    var generator = SyntheticSequenceGenerator()
    generator.frameCount = 0
    XCTAssertEqual(
      SequenceFixtures.datasetError { try generator.write(to: folder.appendingPathComponent("x")) }?
        .code, .invalidInput)
    // A frame the engine refuses: time going backwards, with the engine's code.
    generator.frameCount = 3
    generator.width = 160
    generator.height = 120
    let room = folder.appendingPathComponent("room")
    try generator.write(to: room)
    let sequence = try SequenceLoader.open(room)
    let runner = try SessionRunner()
    try runner.tick(processing: [try sequence.loadFrame(sequence.frames[2])])
    do {
      for try await _ in try runner.updates(replaying: sequence) {}
      XCTFail("a frame older than the last was processed")
    } catch {
      XCTAssertEqual(error.code, .engine(.timestampOrder), error.description)
      XCTAssertEqual(error.file, sequence.frames[0].colorPath)
    }
  }
}
