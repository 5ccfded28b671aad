import ARScene
import Foundation

/// A folder of reference images described by `references.json`:
/// `[{"name": "poster", "file": "poster.png", "physicalWidth": 0.42}]`, with
/// `file` relative to the folder and the width in metres. The format a
/// sequence's `references/` folder uses and `arscene images` reads.
public struct ReferenceImageList: Sendable {
  public static let fileName = "references.json"

  /// One entry of the list, as written.
  public struct Entry: Equatable, Sendable {
    public var name: String
    /// Relative to the folder.
    public var file: String
    /// Metres.
    public var physicalWidth: Float
  }

  public let directory: URL
  public let entries: [Entry]
  /// Whether an entry's `file` may point outside ``directory``.
  public let allowsOutsidePaths: Bool

  /// Throws unless the list names at least one picture.
  public func requireEntries() throws(DatasetError) {
    guard entries.isEmpty else { return }
    throw DatasetError(
      file: directory.appendingPathComponent(Self.fileName).path, "lists no reference images")
  }

  /// Reads and checks `references.json` in directory; throws naming the
  /// file and the entry at fault (missing fields, a width that is missing,
  /// zero or negative, a name used twice). An empty list is valid (a scene
  /// without pictures); commands that need pictures say so. A `file` that
  /// points outside the folder is refused when read, unless
  /// `allowingOutsidePaths`.
  public init(directory: URL, allowingOutsidePaths: Bool = false) throws(DatasetError) {
    self.directory = directory
    self.allowsOutsidePaths = allowingOutsidePaths
    let url = directory.appendingPathComponent(Self.fileName)
    let path = url.path
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw DatasetError(
        file: path, code: .ioError, "cannot be read (a reference-image folder needs one)")
    }
    let parsed: Any
    do {
      parsed = try JSONSerialization.jsonObject(with: data)
    } catch {
      throw DatasetError(file: path, "is not valid JSON: \(error.localizedDescription)")
    }
    guard let list = parsed as? [Any] else {
      throw DatasetError(
        file: path, "must be an array of {\"name\", \"file\", \"physicalWidth\"} objects")
    }
    var entries: [Entry] = []
    var names: [String: Int] = [:]
    for (index, item) in list.enumerated() {
      guard let object = item as? [String: Any] else {
        throw DatasetError(file: path, "entry \(index) is not an object")
      }
      guard let name = object["name"] as? String, !name.isEmpty else {
        throw DatasetError(file: path, "entry \(index) has no \"name\" (a non-empty string)")
      }
      let label = "reference '\(name)' (entry \(index))"
      guard let file = object["file"] as? String, !file.isEmpty else {
        throw DatasetError(file: path, "\(label) has no \"file\" (a path relative to the folder)")
      }
      guard let width = (object["physicalWidth"] as? NSNumber)?.doubleValue,
        !(object["physicalWidth"] is Bool)
      else {
        throw DatasetError(file: path, "\(label) has no \"physicalWidth\" (metres, a number > 0)")
      }
      guard width.isFinite, width > 0, width < 1000 else {
        throw DatasetError(
          file: path, "\(label) has physicalWidth \(width): it must be > 0 metres (and < 1000)")
      }
      if let first = names[name] {
        throw DatasetError(file: path, "\(label) has the same name as entry \(first)")
      }
      names[name] = index
      entries.append(Entry(name: name, file: file, physicalWidth: Float(width)))
    }
    self.entries = entries
  }

  /// The entry's picture, decoded and wrapped; throws naming the file when
  /// it cannot be read.
  public func referenceImage(_ entry: Entry) throws(DatasetError) -> ReferenceImage {
    let listed = ListedPath(entry.file, in: directory, allowingOutside: allowsOutsidePaths)
    if let refusal = listed.refusal {
      throw DatasetError(
        file: directory.appendingPathComponent(Self.fileName).path,
        "reference '\(entry.name)': \(refusal)")
    }
    let url = URL(fileURLWithPath: listed.path)
    do {
      let pixels = try PixelBuffer.read(contentsOf: url)
      return try ReferenceImage(image: pixels, name: entry.name, physicalWidth: entry.physicalWidth)
    } catch {
      let prefix = url.path + ": "
      let reason =
        error.message.hasPrefix(prefix)
        ? String(error.message.dropFirst(prefix.count)) : error.message
      throw DatasetError(file: url.path, "reference '\(entry.name)': \(reason)")
    }
  }

  /// Every entry's picture, in order.
  public func referenceImages() throws(DatasetError) -> [ReferenceImage] {
    var images: [ReferenceImage] = []
    for entry in entries { images.append(try referenceImage(entry)) }
    return images
  }
}
