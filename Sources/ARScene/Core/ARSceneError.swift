/// The error every ARScene call throws: a code that mirrors the vision core's
/// `vc_status_t` one to one, and the core's message saying what was wrong.
public struct ARSceneError: Error, Equatable, CustomStringConvertible {
  /// What kind of failure; each case has the raw value of its C twin.
  public enum Code: Int32, CaseIterable, Sendable {
    /// `VC_STATUS_INVALID_ARGUMENT`: an argument is missing, out of range or not finite.
    case invalidArgument = 1
    /// `VC_STATUS_INVALID_IMAGE`: an image or depth map is malformed or the wrong size.
    case invalidImage = 2
    /// `VC_STATUS_TIMESTAMP_ORDER`: a timestamp is not after the previous one.
    case timestampOrder = 3
    /// `VC_STATUS_BUFFER_TOO_SMALL`: an output buffer was too small.
    case bufferTooSmall = 4
    /// `VC_STATUS_DECODE_FAILED`: image bytes are corrupt or in an unsupported format.
    case decodeFailed = 5
    /// `VC_STATUS_IO_ERROR`: a file could not be read or written.
    case ioError = 6
    /// `VC_STATUS_OPENCV_ERROR`: OpenCV failed inside the core.
    case openCVError = 7
    /// `VC_STATUS_OUT_OF_MEMORY`: memory could not be allocated.
    case outOfMemory = 8
    /// `VC_STATUS_INTERNAL_ERROR`: any other failure inside the core.
    case internalError = 9
  }

  /// What kind of failure.
  public let code: Code
  /// What was wrong, in words: the core's message, or ARScene's for checks made in Swift.
  public let message: String

  /// An error of kind `code` saying `message`.
  public init(_ code: Code, _ message: String) {
    self.code = code
    self.message = message
  }

  /// The ``message``.
  public var description: String { message }
}
