import ARScene
import Foundation

extension DatasetSequence {
  /// Refuses an IMU that would drive tracking wrongly (``IMUCheck``) where it
  /// drives tracking: `trackingMode` visual-inertial, or automatic with some
  /// of `frames` without depth. Visual-inertial tracking of a recording
  /// without an IMU is refused too. Returns the warnings about a usable IMU.
  public func checkInertialInput(
    frames: some Collection<FrameRecord>,
    trackingMode: WorldTrackingConfiguration.TrackingMode
  ) throws(DatasetError) -> [String] {
    let usesIMU: Bool
    switch trackingMode {
    case .visualInertial: usesIMU = true
    case .automatic: usesIMU = !imu.isEmpty && frames.contains { $0.depthPath == nil }
    case .rgbd, .monocular: usesIMU = false
    }
    guard usesIMU else { return [] }
    guard !imu.isEmpty else {
      throw DatasetError(
        "--tracking visual-inertial needs an IMU, and \(url.path) has none"
          + " (--tracking monocular tracks colour alone)")
    }
    let times = frames.map(\.timestamp)
    let file = inertialFile.path
    if let worst = IMUCheck.problems(of: imu, frameTimes: times, file: file).first {
      throw DatasetError(worst)
    }
    return IMUCheck.warnings(of: imu, frameTimes: times, file: file)
  }

  /// The file the IMU samples come from, for messages.
  private var inertialFile: URL {
    if format == "euroc" { return url.appendingPathComponent("mav0/imu0/data.csv") }
    let imu = url.appendingPathComponent("imu.txt")
    let accelerometer = url.appendingPathComponent("accelerometer.txt")
    let hasIMUList =
      FileManager.default.fileExists(atPath: imu.path)
      || !FileManager.default.fileExists(atPath: accelerometer.path)
    return hasIMUList ? imu : accelerometer
  }
}
