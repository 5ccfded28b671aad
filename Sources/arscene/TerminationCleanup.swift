import ARScene
import Dispatch
import Foundation

/// A command stopped by Ctrl-C, `kill` or a closed terminal removes the
/// outputs it had not finished (``PartialOutputs``), then dies of the same
/// signal, so the shell sees the usual status (130 for SIGINT, 143 for
/// SIGTERM) and the folder holds nothing or its previous contents.
enum TerminationCleanup {
  nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []
  private static let lock = NSLock()
  nonisolated(unsafe) private static var stopping = false

  /// Whether a signal is stopping the command: the work fails as its
  /// outputs vanish, and that failure is not worth a message.
  static var isStopping: Bool { lock.withLock { stopping } }

  /// Called where the command would exit on an error: while a signal is
  /// stopping it, waits for the signal to end the process instead.
  static func waitIfStopping() {
    guard isStopping else { return }
    while true { pause() }
  }

  static func install() {
    for number in [SIGINT, SIGTERM, SIGHUP] {
      // Delivered to the dispatch source instead of killing the process.
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler {
        lock.withLock { stopping = true }
        PartialOutputs.removeAll()
        signal(number, SIG_DFL)
        kill(getpid(), number)
      }
      source.resume()
      sources.append(source)
    }
  }
}
