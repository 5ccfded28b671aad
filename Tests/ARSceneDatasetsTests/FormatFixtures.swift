import ARScene
import ARSceneDatasets
import Foundation
import XCTest

/// Small folders in each supported layout, written from known values into a
/// temporary folder, so that readers and the converter are tested on every
/// format without real data.
enum FormatFixtures {
  static func depthImage(
    width: Int, height: Int, _ value: (Int, Int) -> UInt16
  ) throws -> PixelBuffer {
    var values: [UInt16] = []
    for y in 0..<height { for x in 0..<width { values.append(value(x, y)) } }
    return try PixelBuffer(
      format: .depthUInt16, width: width, height: height,
      bytes: values.withUnsafeBytes { Array($0) })
  }

  static func grayImage(seed: Int) throws -> PixelBuffer {
    let bytes = (0..<(32 * 24)).map { UInt8(($0 * 7 + seed * 31) % 256) }
    return try PixelBuffer(format: .gray8, width: 32, height: 24, bytes: bytes)
  }

  // MARK: TUM

  /// Three 32x24 frames with depth, ground truth at its own rate and an
  /// accelerometer, named so that the freiburg1 intrinsics do not apply.
  static func tum(_ test: XCTestCase) throws -> URL {
    let folder = try SequenceFixtures.temporaryFolder(test, name: "tum-unit")
    var rgb = "# timestamp filename\n"
    var depth = "# timestamp filename\n"
    for (index, time) in ["1.000000", "1.033000", "1.066000"].enumerated() {
      try SequenceFixtures.write(
        try SequenceFixtures.colorImage(seed: index),
        to: folder.appendingPathComponent("rgb/\(time).png"))
      try SequenceFixtures.write(
        try SequenceFixtures.depthImage(seed: index),
        to: folder.appendingPathComponent("depth/\(time).png"))
      rgb += "\(time) rgb/\(time).png\n"
      depth += "\(time) depth/\(time).png\n"
    }
    var groundTruth = "# timestamp tx ty tz qx qy qz qw\n"
    for k in 0..<10 {
      groundTruth += "\(0.99 + 0.01 * Double(k)) 1.0 2.0 \(0.1 * Double(k)) 0 0.6 0 0.8\n"
    }
    var accelerometer = "# timestamp ax ay az\n"
    for k in 0..<10 { accelerometer += "\(0.995 + 0.01 * Double(k)) 0.1 -9.8 \(Double(k))\n" }
    try SequenceFixtures.write(rgb, to: folder.appendingPathComponent("rgb.txt"))
    try SequenceFixtures.write(depth, to: folder.appendingPathComponent("depth.txt"))
    try SequenceFixtures.write(groundTruth, to: folder.appendingPathComponent("groundtruth.txt"))
    try SequenceFixtures.write(
      accelerometer, to: folder.appendingPathComponent("accelerometer.txt"))
    return folder
  }

  static let tumCamera = CameraIntrinsics(fx: 30, fy: 30, cx: 16, cy: 12, width: 32, height: 24)

  // MARK: 7-Scenes

  /// A quarter turn about the world's Y axis, 1 m along X.
  static let sevenScenesPose: [[Double]] = [
    [0, 0, 1, 1], [0, 1, 0, 0], [-1, 0, 0, 0], [0, 0, 0, 1],
  ]

