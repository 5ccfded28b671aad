/// Why a sequence cannot be read or written, pointing at the file and line to
/// fix so that a bad dataset costs a glance rather than a debugging session.
public struct DatasetError: Error, Equatable, CustomStringConvertible {
  /// The file at fault, as the path was given or built (not resolved further).
  public var file: String?
  /// 1-based line in `file`, when the fault is on one line of a text file.
  public var line: Int?
  public var message: String

  public init(file: String? = nil, line: Int? = nil, _ message: String) {
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
