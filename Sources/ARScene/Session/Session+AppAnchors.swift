import Foundation

extension Session {
  /// Adds an anchor of the app's own (listed in ``anchors`` from now on,
  /// after the detected ones), like ARKit's `ARSession.add(anchor:)`.
  /// Throws ``ARSceneError/Code/invalidArgument`` when an anchor with its
  /// identifier is already in the session, or its transform is not finite
  /// or not rigid (a rotation and a translation: a world map could not
  /// place it, and refuses it on reading).
  public func add(anchor: AppAnchor) throws(ARSceneError) {
    guard anchor.transform.columnMajor.allSatisfy(\.isFinite) else {
      throw ARSceneError(
        .invalidArgument, "anchor \(anchor.name): its transform has a value that is not finite")
    }
    guard WorldMapAnchor.isRigid(anchor.transform.columnMajor) else {
      throw ARSceneError(
        .invalidArgument,
        "anchor \(anchor.name): its transform is not a rotation and a translation")
    }
    guard !anchors.contains(where: { $0.identifier == anchor.identifier }) else {
      throw ARSceneError(
        .invalidArgument,
        "anchor \(anchor.name): the session already has an anchor \(anchor.identifier)")
    }
    appAnchors.append(anchor)
  }

  /// Removes the app's anchor with `anchor`'s identifier, like ARKit's
  /// `ARSession.remove(anchor:)`; whether there was one. Detected anchors
  /// (planes, images) are the map's and are not removed.
  @discardableResult
  public func remove(anchor: any Anchor) -> Bool {
    guard let index = appAnchors.firstIndex(where: { $0.identifier == anchor.identifier }) else {
      return false
    }
    appAnchors.remove(at: index)
    return true
  }

  /// The app's anchors as a world map saves them.
  var appWorldMapAnchors: [WorldMapAnchor] {
    appAnchors.map {
      WorldMapAnchor(
        identifier: $0.identifier.uuidString, kind: .app, name: $0.name, transform: $0.transform)
    }
  }

  /// The app's anchors a saved map holds (those whose identifier is not a
  /// UUID get a new one).
  static func appAnchors(in map: WorldMap) throws(ARSceneError) -> [AppAnchor] {
    try map.anchors.filter { $0.kind == .app }.map {
      AppAnchor(
        name: $0.name, transform: $0.transform,
        identifier: UUID(uuidString: $0.identifier) ?? UUID())
    }
  }
}
