import Foundation

/// An anchor saved with a ``WorldMap``: what it is, its name and where it is
/// in the map's world. ARKit's world maps keep anchors the same way; a
/// session that relocalizes in the map puts them back where they were.
public struct WorldMapAnchor: Equatable, Sendable {
  /// What a saved anchor was; the raw value is the `kind` written in the file.
  public enum Kind: String, Sendable, CaseIterable {
    case plane
    case image
    /// A placed object (``PlacedObject``).
    case object
    /// An anchor the application added.
    case app
  }

  /// Stable across saves: the anchor's identifier in the session that saved it.
  public var identifier: String
  /// What the anchor was.
  public var kind: Kind
  /// A name for it: a plane's classification, an image's reference name, an object's name, or
  /// the application's own.
  public var name: String
  /// `worldFromAnchor` in the map's world.
  public var transform: Transform

  /// An anchor to save with a map, or as read from one.
  public init(identifier: String, kind: Kind, name: String, transform: Transform) {
    self.identifier = identifier
    self.kind = kind
    self.name = name
    self.transform = transform
  }

  private struct Entry: Codable {
    var identifier: String
    var kind: String
    var name: String
    var transform: [Float]
  }

  private struct List: Codable {
    var anchors: [Entry]
  }

  /// The ANCH section's JSON (Datasets/WORLD_MAP.md), keys sorted so the
  /// same anchors give the same bytes.
  static func encodeList(_ anchors: [WorldMapAnchor]) -> Data {
    let list = List(
      anchors: anchors.map {
        Entry(
          identifier: $0.identifier, kind: $0.kind.rawValue, name: $0.name,
          transform: $0.transform.columnMajor)
      })
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    // Encoding plain strings and finite floats cannot fail.
    return (try? encoder.encode(list)) ?? Data("{\"anchors\":[]}".utf8)
  }

  static func decodeList(_ data: Data) throws(ARSceneError) -> [WorldMapAnchor] {
    let list: List
    do {
      list = try JSONDecoder().decode(List.self, from: data)
    } catch {
      throw ARSceneError(.invalidArgument, "the world map's anchors are not valid JSON: \(error)")
    }
    var anchors: [WorldMapAnchor] = []
    for (index, entry) in list.anchors.enumerated() {
      guard let kind = Kind(rawValue: entry.kind) else {
        throw ARSceneError(
          .invalidArgument, "the world map's anchor \(index) has an unknown kind '\(entry.kind)'")
      }
      guard let transform = Transform(columnMajor: entry.transform),
        entry.transform.allSatisfy(\.isFinite)
      else {
        throw ARSceneError(
          .invalidArgument,
          "the world map's anchor \(index) ('\(entry.name)') has no valid 4x4 transform")
      }
      anchors.append(
        WorldMapAnchor(
          identifier: entry.identifier, kind: kind, name: entry.name, transform: transform))
    }
    return anchors
  }
}
