import Foundation

/// A private copy of a template folder (Tools/fuzzing/templates/NAME) that
/// each input overwrites one file of, and that is restored after the input,
/// so every input starts from the same valid folder.
final class ScratchFolder: @unchecked Sendable {
  /// Everything a fuzz process writes, removed when it exits normally (a
  /// crash leaves it for inspection).
  static let processFolder = FileManager.default.temporaryDirectory
    .appendingPathComponent("arscene-fuzz-\(getpid())")

  let url: URL
  // Bytes, not Data: LeakSanitizer does not follow the references Data
  // keeps inside a dictionary's storage and reports them as leaked.
  private var originals: [String: [UInt8]] = [:]

  /// Copies the template; exits when it is missing (a harness set-up error,
  /// not a finding).
  init(template name: String) {
    let templates = ProcessInfo.processInfo.environment["ARSCENE_FUZZ_TEMPLATES"] ?? ""
    let source = URL(fileURLWithPath: templates).appendingPathComponent(name)
    url = Self.processFolder.appendingPathComponent(name)
    do {
      try? FileManager.default.removeItem(at: url)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try FileManager.default.copyItem(at: source, to: url)
    } catch {
      FileHandle.standardError.write(
        Data("arscene-fuzz: cannot copy template \(source.path): \(error)\n".utf8))
      exit(2)
    }
  }

  /// Replaces the file at relative path with bytes for the duration of body.
  func with(_ path: String, replacedBy bytes: Data, _ body: () -> Void) {
    let file = url.appendingPathComponent(path)
    if originals[path] == nil {
      originals[path] = Array((try? Data(contentsOf: file)) ?? Data())
    }
    try? bytes.write(to: file)
    body()
    if let original = originals[path] { try? Data(original).write(to: file) }
  }
}
