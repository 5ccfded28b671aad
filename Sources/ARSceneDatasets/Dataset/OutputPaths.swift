import ARScene
import Foundation

/// Outputs checked against a command's inputs before any work: an output that
/// would replace a file of the sequence being read (its lists, images,
/// sequence.json, the sequence folder itself) is refused, so a mistyped
/// `--trajectory rgb.txt` cannot overwrite the input it came from.
package enum OutputPaths {
  /// Throws naming the option when one of `outputs` (option name and path;
  /// nil paths are skipped) names something that exists inside `folder`.
  package static func refuseReplacingInputs(
    _ outputs: [(option: String, path: String?)], of folder: URL
  ) throws(DatasetError) {
    try refuseReplacingInputs(outputs, of: [folder], what: "a file of the sequence being read")
  }

  /// The same for several inputs (folders or files), `what` saying what they
  /// are in the message.
  package static func refuseReplacingInputs(
    _ outputs: [(option: String, path: String?)], of inputs: [URL], what: String
  ) throws(DatasetError) {
    for output in outputs {
      guard let path = output.path, path != "-" else { continue }
      for input in inputs where OutputFile.replacesSomethingIn(folder: input.path, path) {
        throw DatasetError(
          file: path,
          "\(output.option) would replace \(what) (\(input.path)); write it elsewhere")
      }
    }
  }
}

extension DatasetError {
  /// The same problem as an output file reported it.
  package init(_ error: OutputFileError) {
    self.init(file: error.path, error.problem)
  }
}
