import ARScene
import Foundation

/// Reads Apple's ARKitScenes layout (a `<video id>_frames` folder of the 3DOD
/// or raw data, or the folder holding it): `lowres_wide/<id>_<t>.png` colour
/// frames, `lowres_depth/<id>_<t>.png` depth registered to them (uint16
/// millimetres), `lowres_wide_intrinsics/<id>_<t>.pincam` per frame ("width
/// height fx fy cx cy") and `lowres_wide.traj`, ARKit's own trajectory.
///
/// Each `.traj` line is "timestamp rx ry rz tx ty tz": an axis-angle rotation
/// (radians) and a translation (metres) of **camera_from_world**, with OpenCV
/// camera axes. Apple's loader (`TrajStringToMatrix` in
/// threedod/benchmark_scripts/utils/tenFpsDataLoader.py) names them
/// `r_w_to_p`/`t_w_to_p` and inverts the matrix to get the pose it uses to
/// lift depth pixels (x right, y down, z forward) into the world. The reader
/// inverts each line to world_from_camera and, because the trajectory is
/// sampled at its own times, interpolates it (slerp and lerp) at each frame's
/// timestamp; frames outside the trajectory, or in a gap over
/// ``maximumPoseGap``, have no ground truth.
enum ARKitScenesReader {
  /// ARKit writes the trajectory at the camera rate (10 or 60 Hz); a wider
  /// gap is a tracking dropout, not something to interpolate across.
  static let maximumPoseGap = 0.2

  /// The iPad LiDAR's depth noise (sigma = noise * z² metres, one reading),
  /// five times a Kinect's 0.0015. Its 256x192 depth is upsampled and
  /// smoothed from a sparse time-of-flight grid, so neighbouring readings
  /// share their error and a 3x3 mean does not divide it by three. Measured
  /// on scene 40777060 with ARKit's own poses: depth lifted from one frame
  /// and projected into the frame 0.2 s later disagrees with that frame's by
  /// 1.7 cm (median of 21 pairs), against 0.5 cm on 7-Scenes' Kinect. With
  /// the Kinect's figure, bundle adjustment pulled the first 330 frames to
  /// 8.05 cm ATE against ARKit's trajectory (4.71 without it); at 3, 5, 7
  /// and 10 times it gives 6.21, 4.16, 4.89 and 5.01 cm.
  static let lidarDepthNoise: Float = 0.0075

  /// The folder with `lowres_wide/` and `lowres_wide.traj`: `folder` itself
  /// or its only `*_frames` subfolder.
  private static func framesFolder(in folder: URL) -> URL? {
    let manager = FileManager.default
    func isFrames(_ url: URL) -> Bool {
      manager.fileExists(atPath: url.appendingPathComponent("lowres_wide").path)
        && manager.fileExists(atPath: url.appendingPathComponent("lowres_wide.traj").path)
    }
    if isFrames(folder) { return folder }
    let subfolders = ((try? manager.contentsOfDirectory(atPath: folder.path)) ?? [])
      .filter { $0.hasSuffix("_frames") }
      .map { folder.appendingPathComponent($0) }
      .filter(isFrames)
    return subfolders.count == 1 ? subfolders[0] : nil
  }

  static func recognises(_ folder: URL) -> Bool {
    framesFolder(in: folder) != nil
  }

  static func open(
    _ folder: URL, intrinsics: CameraIntrinsics?
  ) throws(DatasetError) -> FolderSequence {
    guard let root = framesFolder(in: folder) else {
      throw DatasetError(
        file: folder.path, "has no lowres_wide/ and lowres_wide.traj: not an ARKitScenes folder")
    }
    var problems: [String] = []
    var frames = try readFrames(root, problems: &problems)
    guard let first = frames.first, var camera = first.intrinsics else {
      throw DatasetError(file: root.appendingPathComponent("lowres_wide").path, "holds no frames")
    }
    if let intrinsics {
      // Given intrinsics replace the recorded ones for every frame.
      camera = intrinsics
      for index in frames.indices { frames[index].intrinsics = nil }
      if camera.width <= 0 || camera.height <= 0 {
        let image = try FolderSequence.image(at: first.colorPath)
        camera.width = image.width
        camera.height = image.height
      }
    }
    try IntrinsicsCheck.require(camera, given: intrinsics != nil, file: root.path)

    let trajectory = try readTrajectory(root, problems: &problems)
    let groundTruth = frames.compactMap { frame in
      trajectory.pose(at: frame.timestamp, maximumGap: maximumPoseGap)
    }
    if groundTruth.count < frames.count, !trajectory.isEmpty {
      problems.append(
        "lowres_wide.traj: \(frames.count - groundTruth.count) of \(frames.count) frames fall"
          + " outside the trajectory or in a gap over \(maximumPoseGap) s (no ground truth)")
    }
    let hasDepth = frames.contains { $0.depthPath != nil }
    var description = SequenceDescription(
      name: folder.lastPathComponent, camera: camera,
      depthUnitsPerMeter: hasDepth ? 1000 : nil,
      sensors: Set(
        [.color, hasDepth ? .depth : nil, groundTruth.isEmpty ? nil : .groundTruth]
          .compactMap { $0 }),
      groundTruthConvention: "opencv",
      provenance: "Apple ARKitScenes (lowres_wide, lowres_depth; ARKit trajectory)")
    description.depthNoise = hasDepth ? lidarDepthNoise : nil
    return FolderSequence(
      url: folder, format: "arkitscenes", description: description, frames: frames,
      groundTruth: groundTruth, imu: [], problems: problems)
  }

