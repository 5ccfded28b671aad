import ARScene
import Foundation

/// Reads the EuRoC MAV (ETH ASL) layout: `mav0/cam0/data.csv` with the grey
/// images in `mav0/cam0/data/`, the camera's `sensor.yaml` (intrinsics,
/// radial-tangential distortion, `T_BS` = body_from_camera), `mav0/imu0/`
/// (200 Hz gyroscope and accelerometer in the IMU's axes) and ground truth.
///
/// Timestamps are nanoseconds in the files and seconds here, on the same
/// clock. IMU samples are turned into the camera's ARKit axes: rotated by
/// camera_from_imu (from the two `T_BS`) and flipped with
/// ``Transform/cameraAxesFlip``; the lever arm between the sensors (a few
/// centimetres) is ignored, as it is in ARKit's own samples.
///
/// Ground truth, world_from_camera for cam0 in OpenCV axes, comes from
/// 1. `mav0/state_groundtruth_estimate0/data.csv`: the IMU's (body's) pose,
///    composed here with body_from_camera; or
/// 2. a file beside `mav0` whose name contains "gt" or "groundtruth", already
///    in the left camera's frame. Whitespace-separated lines are TUM
///    (`t tx ty tz qx qy qz qw`, seconds). Comma-separated lines of 8 fields
///    are ORB-SLAM3's `EuRoC_left_cam` files (`t[ns], px, py, pz, qw, qx, qy,
///    qz`): the position is the camera centre but the quaternion is that of
///    camera_from_world (checked on V1_01: its increments match the gyroscope
///    only that way round, and it turns the resting accelerometer to the
///    world's +Z within 3 degrees; read as world_from_camera it is 87 degrees
///    off). Lines of 17 fields are a copy of state_groundtruth_estimate0.
enum EuRoCReader {
  /// Whether `folder` is an EuRoC sequence (holds `mav0/`) or its `mav0`.
  static func recognises(_ folder: URL) -> Bool {
    mav0(in: folder) != nil
  }

  private static func mav0(in folder: URL) -> URL? {
    let manager = FileManager.default
    for candidate in [folder.appendingPathComponent("mav0"), folder]
    where manager.fileExists(atPath: candidate.appendingPathComponent("cam0/data.csv").path) {
      return candidate
    }
    return nil
  }

  static func open(
    _ folder: URL, intrinsics: CameraIntrinsics?, allowingOutsidePaths: Bool = false
  ) throws(DatasetError) -> FolderSequence {
    guard let mav0 = mav0(in: folder) else {
      throw DatasetError(file: folder.path, "has no mav0/cam0/data.csv: not an EuRoC sequence")
    }
    var problems: [String] = []
    let cameraFile = try EuRoCSensorFile(url: mav0.appendingPathComponent("cam0/sensor.yaml"))
    var description = try describe(
      cameraFile,
      name: folder.lastPathComponent == "mav0"
        ? folder.deletingLastPathComponent().lastPathComponent : folder.lastPathComponent,
      problems: &problems)
    if let intrinsics {
      // Given intrinsics replace the file's, distortion included; a size of
      // 0 keeps the file's resolution.
      let resolution = description.camera
      description.camera = intrinsics
      description.distortion = nil
      if intrinsics.width <= 0 || intrinsics.height <= 0 {
        description.camera.width = resolution.width
        description.camera.height = resolution.height
      }
    }
    try IntrinsicsCheck.require(
      description.camera, given: intrinsics != nil,
      file: intrinsics != nil ? folder.path : cameraFile.path)

    let frames = try readFrames(
      mav0, allowingOutside: allowingOutsidePaths, problems: &problems)
    let imuFromBody = try imuFromBody(mav0)
    let bodyFromCamera = cameraFile.bodyFromSensor
    let imu = try readIMU(
      mav0, cameraFromIMU: (imuFromBody * bodyFromCamera).inverse, problems: &problems)
    let groundTruth = try readGroundTruth(
      mav0, imuFromCamera: imuFromBody * bodyFromCamera, problems: &problems)
    description.sensors = Set(
      [.color, imu.isEmpty ? nil : .imu, groundTruth.isEmpty ? nil : .groundTruth]
        .compactMap { $0 })
    return FolderSequence(
      url: folder, format: "euroc", description: description, frames: frames,
      groundTruth: groundTruth, imu: imu, problems: problems)
  }

