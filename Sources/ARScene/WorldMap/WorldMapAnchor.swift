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
    var identifiers: Set<String> = []
    for (index, entry) in list.anchors.enumerated() {
      guard let kind = Kind(rawValue: entry.kind) else {
        throw ARSceneError(
          .invalidArgument, "the world map's anchor \(index) has an unknown kind '\(entry.kind)'")
      }
      guard UUID(uuidString: entry.identifier) != nil else {
        throw ARSceneError(
          .invalidArgument,
          "the world map's anchor \(index) ('\(entry.name)') has the identifier"
            + " '\(entry.identifier.prefix(64))', which is not a UUID")
      }
      guard identifiers.insert(entry.identifier.uppercased()).inserted else {
        throw ARSceneError(
          .invalidArgument,
          "the world map's anchor \(index) ('\(entry.name)') repeats the identifier"
            + " \(entry.identifier) of an earlier anchor")
      }
      guard let transform = Transform(columnMajor: entry.transform),
        entry.transform.allSatisfy(\.isFinite), isRigid(entry.transform)
      else {
        throw ARSceneError(
          .invalidArgument,
          "the world map's anchor \(index) ('\(entry.name)') has no valid 4x4 transform"
            + " (16 finite numbers, a rotation and a translation, last row 0 0 0 1)")
      }
      anchors.append(
        WorldMapAnchor(
          identifier: entry.identifier, kind: kind, name: entry.name, transform: transform))
    }
    return anchors
  }

  /// Whether a column-major 4x4 is a rotation and a translation: the
  /// columns of its 3x3 orthonormal (to float precision, after a trip
  /// through JSON) with determinant +1, the last row 0 0 0 1. A singular
  /// or scaled matrix would place an anchor nowhere sensible.
  static func isRigid(_ m: [Float]) -> Bool {
    guard m.count == 16, m[3] == 0, m[7] == 0, m[11] == 0, m[15] == 1 else { return false }
    let columns = (0..<3).map {
      SIMD3<Double>(Double(m[4 * $0]), Double(m[4 * $0 + 1]), Double(m[4 * $0 + 2]))
    }
    let tolerance = 1e-3
    for i in 0..<3 {
      for j in 0..<3 {
        let dot = (columns[i] * columns[j]).sum()
        if abs(dot - (i == j ? 1 : 0)) > tolerance { return false }
      }
    }
    let c = columns
    let determinant =
      c[0].x * (c[1].y * c[2].z - c[2].y * c[1].z) - c[1].x * (c[0].y * c[2].z - c[2].y * c[0].z)
      + c[2].x * (c[0].y * c[1].z - c[1].y * c[0].z)
    return determinant > 0
  }
}
