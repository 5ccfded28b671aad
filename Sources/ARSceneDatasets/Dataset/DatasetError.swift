import ARScene

/// Why a sequence cannot be read or written, pointing at the file and line to
/// fix so that a bad dataset costs a glance rather than a debugging session.
public struct DatasetError: Error, Equatable, CustomStringConvertible {
  /// What kind of failure, for a program that handles some kinds itself;
  /// the message says exactly what was wrong.
  public enum Code: Equatable, Sendable {
    /// A file, a field or an option holds something wrong (the default).
    case invalidInput
    /// A file or folder that should be there is not.
    case missingFile
    /// A file could not be read or written (permissions, a full disk, a
    /// folder where a file should be).
    case ioError
    /// The engine refused a frame or a setting, with its own code.
    case engine(ARSceneError.Code)
  }

  /// What kind of failure.
  public var code: Code
  /// The file at fault, as the path was given or built (not resolved further).
  public var file: String?
  /// 1-based line in `file`, when the fault is on one line of a text file.
  public var line: Int?
  /// What was wrong, in words.
  public var message: String

  /// A failure of kind `code` (bad input unless given) in `file` (at `line`).
  public init(file: String? = nil, line: Int? = nil, code: Code = .invalidInput, _ message: String)
  {
    self.code = code
    self.file = file
    self.line = line
    self.message = message
  }

  /// `path:line: message`, `path: message` or `message`: the form compilers
  /// use, which editors and terminals turn into links.
  public var description: String {
    switch (file, line) {
    case (let file?, let line?): "\(file):\(line): \(message)"
    case (let file?, nil): "\(file): \(message)"
    case (nil, let line?): "line \(line): \(message)"
    case (nil, nil): message
    }
  }
}
