import ARScene
import ARSceneDatasets
import ArgumentParser

/// `--threads`, shared by the commands that read a sequence frame by frame.
struct ThreadsOption: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "1 runs everything on one thread; 2 reads and decodes the next frames, recognises"
        + " images and describes map keyframes beside the engine's tracking (default: 2 on a"
        + " machine with two cores or more). The output is the same either way.", valueName: "1|2"))
  var threads = ReplayOptions.defaultThreads

  /// The session's own workers (image recognition, map keyframes) follow the option too.
  func apply(to configuration: inout WorldTrackingConfiguration) {
    configuration.workerThreads = threads
  }

  func validate() throws {
    guard (1...2).contains(threads) else {
      throw ValidationError("--threads must be 1 or 2, got \(threads)")
    }
  }
}
