import Foundation

/// A file named inside a data file (a list line, a `references.json` entry),
/// resolved against the folder it is listed in. By default it must stay in
/// that folder: `../../etc/passwd` or an absolute path elsewhere is refused,
/// so that opening someone's sequence reads nothing but the sequence.
/// `allowingOutside` (the command line's `--allow-outside-paths`) is for
/// people who really keep their images elsewhere.
struct ListedPath {
  /// Standardised and absolute.
  let path: String
  /// Why the path is refused; nil when it may be read.
  let refusal: String?

  init(_ listed: String, in folder: URL, allowingOutside: Bool) {
    let url =
      listed.hasPrefix("/")
      ? URL(fileURLWithPath: listed) : folder.appendingPathComponent(listed)
    path = url.standardizedFileURL.path
    let root = folder.standardizedFileURL.path
    let inside = path.hasPrefix(root.hasSuffix("/") ? root : root + "/")
    refusal =
      inside || allowingOutside
      ? nil
      : "'\(listed)' points outside the folder \(root) (to \(path));"
        + " pass --allow-outside-paths if the files really are there"
  }
}
