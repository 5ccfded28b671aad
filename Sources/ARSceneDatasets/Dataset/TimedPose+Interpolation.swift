import ARScene

extension TimedPose {
  /// The pose a fraction `t` of the way from `a` to `b`: rotation by
  /// `Quaternion/slerp(_:_:_:)`, camera centre on the straight line, the
  /// timestamp likewise. Good between ground-truth samples a few tens of
  /// milliseconds apart, where motion is close to uniform.
  public static func interpolated(_ a: TimedPose, _ b: TimedPose, _ t: Double) -> TimedPose {
    TimedPose(
      timestamp: a.timestamp + (b.timestamp - a.timestamp) * t,
      rotation: .slerp(a.rotation, b.rotation, t),
      translation: a.translation + (b.translation - a.translation) * t)
  }

  /// This pose followed by a fixed transform on the camera side:
  /// `world_from_other = world_from_camera * camera_from_other`, for ground
  /// truth recorded for one frame of a rig (the body, the depth camera) and
  /// wanted for another rigidly attached to it.
  func composed(with cameraFromOther: RigidTransform) -> TimedPose {
    TimedPose(
      timestamp: timestamp, rotation: (rotation * cameraFromOther.rotation).normalized,
      translation: translation + rotation.rotate(cameraFromOther.translation))
  }

  /// The inverse transform at the same time: given `camera_from_world` (as
  /// some datasets store it), the `world_from_camera` the readers expose.
  public var inverse: TimedPose {
    let back = rotation.conjugate
    return TimedPose(timestamp: timestamp, rotation: back, translation: -back.rotate(translation))
  }
}

extension Array where Element == TimedPose {
  /// The pose at `timestamp`, interpolated between the two samples around it
  /// (the array must be sorted by time, as ``DatasetSequence/groundTruth``
  /// is): exact samples come back unchanged, times outside the samples or in
  /// a gap wider than `maximumGap` seconds give nil rather than a guess.
  public func pose(at timestamp: Double, maximumGap: Double = .infinity) -> TimedPose? {
    var low = 0
    var high = count
    while low < high {  // first sample not before timestamp
      let middle = (low + high) / 2
      if self[middle].timestamp < timestamp { low = middle + 1 } else { high = middle }
    }
    guard low < count else { return nil }
    let after = self[low]
    if after.timestamp == timestamp { return after }
    guard low > 0 else { return nil }
    let before = self[low - 1]
    let gap = after.timestamp - before.timestamp
    guard gap <= maximumGap else { return nil }
    var pose = TimedPose.interpolated(before, after, (timestamp - before.timestamp) / gap)
    pose.timestamp = timestamp
    return pose
  }
}
