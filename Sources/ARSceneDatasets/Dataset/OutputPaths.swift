import ARScene
import Foundation

/// The one rule every command checks its outputs by, before any work:
///
/// - no output may be an input, lie inside an input folder, or be a folder
///   that holds an input (so neither a mistyped `--trajectory rgb.txt` nor a
///   `--force` on the sequence's parent can replace what is being read);
/// - no two outputs may be the same file (devices and FIFOs aside, which are
///   written through);
/// - an output folder must not exist or be empty (``requireEmptyOrAbsentFolder(_:for:)``),
///   unless the command's `--force` lets it write beside what is there.
///
/// How each output is then written (whole or not at all, devices, FIFOs
/// and links written through) is ``OutputFile``'s and ``StagingFolder``'s.
package enum OutputPaths {
  /// Throws naming the option when one of `outputs` (option name and path;
  /// nil paths and "-" are skipped) breaks the rule against the sequence
  /// folder being read.
  package static func refuseReplacingInputs(
    _ outputs: [(option: String, path: String?)], of folder: URL
  ) throws(DatasetError) {
    try refuseReplacingInputs(outputs, of: [folder], what: "the sequence being read")
  }

  /// The same for several inputs (folders or files), `what` saying what they
  /// are in the message.
  package static func refuseReplacingInputs(
    _ outputs: [(option: String, path: String?)], of inputs: [URL], what: String
  ) throws(DatasetError) {
    let given = outputs.compactMap { output in
      output.path.flatMap { $0 == "-" ? nil : (option: output.option, path: $0) }
    }
    for output in given {
      for input in inputs where OutputFile.replacesSomethingIn(folder: input.path, output.path) {
        throw DatasetError(
          file: output.path,
          "\(output.option) would replace \(what) or a file of it (\(input.path));"
            + " write it elsewhere")
      }
      for input in inputs where holds(output.path, input.path) {
        throw DatasetError(
          file: output.path,
          "\(output.option) is a folder that holds \(what) (\(input.path)); write it elsewhere")
      }
    }
    try refuseSharedPaths(given)
  }

  /// A sequence, a report: `folder` must not exist or be an empty folder.
  package static func requireEmptyOrAbsentFolder(_ folder: URL, for what: String)
    throws(DatasetError)
  {
    let manager = FileManager.default
    var isDirectory: ObjCBool = false
    guard manager.fileExists(atPath: folder.path, isDirectory: &isDirectory) else { return }
    guard isDirectory.boolValue else {
      throw DatasetError(file: folder.path, "exists and is not a folder")
    }
    let contents = (try? manager.contentsOfDirectory(atPath: folder.path)) ?? []
    guard contents.isEmpty else {
      throw DatasetError(
        file: folder.path,
        "exists and is not empty (\(contents.count) entries); \(what) needs a folder of its own")
    }
  }

  /// Whether `folder` is a folder that `input` lies inside.
  private static func holds(_ folder: String, _ input: String) -> Bool {
    let outer = OutputFile.resolved(folder)
    let inner = OutputFile.resolved(input)
    return inner.hasPrefix(outer.hasSuffix("/") ? outer : outer + "/")
  }

  /// Two options naming one file: the second would silently replace the
  /// first. Devices and FIFOs are written through, so sharing one loses
  /// nothing a user did not ask for (`--events /dev/null --trajectory /dev/null`).
  private static func refuseSharedPaths(_ outputs: [(option: String, path: String)])
    throws(DatasetError)
  {
    var seen: [String: String] = [:]
    for output in outputs where !isWrittenThrough(output.path) {
      let resolved = OutputFile.resolved(output.path)
      if let first = seen[resolved] {
        throw DatasetError(
          file: output.path,
          "\(first) and \(output.option) name the same file; give each output its own path")
      }
      seen[resolved] = output.option
    }
  }

  package static func isWrittenThrough(_ path: String) -> Bool {
    var status = stat()
    guard stat(path, &status) == 0 else { return false }
    let kind = status.st_mode & S_IFMT
    return kind == S_IFCHR || kind == S_IFIFO || kind == S_IFBLK
  }
}

extension DatasetError {
  /// The same problem as an output file reported it.
  package init(_ error: OutputFileError) {
    self.init(file: error.path, error.problem)
  }
}