  /// The camera from cam0/sensor.yaml.
  private static func describe(
    _ file: EuRoCSensorFile, name: String, problems: inout [String]
  ) throws(DatasetError) -> SequenceDescription {
    guard let k = file.intrinsics, k.count == 4 else {
      throw DatasetError(file: file.path, "intrinsics must be [fu, fv, cu, cv]")
    }
    guard let size = file.resolution, size.count == 2, let width = Int(exactly: size[0]),
      let height = Int(exactly: size[1])
    else {
      throw DatasetError(file: file.path, "resolution must be [width, height] in whole pixels")
    }
    if let model = file.cameraModel, model != "pinhole" {
      throw DatasetError(file: file.path, "camera_model \(model) is not supported; only pinhole")
    }
    var distortion: [Double]?
    switch file.distortionModel {
    case "radial-tangential", nil:
      if let coefficients = file.distortion {
        // k1 k2 p1 p2 is OpenCV's order already.
        guard coefficients.count == 4 || coefficients.count == 5 else {
          throw DatasetError(
            file: file.path,
            "distortion_coefficients must be 4 (k1 k2 p1 p2) or 5 numbers, got \(coefficients.count)"
          )
        }
        if let problem = LensUndistortion.problem(with: coefficients) {
          throw DatasetError(file: file.path, "distortion_coefficients: \(problem)")
        }
        distortion = coefficients
      }
    case let model?:
      problems.append(
        "cam0/sensor.yaml: distortion_model \(model) has no OpenCV k1 k2 p1 p2 form;"
          + " the images are treated as undistorted")
    }
    return SequenceDescription(
      name: name,
      camera: CameraIntrinsics(
        fx: k[0], fy: k[1], cx: k[2], cy: k[3], width: width, height: height),
      distortion: distortion, frameRate: file.rate, groundTruthConvention: "opencv",
      provenance: "ETH ASL EuRoC MAV dataset (cam0)")
  }

  /// imu0's body_from_sensor, inverted; EuRoC's IMU is the body, so without
  /// imu0/sensor.yaml it is the identity.
  private static func imuFromBody(_ mav0: URL) throws(DatasetError) -> RigidTransform {
    let url = mav0.appendingPathComponent("imu0/sensor.yaml")
    guard FileManager.default.fileExists(atPath: url.path) else { return .identity }
    return try EuRoCSensorFile(url: url).bodyFromSensor.inverse
  }

  private static func readFrames(
    _ mav0: URL, allowingOutside: Bool, problems: inout [String]
  ) throws(DatasetError) -> [FrameRecord] {
    let images = mav0.appendingPathComponent("cam0/data")
    guard let list = try TextList.read("cam0/data.csv", in: mav0, commas: true) else {
      throw DatasetError(
        file: mav0.appendingPathComponent("cam0/data.csv").path, code: .missingFile,
        "does not exist")
    }
    let rows = try list.timeOrdered(
      "timestamp filename", problems: &problems,
      time: list.nanosecondTimestamp
    ) { (entry) throws(DatasetError) -> String in
      let listed = ListedPath(
        String(entry.fields[1]), in: images, allowingOutside: allowingOutside)
      if let refusal = listed.refusal { throw list.error(entry, refusal) }
      let path = listed.path
      guard FileManager.default.fileExists(atPath: path) else {
        throw list.error(entry, code: .missingFile, "image \(path) does not exist")
      }
      return path
    }
    guard !rows.isEmpty else { throw DatasetError(file: list.path, "lists no images") }
    return rows.enumerated().map { index, row in
      FrameRecord(index: index, timestamp: row.timestamp, colorPath: row.value)
    }
  }

  private static func readIMU(
    _ mav0: URL, cameraFromIMU: RigidTransform, problems: inout [String]
  ) throws(DatasetError) -> [IMUSample] {
    guard let list = try TextList.read("imu0/data.csv", in: mav0, commas: true) else { return [] }
    // IMU axes to the camera's OpenCV axes, then to its ARKit axes.
    let arkitFromIMU = (Quaternion.cameraAxesFlip * cameraFromIMU.rotation).normalized
    return try list.timeOrdered(
      "timestamp wx wy wz ax ay az", problems: &problems,
      time: list.nanosecondTimestamp
    ) { (entry) throws(DatasetError) -> IMUSample in
      var values: [Double] = []
      for (index, name) in ["wx", "wy", "wz", "ax", "ay", "az"].enumerated() {
        values.append(try list.number(entry, index + 1, name))
      }
      let rate = arkitFromIMU.rotate(SIMD3(values[0], values[1], values[2]))
      let force = arkitFromIMU.rotate(SIMD3(values[3], values[4], values[5]))
      return IMUSample(
        timestamp: try list.nanoseconds(entry, 0, "timestamp"), acceleration: SIMD3<Float>(force),
        rotationRate: SIMD3<Float>(rate))
    }.map(\.value)
  }

