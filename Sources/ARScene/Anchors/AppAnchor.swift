import Foundation

/// A place the app marks in the world itself, like ARKit's
/// `ARAnchor(name:transform:)`: added with ``Session/add(anchor:)``, listed
/// in ``Session/anchors``, saved with a world map and back in a session that
/// starts in the map.
public struct AppAnchor: Anchor, Equatable {
  /// Chosen by the app (a new random one by default); must be unique among
  /// the session's anchors.
  public var identifier: UUID
  /// The app's name for the place ("spawn point", "chair 2").
  public var name: String
  /// `worldFromAnchor`.
  public var transform: Transform

  /// An anchor named `name` at `transform`.
  public init(name: String, transform: Transform, identifier: UUID = UUID()) {
    self.identifier = identifier
    self.name = name
    self.transform = transform
  }
}
