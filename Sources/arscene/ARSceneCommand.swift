import ARScene
import ARSceneDatasets
import ArgumentParser
import Foundation

/// The `arscene` tool. Exit codes: 0 success, 1 bad input (the message names
/// the file, line and problem), 2 usage errors.
@main
struct ARSceneCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "arscene",
    abstract: "Replay, benchmark and inspect camera sequences with the ARScene engine.",
    version: "0.1.0",
    subcommands: [
      ReplayCommand.self, ReportCommand.self, BenchCommand.self, EvalCommand.self,
      DatasetCommand.self,
      ImagesCommand.self, MapCommand.self, RelocalizeCommand.self, MeshCommand.self,
      MachineUnitCommand.self,
    ]
  )

  static func main() {
    TerminationCleanup.install()
    refuseTooManyScriptedTouches()
    do {
      var command = try parseAsRoot()
      try command.run()
      TerminationCleanup.dieIfInterrupted()
    } catch let error as DatasetError {
      TerminationCleanup.waitIfStopping()
      Terminal.printError("error: \(error)")
      Foundation.exit(1)
    } catch let error as ARSceneError {
      TerminationCleanup.waitIfStopping()
      Terminal.printError("error: \(error.message)")
      Foundation.exit(1)
    } catch {
      // Help, version and usage mistakes: ArgumentParser prints them; every
      // usage mistake exits 2, as a shell user expects.
      let code = exitCode(for: error)
      if code == .success { exit(withError: error) }
      Terminal.printError(fullMessage(for: error))
      Foundation.exit(2)
    }
  }
}

extension ARSceneCommand {
  /// Exits 2 when the command line holds more `--tap`, `--drag` and
  /// `--rotate` options than ``ScriptedInteraction/maximumCount``, before
  /// the argument parser spends time on them that grows with their square.
  static func refuseTooManyScriptedTouches() {
    let options = ["--tap", "--drag", "--rotate"]
    let count = CommandLine.arguments.dropFirst().count { argument in
      options.contains { argument == $0 || argument.hasPrefix($0 + "=") }
    }
    guard count > ScriptedInteraction.maximumCount else { return }
    Terminal.printError(
      "error: at most \(ScriptedInteraction.maximumCount) --tap, --drag and --rotate options,"
        + " got \(count)")
    Foundation.exit(2)
  }
}
