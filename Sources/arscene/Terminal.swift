import Dispatch
import Foundation

/// Writing to the terminal: errors and progress go to stderr so stdout stays
/// machine-readable.
enum Terminal {
  /// Writes a line to stderr; on a terminal, over a progress line a failed
  /// command left drawn.
  static func printError(_ message: String) {
    let clear = stderrIsTerminal ? "\r\u{1B}[K" : ""
    FileHandle.standardError.write(Data((clear + message + "\n").utf8))
  }

  static var stderrIsTerminal: Bool { isatty(STDERR_FILENO) != 0 }
}

/// A one-line progress line on stderr: frames done of the total, frames per
/// second and the time left, redrawn at most ten times a second, and only
/// when stderr is a terminal (never in a pipe, a file or with `--quiet`).
/// It is erased when the work is done, so what follows (the summary) reads
/// exactly as it would without it.
struct ProgressBar {
  private let label: String
  private let enabled: Bool
  private var start: UInt64?
  private var lastDraw: UInt64?
  private var drawn = false

  init(label: String, enabled: Bool) {
    self.label = label
    self.enabled = enabled && Terminal.stderrIsTerminal
  }

  mutating func update(_ done: Int, of total: Int) {
    guard enabled, total > 0 else { return }
    let now = DispatchTime.now().uptimeNanoseconds
    let start = self.start ?? now
    self.start = start
    if done >= total {
      finish()
      return
    }
    if let lastDraw, now - lastDraw < 100_000_000 { return }
    lastDraw = now
    FileHandle.standardError.write(
      Data(("\r\u{1B}[K" + Self.line(label, done, total, seconds: Double(now - start) / 1e9)).utf8))
    drawn = true
  }

  /// Erases the line, if one was drawn.
  mutating func finish() {
    guard drawn else { return }
    FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    drawn = false
  }

  /// "replay [#####---------] 120/600 frames, 45.2 frames/s, 10.6 s left"
  static func line(_ label: String, _ done: Int, _ total: Int, seconds: Double) -> String {
    let width = 20
    let filled = width * min(done, total) / total
    let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
    var text = "\(label) [\(bar)] \(done)/\(total) frames"
    guard done > 0, seconds > 0.05 else { return text }
    let rate = Double(done) / seconds
    text += String(format: ", %.1f frames/s", rate)
    let left = Double(total - done) / rate
    text +=
      left < 60
      ? String(format: ", %.0f s left", left.rounded(.up))
      : String(format: ", %.0f min left", (left / 60).rounded(.up))
    return text
  }
}
