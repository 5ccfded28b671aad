import ARScene
import Foundation

/// Reads Microsoft's 7-Scenes layout: `frame-NNNNNN.color.png|jpg`,
/// `frame-NNNNNN.depth.png` (millimetres, 65535 = no reading) and
/// `frame-NNNNNN.pose.txt` (a row-major 4x4 camera-to-world matrix) per frame,
/// optionally `camera-intrinsics.txt` (the depth camera's 3x3 matrix) and
/// `gravity-direction.txt` (gravity in the ground-truth world).
///
/// The Kinect's depth and colour cameras are separate and the published depth
/// is in the depth camera's pixels, so the sequence describes both cameras and
/// ``DatasetSequence/loadFrame(_:)`` registers each depth image to colour.
/// There are no timestamps: frame N is at N / 30 s, N from the file name.
/// A `sequence.json` beside the frames overrides the calibration (camera,
/// `depth.scale`, `depth.intrinsics`, `depth.colorFromDepth`, `frameRate`).
enum SevenScenesReader {
  /// The depth (infrared) camera, as the 7-Scenes page and
  /// camera-intrinsics.txt give it.
  static let depthCamera = CameraIntrinsics(
    fx: 585, fy: 585, cx: 320, cy: 240, width: 640, height: 480)
  /// The colour camera. 7-Scenes publishes no colour calibration; 525 px is the
  /// Kinect v1 colour focal length used with it throughout the literature.
  static let colorCamera = CameraIntrinsics(
    fx: 525, fy: 525, cx: 320, cy: 240, width: 640, height: 480)
  /// `color_from_depth` in OpenCV camera axes: identity rotation and the
  /// colour camera 2 cm to the depth camera's right (+X), so depth points
  /// move by -2 cm. Measured on 7scenes-kitchen-dev: registering depth with
  /// baselines from -6 to +6 cm and scoring how strongly the colour image's
  /// gradient peaks on the registered depth's edges, the score is highest at
  /// -1.75 to -2 cm (84 against 63 with no baseline and < 62 for any positive
  /// one); the Kinect v1's lenses sit about 2.5 cm apart. Depth reprojection
  /// agreement cannot tell baselines apart (it varies by < 0.5% from -4 to
  /// +4 cm), because depth and poses move together.
  static let colorFromDepth: Transform = {
    var transform = Transform.identity
    transform.translation = SIMD3(-0.02, 0, 0)
    return transform
  }()
  static let frameRate = 30.0

  /// Whether `folder` holds 7-Scenes frames.
  static func recognises(_ folder: URL) -> Bool {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.contains { FrameName($0)?.kind == .color }
  }

  static func open(
    _ folder: URL, intrinsics: CameraIntrinsics?
  ) throws(DatasetError) -> FolderSequence {
    var problems: [String] = []
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    } catch {
      throw DatasetError(file: folder.path, "cannot be listed: \(error.localizedDescription)")
    }
    // Frame number to file name, per kind; the first name in sorted order
    // wins when two spell the same number ("frame-000001.color.jpg" and .png).
    var files: [FrameName.Kind: [Int: String]] = [:]
    for name in names {
      guard let frame = FrameName(name) else { continue }
      if let kept = files[frame.kind]?[frame.number] {
        problems.append("\(name): ignored, frame \(frame.number) already has \(kept)")
      } else {
        files[frame.kind, default: [:]][frame.number] = name
      }
    }
    let colors = files[.color] ?? [:]
    let depths = files[.depth] ?? [:]
    let poses = files[.pose] ?? [:]
    guard !colors.isEmpty else {
      throw DatasetError(file: folder.path, "has no frame-NNNNNN.color.png or .jpg images")
    }

    var description = try calibration(folder, problems: &problems)
    if let intrinsics { description.camera = intrinsics }
    if description.camera.width <= 0 || description.camera.height <= 0,
      let first = colors.keys.min(), let name = colors[first]
    {
      let image = try FolderSequence.image(at: folder.appendingPathComponent(name).path)
      description.camera.width = image.width
      description.camera.height = image.height
    }
    try IntrinsicsCheck.require(description.camera, given: intrinsics != nil, file: folder.path)
    let rate = description.frameRate ?? frameRate