  private static func readGroundTruth(
    _ mav0: URL, imuFromCamera: RigidTransform, problems: inout [String]
  ) throws(DatasetError) -> [TimedPose] {
    if let list = try TextList.read(
      "state_groundtruth_estimate0/data.csv", in: mav0, commas: true)
    {
      return try bodyPoses(list, imuFromCamera: imuFromCamera, problems: &problems)
    }
    let beside = mav0.deletingLastPathComponent()
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: beside.path)) ?? [])
      .filter(isGroundTruthName).sorted()
    guard let name = names.first else { return [] }
    if names.count > 1 {
      problems.append(
        "\(name): used as ground truth; also found \(names.dropFirst().joined(separator: ", "))")
    }
    // Whitespace-separated lines have their 8 fields without splitting on
    // commas; comma-separated ones come out as one field.
    if let tum = try TextList.read(name, in: beside), tum.entries.first?.fields.count == 8 {
      return try tumPoses(tum, problems: &problems)
    }
    guard let list = try TextList.read(name, in: beside, commas: true) else { return [] }
    if list.entries.first?.fields.count == 17 {
      return try bodyPoses(list, imuFromCamera: imuFromCamera, problems: &problems)
    }
    return try leftCameraPoses(list, problems: &problems)
  }

  /// "groundtruth.txt", "V101_GT_leftcam.txt", "data_gt.csv": a .txt or .csv
  /// whose name has a word "gt" or starting with "groundtruth".
  private static func isGroundTruthName(_ name: String) -> Bool {
    let lower = name.lowercased()
    guard lower.hasSuffix(".txt") || lower.hasSuffix(".csv") else { return false }
    let words = lower.dropLast(4).split { !$0.isLetter && !$0.isNumber }
    return words.contains { $0 == "gt" || $0.hasPrefix("groundtruth") }
  }

  /// state_groundtruth_estimate0: the IMU's pose (p_RS_R, q_RS_R with w
  /// first), then velocity and biases, which are not needed.
  private static func bodyPoses(
    _ list: TextList, imuFromCamera: RigidTransform, problems: inout [String]
  ) throws(DatasetError) -> [TimedPose] {
    let layout = "timestamp px py pz qw qx qy qz vx vy vz bwx bwy bwz bax bay baz"
    return try list.timeOrdered(
      layout, problems: &problems,
      time: list.nanosecondTimestamp
    ) { (entry) throws(DatasetError) -> TimedPose in
      let imuPose = try pose(list, entry, euroc: true)
      return imuPose.composed(with: imuFromCamera)
    }.map(\.value)
  }

  /// ORB-SLAM3's EuRoC_left_cam files: camera centre and camera_from_world
  /// quaternion (see the type's documentation for the evidence).
  private static func leftCameraPoses(
    _ list: TextList, problems: inout [String]
  ) throws(DatasetError) -> [TimedPose] {
    try list.timeOrdered(
      "timestamp px py pz qw qx qy qz", problems: &problems,
      time: list.nanosecondTimestamp
    ) { (entry) throws(DatasetError) -> TimedPose in
      var pose = try pose(list, entry, euroc: true)
      pose.rotation = pose.rotation.conjugate
      return pose
    }.map(\.value)
  }

  private static func tumPoses(
    _ list: TextList, problems: inout [String]
  ) throws(DatasetError) -> [TimedPose] {
    try TUMTrajectory.poses(in: list, problems: &problems)
  }

  /// A pose line: EuRoC's columns (nanoseconds, position, quaternion w x y
  /// z) or TUM's (seconds, position, quaternion x y z w).
  private static func pose(
    _ list: TextList, _ entry: TextList.Entry, euroc: Bool
  ) throws(DatasetError) -> TimedPose {
    let names =
      euroc
      ? ["px", "py", "pz", "qw", "qx", "qy", "qz"] : ["tx", "ty", "tz", "qx", "qy", "qz", "qw"]
    var values: [Double] = []
    for (index, name) in names.enumerated() {
      values.append(try list.number(entry, index + 1, name))
    }
    let rotation =
      euroc
      ? Quaternion(x: values[4], y: values[5], z: values[6], w: values[3])
      : Quaternion(x: values[3], y: values[4], z: values[5], w: values[6])
    guard abs(rotation.norm - 1) <= 1e-3 else {
      throw list.error(entry, "quaternion has norm \(rotation.norm); it must be 1 within 0.001")
    }
    let timestamp =
      euroc
      ? try list.nanoseconds(entry, 0, "timestamp") : try list.number(entry, 0, "timestamp")
    return TimedPose(
      timestamp: timestamp, rotation: rotation.normalized,
      translation: SIMD3(values[0], values[1], values[2]))
  }
}
