internal import CVisionCore

/// A keyframe of a world map: when it was seen and where.
public struct WorldMapKeyframe: Equatable, Sendable {
  /// Seconds, the clock of the frames that made the map.
  public var timestamp: Double
  /// world_from_camera in the map's world, OpenCV camera axes (+X right,
  /// +Y down, +Z forward), as ground-truth trajectories are.
  public var worldFromCamera: Transform
}

extension WorldMap {
  /// The map's keyframes, in its order.
  public var keyframes: [WorldMapKeyframe] {
    get throws(ARSceneError) {
      var count: Int64 = 0
      try CoreStatus.check(vc_world_map_get_keyframes(handle, nil, 0, &count))
      var raw = [vc_world_map_keyframe_t](repeating: vc_world_map_keyframe_t(), count: Int(count))
      try raw.withUnsafeMutableBufferPointer { (buffer) throws(ARSceneError) in
        try CoreStatus.check(vc_world_map_get_keyframes(handle, buffer.baseAddress, count, &count))
      }
      return raw.map { keyframe in
        var pose = keyframe.world_from_camera
        let values = withUnsafeBytes(of: &pose) { Array($0.bindMemory(to: Double.self)) }
        return WorldMapKeyframe(
          timestamp: Double(keyframe.timestamp_ns) / 1e9,
          worldFromCamera: Transform(columnMajor: values.map { Float($0) })!)
      }
    }
  }

  /// The same map with its keyframes at known poses, one per keyframe in
  /// ``keyframes``' order (world_from_camera, OpenCV camera axes): each
  /// keyframe's points and depth surface move with it, and each anchor moves
  /// as the keyframe nearest to it does. The map's world becomes the poses'
  /// world: a robot that knows where it is, or a benchmark that places the
  /// map with its reference poses and scores queries against them.
  public func placingKeyframes(at poses: [Transform]) throws(ARSceneError) -> WorldMap {
    let old = try keyframes
    guard poses.count == old.count else {
      throw ARSceneError(
        .invalidArgument, "\(poses.count) poses for a map of \(old.count) keyframes")
    }
    let values: [Double] = poses.flatMap { $0.columnMajor.map { Double($0) } }
    var created: OpaquePointer?
    try values.withUnsafeBufferPointer { (buffer) throws(ARSceneError) in
      try CoreStatus.check(
        vc_world_map_with_keyframe_poses(handle, buffer.baseAddress, Int64(poses.count), &created))
    }
    guard let created else {
      throw ARSceneError(.internalError, "vc_world_map_with_keyframe_poses returned no map")
    }
    let placed = WorldMap(adopting: created)
    let corrections = zip(poses, old).map { $0 * $1.worldFromCamera.rigidInverse }
    let moved = try anchors.map { anchor in
      var anchor = anchor
      let position = anchor.transform.translation
      func distance(_ k: Int) -> Float {
        let d = old[k].worldFromCamera.translation - position
        return (d * d).sum()
      }
      let nearest = old.indices.min { distance($0) < distance($1) }
      if let nearest { anchor.transform = corrections[nearest] * anchor.transform }
      return anchor
    }
    return moved.isEmpty ? placed : try placed.replacingAnchors(moved)
  }
}
