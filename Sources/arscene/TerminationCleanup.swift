import ARScene
import Dispatch
import Foundation

/// A command stopped by Ctrl-C, `kill` or a closed terminal removes the
/// outputs it had not finished (``PartialOutputs``), then dies of the same
/// signal, so the shell sees the usual status (130 for SIGINT, 143 for
/// SIGTERM) and the folder holds nothing or its previous contents.
///
/// A command that can end early with complete outputs (a replay: its
/// events and trajectory up to the last frame processed) asks for Ctrl-C
/// to be a request instead (``finishOnInterrupt()``): the first SIGINT
/// only sets ``isInterruptRequested``; the command ends its work, writes
/// its outputs, and ``dieIfInterrupted()`` then ends the process by the
/// signal. A second Ctrl-C, SIGTERM and SIGHUP stop it at once as above.
enum TerminationCleanup {
  nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []
  private static let lock = NSLock()
  nonisolated(unsafe) private static var stopping = false
  nonisolated(unsafe) private static var finishesOnInterrupt = false
  nonisolated(unsafe) private static var interruptRequested = false

  /// Makes the first Ctrl-C a request to finish early (see above).
  static func finishOnInterrupt() { lock.withLock { finishesOnInterrupt = true } }

  /// Whether Ctrl-C asked a command that finishes on interrupt to end.
  static var isInterruptRequested: Bool { lock.withLock { interruptRequested } }

  /// After a command's outputs are complete: if Ctrl-C asked it to end,
  /// ends the process by SIGINT, so the shell sees status 130 as usual.
  static func dieIfInterrupted() {
    guard isInterruptRequested else { return }
    signal(SIGINT, SIG_DFL)
    kill(getpid(), SIGINT)
    while true { pause() }
  }

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
        let requested = lock.withLock {
          guard number == SIGINT, finishesOnInterrupt, !interruptRequested else { return false }
          interruptRequested = true
          return true
        }
        if requested { return }
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
