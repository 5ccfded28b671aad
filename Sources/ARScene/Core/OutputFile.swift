import Foundation

#if canImport(Glibc)
  import Glibc
  private let systemWrite = Glibc.write
#elseif canImport(Darwin)
  import Darwin
  private let systemWrite = Darwin.write
#endif

/// The one way the package writes a file (events, trajectories, reports,
/// JSON, world maps, the files of a sequence):
///
/// - a regular file, or a path where nothing is yet, is written whole or not
///   at all: to a temporary file beside it, flushed to disk, then renamed over
///   it, so a failure or a kill leaves the old contents;
/// - a symbolic link is followed: the file it points to is written, the link
///   stays;
/// - anything else that exists (a device such as /dev/null or /dev/stdout, a
///   FIFO) is written through, never replaced by a regular file; a folder or
///   a socket is refused.
package enum OutputFile {
  /// Writes `data` to `path` as described above.
  package static func write(_ data: Data, to path: String) throws(OutputFileError) {
    let stream = try Stream(path: path)
    try stream.write(data)
    try stream.finish()
  }

  /// Whether `path` names something that exists (following links) inside
  /// `folder` or `folder` itself: an output there would replace a file the
  /// command reads.
  package static func replacesSomethingIn(folder: String, _ path: String) -> Bool {
    guard FileManager.default.fileExists(atPath: path) else { return false }
    let target = resolved(path)
    let inside = resolved(folder)
    return target == inside || target.hasPrefix(inside.hasSuffix("/") ? inside : inside + "/")
  }

  /// The absolute path with symbolic links resolved, including a last link
  /// that points where nothing is yet (the file it names is the one to
  /// write).
  package static func resolved(_ path: String) -> String {
    var current = URL(fileURLWithPath: path).standardizedFileURL
    // As the kernel, give up on a chain of links longer than 40.
    for _ in 0..<40 {
      guard
        let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: current.path)
      else { break }
      current =
        URL(fileURLWithPath: destination, relativeTo: current.deletingLastPathComponent())
        .standardizedFileURL
    }
    return current.resolvingSymlinksInPath().path
  }

  /// A file written a piece at a time. To a regular file (or where nothing
  /// is) the pieces go to a temporary file that ``finish()`` renames into
  /// place; a stream dropped without ``finish()`` removes it, so the old
  /// contents stay. To a device or FIFO they are written through as they
  /// come, so a reader sees each piece at once.
  package final class Stream {
    /// The path as given, for messages.
    package let path: String
    /// Whether pieces reach the target as they are written (a device or a
    /// FIFO) rather than when the stream finishes.
    package let writesThrough: Bool
    private var descriptor: Int32
    private let temporaryPath: String?
    private let finalPath: String
    private var finished = false
    private var partialToken: Int?

    package init(path: String) throws(OutputFileError) {
      self.path = path
      let target = OutputFile.resolved(path)
      finalPath = target
      var status = stat()
      let exists = stat(target, &status) == 0
      let kind = exists ? status.st_mode & S_IFMT : S_IFREG
      switch kind {
      case S_IFDIR:
        throw OutputFileError(path: path, "is a folder, not a file")
      case S_IFSOCK:
        throw OutputFileError(path: path, "is a socket and cannot be written as a file")
      case S_IFREG:
        writesThrough = false
        let folder = (target as NSString).deletingLastPathComponent
        let name = (target as NSString).lastPathComponent
        let temporary = "\(folder)/.\(name).partial-\(getpid())-\(OutputFile.nextSerial())"
        // The new file keeps the old one's permissions; a new one gets the
        // usual 0666 less the umask.
        let mode = exists ? mode_t(status.st_mode & 0o7777) : 0o666
        descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard descriptor >= 0 else {
          throw OutputFileError(path: path, "cannot be created: \(OutputFile.lastError())")
        }
        if exists { _ = fchmod(descriptor, mode) }
        temporaryPath = temporary
        partialToken = PartialOutputs.register(temporary)
      default:
        // A character or block device or a FIFO: written through.
        writesThrough = true
        descriptor = open(target, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
          throw OutputFileError(
            path: path, "cannot be opened for writing: \(OutputFile.lastError())")
        }
        temporaryPath = nil
      }
    }

    deinit {
      if descriptor >= 0 { close(descriptor) }
      if !finished, let temporaryPath { unlink(temporaryPath) }
      if let partialToken { PartialOutputs.unregister(partialToken) }
    }

    /// Appends `data`.
    package func write(_ data: Data) throws(OutputFileError) {
      guard !finished else { throw OutputFileError(path: path, "written after it was finished") }
      var failure: Int32 = 0
      data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
        var offset = 0
        while offset < bytes.count {
          let written = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
          if written < 0 {
            if errno == EINTR { continue }
            failure = errno
            return
          }
          offset += written
        }
      }
      if failure != 0 {
        throw OutputFileError(
          path: path, "cannot be written: \(String(cString: strerror(failure)))")
      }
    }

    /// Makes the written pieces the file's contents.
    package func finish() throws(OutputFileError) {
      guard !finished else { return }
      defer {
        if let partialToken { PartialOutputs.unregister(partialToken) }
        partialToken = nil
      }
      if let temporaryPath {
        if fsync(descriptor) != 0 {
          throw OutputFileError(path: path, "cannot be written: \(OutputFile.lastError())")
        }
        close(descriptor)
        descriptor = -1
        guard rename(temporaryPath, finalPath) == 0 else {
          let reason = OutputFile.lastError()
          unlink(temporaryPath)
          finished = true
          throw OutputFileError(path: path, "cannot be replaced: \(reason)")
        }
      } else {
        close(descriptor)
        descriptor = -1
      }
      finished = true
    }
  }

  private static let serialLock = NSLock()
  nonisolated(unsafe) private static var serial = 0

  /// A number no other temporary file of this process has.
  private static func nextSerial() -> Int {
    serialLock.lock()
    defer { serialLock.unlock() }
    serial += 1
    return serial
  }

  private static func lastError() -> String { String(cString: strerror(errno)) }
}

/// A file that could not be written, and why.
package struct OutputFileError: Error, CustomStringConvertible {
  package var path: String
  package var problem: String

  package init(path: String, _ problem: String) {
    self.path = path
    self.problem = problem
  }

  package var description: String { "\(path): \(problem)" }
}
