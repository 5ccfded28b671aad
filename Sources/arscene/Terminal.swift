import Foundation

/// Writing to the terminal: errors and progress go to stderr so stdout stays
/// machine-readable.
enum Terminal {
  static func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
  }

  static var stderrIsTerminal: Bool { isatty(STDERR_FILENO) != 0 }
}

/// A one-line progress bar on stderr, redrawn at most ten times a second and
/// only when stderr is a terminal.
struct ProgressBar {
  private let label: String
  private let enabled: Bool
  private var lastDraw = Date.distantPast

  init(label: String, enabled: Bool) {
    self.label = label
    self.enabled = enabled && Terminal.stderrIsTerminal
  }

  mutating func update(_ done: Int, of total: Int) {
    guard enabled, total > 0 else { return }
    let now = Date()
    guard done == total || now.timeIntervalSince(lastDraw) >= 0.1 else { return }
    lastDraw = now
    let width = 30
    let filled = width * done / total
    let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
    let line = "\r\(label) [\(bar)] \(done)/\(total)" + (done == total ? "\n" : "")
    FileHandle.standardError.write(Data(line.utf8))
  }
}
