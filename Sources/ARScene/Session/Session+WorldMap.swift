internal import CVisionCore

extension Session {
  /// What the session knows of the room now, like ARKit's
  /// `getCurrentWorldMap`: the keyframe map with its feature points, and
  /// the session's plane, image and app anchors plus `additionalAnchors` (placed
  /// objects: ``PlacementController/worldMapAnchors``; an app's own). Save
  /// it with ``WorldMap/write(to:)``; a later session starts in it through
  /// ``WorldTrackingConfiguration/initialWorldMap``. A map saved while
  /// ``Frame/worldMappingStatus`` is ``Frame/WorldMappingStatus/mapped``
  /// relocalizes best. Throws when relocalization is off (the session then
  /// keeps no map), before the first keyframe (no frame with a measured
  /// pose yet: with depth, from one camera alone, or visual-inertial once
  /// the IMU has given metres), or while world up is still judged from the scene
  /// (a saved map's world is +Y up for whoever opens it).
  public func currentWorldMap(adding additionalAnchors: [WorldMapAnchor] = [])
    throws(ARSceneError) -> WorldMap
  {
    var created: OpaquePointer?
    try core.check(vc_session_get_world_map(core.handle, &created))
    guard let created else {
      throw ARSceneError(.internalError, "vc_session_get_world_map returned no map")
    }
    let keyframes = WorldMap(adopting: created)
    let planes = planeAnchors.map {
      WorldMapAnchor(
        identifier: $0.identifier.uuidString, kind: .plane, name: $0.classification.rawValue,
        transform: $0.transform)
    }
    let images = imageAnchors.map {
      WorldMapAnchor(
        identifier: $0.identifier.uuidString, kind: .image, name: $0.referenceImage.name,
        transform: $0.transform)
    }
    return try keyframes.replacingAnchors(planes + images + appWorldMapAnchors + additionalAnchors)
  }
}