  /// The colour frames in time order with their depth and intrinsics.
  private static func readFrames(
    _ root: URL, problems: inout [String]
  ) throws(DatasetError) -> [FrameRecord] {
    let manager = FileManager.default
    let colorFolder = root.appendingPathComponent("lowres_wide")
    let names: [String]
    do {
      names = try manager.contentsOfDirectory(atPath: colorFolder.path)
        .filter { $0.lowercased().hasSuffix(".png") }
    } catch {
      throw DatasetError(file: colorFolder.path, "cannot be listed: \(error.localizedDescription)")
    }
    var stamped: [(timestamp: Double, name: String)] = []
    for name in names {
      // "<video id>_<seconds>.png"; the seconds have three decimals.
      let stem = name.dropLast(4)
      guard let underscore = stem.lastIndex(of: "_"),
        let timestamp = Double(stem[stem.index(after: underscore)...]), timestamp.isFinite
      else {
        throw DatasetError(
          file: colorFolder.appendingPathComponent(name).path,
          "name is not <video id>_<timestamp>.png")
      }
      stamped.append((timestamp, name))
    }
    stamped.sort { ($0.timestamp, $0.name) < ($1.timestamp, $1.name) }

    var frames: [FrameRecord] = []
    var withoutDepth = 0
    for (timestamp, name) in stamped {
      if let previous = frames.last, previous.timestamp == timestamp {
        problems.append("lowres_wide/\(name): dropped, another frame has timestamp \(timestamp)")
        continue
      }
      let depthPath = root.appendingPathComponent("lowres_depth/\(name)").standardizedFileURL.path
      let hasDepth = manager.fileExists(atPath: depthPath)
      if !hasDepth { withoutDepth += 1 }
      frames.append(
        FrameRecord(
          index: frames.count, timestamp: timestamp,
          colorPath: colorFolder.appendingPathComponent(name).standardizedFileURL.path,
          depthPath: hasDepth ? depthPath : nil,
          intrinsics: try pincam(for: name, timestamp: timestamp, in: root)))
    }
    if withoutDepth > 0, withoutDepth < frames.count {
      problems.append(
        "lowres_depth: \(withoutDepth) of \(frames.count) frames have no depth image"
          + " (they replay without depth)")
    }
    return frames
  }

  /// The frame's `.pincam`. Apple's loader also accepts one stamped a
  /// millisecond off, as the files' rounding sometimes differs; so does this.
  private static func pincam(
    for name: String, timestamp: Double, in root: URL
  ) throws(DatasetError) -> CameraIntrinsics {
    let folder = root.appendingPathComponent("lowres_wide_intrinsics")
    let stem = String(name.dropLast(4))
    let prefix = stem[..<(stem.lastIndex(of: "_") ?? stem.endIndex)]
    let candidates =
      [stem]
      + [timestamp - 0.001, timestamp + 0.001].map { "\(prefix)_\(String(format: "%.3f", $0))" }
    guard
      let found = candidates.first(where: {
        FileManager.default.fileExists(atPath: folder.appendingPathComponent($0 + ".pincam").path)
      }), let list = try TextList.read(found + ".pincam", in: folder)
    else {
      throw DatasetError(
        file: folder.appendingPathComponent(stem + ".pincam").path, code: .missingFile,
        "does not exist; every lowres_wide frame needs its intrinsics")
    }
    guard let entry = list.entries.first, list.entries.count == 1 else {
      throw DatasetError(file: list.path, "must hold one line: width height fx fy cx cy")
    }
    try list.requireFields(entry, "width height fx fy cx cy")
    let width = try list.number(entry, 0, "width")
    let height = try list.number(entry, 1, "height")
    guard let w = Int(exactly: width), let h = Int(exactly: height) else {
      throw list.error(entry, "width and height must be whole numbers of pixels")
    }
    let camera = CameraIntrinsics(
      fx: try list.number(entry, 2, "fx"), fy: try list.number(entry, 3, "fy"),
      cx: try list.number(entry, 4, "cx"), cy: try list.number(entry, 5, "cy"), width: w,
      height: h)
    if let problem = camera.problem { throw list.error(entry, problem) }
    return camera
  }

  /// lowres_wide.traj as world_from_camera poses.
  private static func readTrajectory(
    _ root: URL, problems: inout [String]
  ) throws(DatasetError) -> [TimedPose] {
    guard let list = try TextList.read("lowres_wide.traj", in: root) else { return [] }
    return try list.timeOrdered("timestamp rx ry rz tx ty tz", problems: &problems) {
      (entry) throws(DatasetError) -> TimedPose in
      let axisAngle = SIMD3(
        try list.number(entry, 1, "rx"), try list.number(entry, 2, "ry"),
        try list.number(entry, 3, "rz"))
      let angle = (axisAngle * axisAngle).sum().squareRoot()
      let cameraFromWorld = TimedPose(
        timestamp: try list.number(entry, 0, "timestamp"),
        rotation: Quaternion(angle: angle, axis: axisAngle),
        translation: SIMD3(
          try list.number(entry, 4, "tx"), try list.number(entry, 5, "ty"),
          try list.number(entry, 6, "tz")))
      return cameraFromWorld.inverse
    }.map(\.value)
  }
}
