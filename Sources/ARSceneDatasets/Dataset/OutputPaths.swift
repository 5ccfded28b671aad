import ARScene
import Foundation

/// Outputs checked against a command's inputs before any work: an output that
/// would replace a file of the sequence being read (its lists, images,
/// sequence.json, the sequence folder itself) is refused, so a mistyped
/// `--trajectory rgb.txt` cannot overwrite the input it came from.
public enum OutputPaths {
  /// Throws naming the option when one of `outputs` (option name and path;
  /// nil paths are skipped) names something that exists inside `folder`.
  public static func refuseReplacingInputs(
    _ outputs: [(option: String, path: String?)], of folder: URL
  ) throws(DatasetError) {
    for output in outputs {
      guard let path = output.path, path != "-" else { continue }
      if OutputFile.replacesSomethingIn(folder: folder.path, path) {
        throw DatasetError(
          file: path,
          "\(output.option) would replace a file of the sequence being read (\(folder.path));"
            + " write it elsewhere")
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