    var frames: [FrameRecord] = []
    var groundTruth: [TimedPose] = []
    // World from the colour camera = world from the depth camera (KinectFusion
    // tracked depth) followed by depth_from_color.
    let depthFromColor = RigidTransform(description.colorFromDepth ?? .identity).inverse
    for number in colors.keys.sorted() {
      guard let colorName = colors[number] else { continue }
      let timestamp = Double(number) / rate
      frames.append(
        FrameRecord(
          index: frames.count, timestamp: timestamp,
          colorPath: folder.appendingPathComponent(colorName).standardizedFileURL.path,
          depthPath: depths[number].map {
            folder.appendingPathComponent($0).standardizedFileURL.path
          }))
      if let poseName = poses[number] {
        let depthPose = try pose(poseName, in: folder, timestamp: timestamp)
        groundTruth.append(depthPose.composed(with: depthFromColor))
      }
    }
    let withoutDepth = frames.filter { $0.depthPath == nil }.count
    if withoutDepth > 0 {
      problems.append(
        "\(withoutDepth) of \(frames.count) frames have no frame-NNNNNN.depth.png"
          + " (they replay without depth)")
    }
    if groundTruth.count < frames.count {
      problems.append(
        "\(frames.count - groundTruth.count) of \(frames.count) frames have no"
          + " frame-NNNNNN.pose.txt")
    }
    description.sensors = Set(
      [
        .color, withoutDepth < frames.count ? .depth : nil,
        groundTruth.isEmpty ? nil : .groundTruth,
      ]
      .compactMap { $0 })
    return FolderSequence(
      url: folder, format: "7scenes", description: description, frames: frames,
      groundTruth: groundTruth, imu: [], problems: problems, registersEveryDepthImage: true)
  }

  /// The published calibration, camera-intrinsics.txt for the depth camera,
  /// and a sequence.json over both.
  private static func calibration(
    _ folder: URL, problems: inout [String]
  ) throws(DatasetError) -> SequenceDescription {
    var description = SequenceDescription(
      name: folder.lastPathComponent, camera: colorCamera, depthUnitsPerMeter: 1000,
      frameRate: frameRate, groundTruthConvention: "opencv",
      provenance: "Microsoft Research 7-Scenes (Kinect v1; ground truth from KinectFusion)",
      depthIntrinsics: depthCamera, colorFromDepth: colorFromDepth)
    if let matrix = try TextList.read("camera-intrinsics.txt", in: folder) {
      description.depthIntrinsics = try cameraMatrix(matrix, size: depthCamera)
    }
    if let list = try TextList.read("gravity-direction.txt", in: folder) {
      description.gravity = try gravity(list)
    }
    let jsonURL = folder.appendingPathComponent(SequenceJSON.fileName)
    guard FileManager.default.fileExists(atPath: jsonURL.path) else { return description }
    let contents = try SequenceJSON.read(jsonURL, defaultName: description.name)
    let given = contents.description
    problems += contents.problems
    description.name = given.name
    description.camera = given.camera
    description.distortion = given.distortion
    if let scale = given.depthUnitsPerMeter { description.depthUnitsPerMeter = scale }
    if let depthIntrinsics = given.depthIntrinsics { description.depthIntrinsics = depthIntrinsics }
    if let colorFromDepth = given.colorFromDepth { description.colorFromDepth = colorFromDepth }
    if let frameRate = given.frameRate { description.frameRate = frameRate }
    if let gravity = given.gravity { description.gravity = gravity }
    if let provenance = given.provenance { description.provenance = provenance }
    description.licence = given.licence ?? description.licence
    return description
  }

  /// gravity-direction.txt: the direction of gravity in the ground-truth
  /// world as three numbers (one per line, as published, or on one line).
  private static func gravity(_ list: TextList) throws(DatasetError) -> SIMD3<Double> {
    var values: [Double] = []
    for entry in list.entries {
      for index in entry.fields.indices {
        values.append(try list.number(entry, index, "g\(values.count)"))
      }
    }
    return try SequenceJSON.gravity(values, key: "gravity direction", path: list.path)
  }

  /// A 3x3 pinhole matrix "fx 0 cx / 0 fy cy / 0 0 1" for an image of `size`.
  private static func cameraMatrix(
    _ list: TextList, size: CameraIntrinsics
  ) throws(DatasetError) -> CameraIntrinsics {
    guard list.entries.count == 3 else {
      throw DatasetError(
        file: list.path,
        "must hold a 3x3 camera matrix (3 lines), found \(list.entries.count) lines")
    }
    var k: [[Double]] = []
    for entry in list.entries {
      try list.requireFields(entry, "k0 k1 k2")
      k.append([
        try list.number(entry, 0, "k0"), try list.number(entry, 1, "k1"),
        try list.number(entry, 2, "k2"),
      ])
    }
    guard k[0][1] == 0, k[1][0] == 0, k[2] == [0, 0, 1] else {
      throw DatasetError(
        file: list.path, "is not a pinhole camera matrix (fx 0 cx / 0 fy cy / 0 0 1)")
    }
    let camera = CameraIntrinsics(
      fx: k[0][0], fy: k[1][1], cx: k[0][2], cy: k[1][2], width: size.width, height: size.height)
    if let problem = camera.problem { throw DatasetError(file: list.path, problem) }
    return camera
  }

  /// A frame's camera-to-world matrix as a pose; the rotation must be one
  /// (KinectFusion's are orthonormal to 3e-4).
  private static func pose(
    _ name: String, in folder: URL, timestamp: Double
  ) throws(DatasetError) -> TimedPose {
    guard let list = try TextList.read(name, in: folder) else {
      throw DatasetError(
        file: folder.appendingPathComponent(name).path, code: .missingFile, "does not exist")
    }
    guard list.entries.count == 4 else {
      throw DatasetError(
        file: list.path, "must hold a 4x4 matrix (4 lines), found \(list.entries.count) lines")
    }
    var values: [Double] = []
    for entry in list.entries {
      try list.requireFields(entry, "m0 m1 m2 m3")
      for column in 0..<4 { values.append(try list.number(entry, column, "m\(column)")) }
    }
    guard let cameraToWorld = RigidTransform(rowMajor: values) else {
      throw DatasetError(
        file: list.path,
        "is not a rigid transform: the last row must be 0 0 0 1 and the top-left 3x3 a rotation"
          + " (orthonormal within 0.01, determinant +1)")
    }
    return TimedPose(
      timestamp: timestamp, rotation: cameraToWorld.rotation,
      translation: cameraToWorld.translation)
  }

  /// "frame-000042.color.jpg" and its kin.
  private struct FrameName {
    enum Kind: Hashable { case color, depth, pose }
    var number: Int
    var kind: Kind

    init?(_ name: String) {
      guard name.hasPrefix("frame-") else { return nil }
      let parts = name.dropFirst("frame-".count).split(separator: ".")
      guard parts.count == 3, let digits = parts.first, !digits.isEmpty,
        digits.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(digits)
      else { return nil }
      switch (parts[1], parts[2].lowercased()) {
      case ("color", "png"), ("color", "jpg"), ("color", "jpeg"): kind = .color
      case ("depth", "png"): kind = .depth
      case ("pose", "txt"): kind = .pose
      default: return nil
      }
      self.number = number
    }
  }
}
