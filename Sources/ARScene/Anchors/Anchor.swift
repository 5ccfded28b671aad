import Foundation

/// Something with a place in the world, like ARKit's `ARAnchor`.
///
/// Anchors are values: a ``FrameUpdate`` hands out the state of each anchor
/// after that frame, and the same ``identifier`` names the same real thing in
/// every later update until the anchor is removed.
public protocol Anchor: Sendable {
  /// Stable for the anchor's life and never reused within a session.
  /// Derived from the session's own counter, so replaying the same frames
  /// with the same configuration gives the same identifiers.
  var identifier: UUID { get }
  /// `worldFromAnchor`: the anchor's position and orientation in world
  /// coordinates (metres, ARKit axes).
  var transform: Transform { get }
}
