/// Where an object may stand, like a furniture app's "only on the floor" or
/// a board game's "only on a table".
public struct PlacementConstraint: Hashable, Sendable {
  /// How the surface must lie.
  public var alignment: RaycastQuery.TargetAlignment
  /// The plane classes the object may stand on; empty allows any surface
  /// (classified or not).
  public var classifications: Set<PlaneAnchor.Classification>

  /// Surfaces that lie as `alignment` says and, unless `classifications` is empty, are of
  /// one of those classes; by default any surface.
  public init(
    alignment: RaycastQuery.TargetAlignment = .any,
    classifications: Set<PlaneAnchor.Classification> = []
  ) {
    self.alignment = alignment
    self.classifications = classifications
  }

  /// Anything anywhere.
  public static let anySurface = PlacementConstraint()

  /// On surfaces of one class, with the alignment that class has (floors,
  /// tables, seats and ceilings are horizontal, walls vertical).
  public init(on classification: PlaneAnchor.Classification) {
    self.init(alignment: classification.alignment ?? .any, classifications: [classification])
  }

  /// Reads "floor", "table", ... (a class), "horizontal" or "vertical" (an
  /// alignment) or "any", the words of `arscene replay --tap ...,on=`.
  /// Nil for any other word.
  public init?(surfaceName name: String) {
    if name == "any" {
      self = .anySurface
    } else if let alignment = RaycastQuery.TargetAlignment(rawValue: name) {
      self.init(alignment: alignment)
    } else if let classification = PlaneAnchor.Classification(rawValue: name),
      classification != .none
    {
      self.init(on: classification)
    } else {
      return nil
    }
  }

  /// The words ``init(surfaceName:)`` accepts, for error messages and help.
  public static let surfaceNames: [String] =
    ["any", "horizontal", "vertical"]
    + PlaneAnchor.Classification.allCases.filter { $0 != .none }.map(\.rawValue)

  /// Whether a surface of this class may take the object; an unknown class
  /// (nil: not decided yet, or an estimated surface) is given the benefit of
  /// the doubt and checked again when it is decided.
  public func admits(_ classification: PlaneAnchor.Classification?) -> Bool {
    guard let classification, !classifications.isEmpty else { return true }
    return classifications.contains(classification)
  }
}

extension PlaneAnchor.Classification {
  /// How surfaces of this class lie; nil for ``none``.
  var alignment: RaycastQuery.TargetAlignment? {
    switch self {
    case .floor, .table, .seat, .ceiling: .horizontal
    case .wall: .vertical
    case .none: nil
    }
  }
}
