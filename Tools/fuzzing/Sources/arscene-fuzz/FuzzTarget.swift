import Foundation

/// One harness: what it feeds, and how to run one input through it. Inputs
/// that the code refuses with an error are the expected outcome; a crash, a
/// trap, a sanitizer report, a leak or a broken invariant (checked with
/// `fuzzFailure`) is a finding.
struct FuzzTarget: Sendable {
  let name: String
  let summary: String
  /// Runs once per process before the first input (writes templates).
  let prepare: @Sendable () -> Void
  let run: @Sendable (Data) -> Void

  static let all: [FuzzTarget] = [
    SequenceFolderHarness.sequenceJSON,
    SequenceFolderHarness.tumLists,
    SequenceFolderHarness.sevenScenes,
    SequenceFolderHarness.euroc,
    SequenceFolderHarness.arkitScenes,
    ReferenceListHarness.target,
    TrajectoryHarness.target,
    WorldMapHarness.target,
    ImageDecodeHarness.target,
    FrameIngestHarness.target,
  ]
}

/// A broken invariant: libFuzzer records the input as a crash.
func fuzzFailure(_ message: String) -> Never {
  FileHandle.standardError.write(Data("arscene-fuzz: invariant broken: \(message)\n".utf8))
  abort()
}