  /// Frames 600, 601 and 603 of a 32x24 scene, frame 603 without a pose,
  /// with a sequence.json giving small cameras; pixel (5, 5) has no reading.
  /// Gravity points along the world's +Y, unnormalised, one number a line as
  /// published.
  static func sevenScenes(_ test: XCTestCase) throws -> URL {
    let folder = try SequenceFixtures.temporaryFolder(test, name: "redkitchen-seq-01")
    let poseText =
      sevenScenesPose.map { $0.map { String(format: "%.18e", $0) }.joined(separator: " ") }
      .joined(separator: "\n") + "\n"
    for (seed, number) in [600, 601, 603].enumerated() {
      let stem = folder.appendingPathComponent("frame-000\(number)")
      try SequenceFixtures.write(
        try SequenceFixtures.colorImage(seed: seed), to: stem.appendingPathExtension("color.png"))
      try SequenceFixtures.write(
        try depthImage(width: 32, height: 24) { x, y in x == 5 && y == 5 ? 65535 : 1500 },
        to: stem.appendingPathExtension("depth.png"))
      if number != 603 {
        try SequenceFixtures.write(poseText, to: stem.appendingPathExtension("pose.txt"))
      }
    }
    try SequenceFixtures.write(
      #"""
      {"camera": {"width": 32, "height": 24, "fx": 30, "fy": 30, "cx": 15.5, "cy": 11.5},
       "depth": {"scale": 1000, "intrinsics": {"width": 32, "height": 24, "fx": 33, "fy": 33, "cx": 15.5, "cy": 11.5}}}
      """#, to: folder.appendingPathComponent("sequence.json"))
    try SequenceFixtures.write(
      "0.0\n2.0\n0.0\n", to: folder.appendingPathComponent("gravity-direction.txt"))
    return folder
  }

  // MARK: EuRoC

  static let eurocTimes: [Int64] = [
    1_403_715_273_262_142_976, 1_403_715_273_312_143_104, 1_403_715_273_362_142_976,
  ]

  static func seconds(_ ns: Int64) -> Double {
    Double(ns / 1_000_000_000) + Double(ns % 1_000_000_000) / 1e9
  }

  /// body_from_camera: a quarter turn about the body's Z (camera X along body
  /// Y, camera Y along body -X), 5 cm along body X.
  static let eurocCameraYAML = """
    %YAML:1.0
    # General sensor definitions.
    sensor_type: camera
    T_BS:
      cols: 4
      rows: 4
      data: [0.0, -1.0, 0.0, 0.05,
             1.0, 0.0, 0.0, 0.0,
             0.0, 0.0, 1.0, 0.0,
             0.0, 0.0, 0.0, 1.0]
    rate_hz: 20
    resolution: [32, 24]
    camera_model: pinhole
    intrinsics: [30.0, 31.0, 15.5, 11.5] #fu, fv, cu, cv
    distortion_model: radial-tangential
    distortion_coefficients: [-0.28, 0.07, 0.0002, 1.8e-05]
    """

  /// Three grey frames, 25 IMU samples (resting with body X up, turning about
  /// body X) and, optionally, body ground truth at the frame times.
  static func euroc(_ test: XCTestCase, groundTruth: Bool = true) throws -> URL {
    let folder = try SequenceFixtures.temporaryFolder(test, name: "V1_unit")
    let mav0 = folder.appendingPathComponent("mav0")
    var list = "#timestamp [ns],filename\n"
    for (index, time) in eurocTimes.enumerated() {
      try SequenceFixtures.write(
        try grayImage(seed: index), to: mav0.appendingPathComponent("cam0/data/\(time).png"))
      list += "\(time),\(time).png\r\n"
    }
    try SequenceFixtures.write(list, to: mav0.appendingPathComponent("cam0/data.csv"))
    try SequenceFixtures.write(eurocCameraYAML, to: mav0.appendingPathComponent("cam0/sensor.yaml"))
    var imu =
      "#timestamp [ns],w_RS_S_x [rad s^-1],w_RS_S_y,w_RS_S_z,a_RS_S_x [m s^-2],a_RS_S_y,a_RS_S_z\n"
    for k in 0..<25 {
      imu += "\(eurocTimes[0] - 20_000_000 + Int64(k) * 5_000_000),0.5,0,0,9.81,0,0\n"
    }
    try SequenceFixtures.write(imu, to: mav0.appendingPathComponent("imu0/data.csv"))
    if groundTruth {
      var poses = "#timestamp,p_RS_R_x [m],p_RS_R_y [m],p_RS_R_z [m],q_RS_w [],q_RS_x [],q_RS_y [],"
      poses += "q_RS_z [],v_RS_R_x,v_RS_R_y,v_RS_R_z,b_w_x,b_w_y,b_w_z,b_a_x,b_a_y,b_a_z\n"
      for time in eurocTimes {
        poses += "\(time),1.0,2.0,3.0,1.0,0.0,0.0,0.0,0,0,0,0,0,0,0,0,0\n"
      }
      try SequenceFixtures.write(
        poses, to: mav0.appendingPathComponent("state_groundtruth_estimate0/data.csv"))
    }
    return folder
  }

  // MARK: ARKitScenes

  static let arkitVideo = "41069021"
  static let arkitFrameTimes = ["10.050", "10.333", "10.950", "11.500"]

  /// The true world_from_camera of the ARKitScenes fixture at `t` seconds: a
  /// steady turn about a tilted axis while moving along a line.
  static func arkitTruth(_ t: Double) -> TimedPose {
    TimedPose(
      timestamp: t,
      rotation: Quaternion(angle: 0.4, axis: SIMD3(1, 0, 0))
        * Quaternion(angle: 0.5 * (t - 10), axis: SIMD3(0.3, 1, 0.2)),
      translation: SIMD3(0.2, 1.4, -0.5) + SIMD3(0.3, -0.1, 0.25) * (t - 10))
  }

  /// A .traj line: camera_from_world as axis-angle and translation.
  private static func trajLine(_ t: Double) -> String {
    let pose = arkitTruth(t).inverse
    let r = pose.rotation
    let q = r.w < 0 ? Quaternion(x: -r.x, y: -r.y, z: -r.z, w: -r.w) : r
    let angle = 2 * acos(min(1, q.w))
    let s = sin(angle / 2)
    let rotation = s > 1e-12 ? SIMD3(q.x, q.y, q.z) / s * angle : .zero
    let t3 = pose.translation
    return [t, rotation.x, rotation.y, rotation.z, t3.x, t3.y, t3.z]
      .map { String(format: "%.17g", $0) }.joined(separator: " ")
  }

  /// `<video>/<video>_frames/` as the 3DOD download unpacks it: four frames,
  /// the last after the trajectory ends, each with its own focal length.
  static func arkitScenes(_ test: XCTestCase) throws -> URL {
    let folder = try SequenceFixtures.temporaryFolder(test, name: arkitVideo)
    let frames = folder.appendingPathComponent("\(arkitVideo)_frames")
    for (index, time) in arkitFrameTimes.enumerated() {
      let name = "\(arkitVideo)_\(time)"
      try SequenceFixtures.write(
        try SequenceFixtures.colorImage(seed: index),
        to: frames.appendingPathComponent("lowres_wide/\(name).png"))
      try SequenceFixtures.write(
        try SequenceFixtures.depthImage(seed: index),
        to: frames.appendingPathComponent("lowres_depth/\(name).png"))
      // Apple's files sometimes disagree in the last digit; 10.333 has 10.334.
      let pincam = time == "10.333" ? "\(arkitVideo)_10.334" : name
      try SequenceFixtures.write(
        "32 24 \(30 + Double(index) / 10) \(30.5 + Double(index) / 10) 15.8 11.9\n",
        to: frames.appendingPathComponent("lowres_wide_intrinsics/\(pincam).pincam"))
    }
    let traj = (0...10).map { trajLine(10 + Double($0) / 10) }.joined(separator: "\n") + "\n"
    try SequenceFixtures.write(traj, to: frames.appendingPathComponent("lowres_wide.traj"))
    return folder
  }
}
