import ARScene
import Foundation

/// A sequence read from a folder, whatever its layout: native and TUM folders,
/// 7-Scenes, EuRoC and ARKitScenes readers all produce one, so that every
/// format decodes, registers and slices its frames the same way. The lists are
/// read at open; the images are decoded one frame at a time.
struct FolderSequence: DatasetSequence {
  var url: URL
  var format: String
  var description: SequenceDescription
  var frames: [FrameRecord]
  var groundTruth: [TimedPose]
  var imu: [IMUSample]
  var problems: [String]
  /// Whether every depth image goes through registration, even when the
  /// description calls depth registered: 7-Scenes marks missing readings
  /// with 65535, which registration turns into 0 ("no depth").
  var registersEveryDepthImage = false
  /// Resamples the colour images (and depth registered to them) as the
  /// pinhole camera sees them when the description states a lens distortion;
  /// made by ``prepareUndistortion()``.
  var undistortion: LensUndistortion?

  /// Makes ``undistortion`` for the description's distortion, if any. Refuses
  /// frames with their own intrinsics: the undistortion is for one camera.
  mutating func prepareUndistortion() throws(DatasetError) {
    guard let coefficients = description.distortion else { return }
    if let record = frames.first(where: { $0.intrinsics != nil }) {
      throw DatasetError(
        file: record.colorPath,
        "has its own intrinsics, but the sequence states one lens distortion for one camera")
    }
    do {
      undistortion = try LensUndistortion(camera: description.camera, coefficients: coefficients)
    } catch {
      throw DatasetError(file: url.path, "lens distortion cannot be undone: \(error.message)")
    }
  }

  func loadFrame(_ record: FrameRecord) throws(DatasetError) -> CapturedFrame {
    let camera = record.intrinsics ?? description.camera
    let cameraSize = "but the camera intrinsics are for \(camera.width)x\(camera.height)"
    var color = try Self.image(
      at: record.colorPath, expectedSize: (camera.width, camera.height),
      mismatch: { "image is \($0)x\($1) \(cameraSize)" })
    guard color.format.isColor else {
      throw DatasetError(
        file: record.colorPath, "is a \(color.format.rawValue) image, not a colour or grey one")
    }
    guard color.width == camera.width, color.height == camera.height else {
      throw DatasetError(
        file: record.colorPath, "image is \(color.width)x\(color.height) \(cameraSize)")
    }
    var depth: DepthData?
    if let depthPath = record.depthPath, let unitsPerMeter = description.depthUnitsPerMeter {
      // Registered depth has the colour image's size; unregistered, the
      // depth camera's.
      let registered = description.isDepthRegistered && !registersEveryDepthImage
      let depthSize =
        registered
        ? (width: color.width, height: color.height)
        : (
          (description.depthIntrinsics ?? camera).width,
          (description.depthIntrinsics ?? camera).height
        )
      let depthMap = try Self.image(
        at: depthPath, expectedSize: depthSize,
        mismatch: {
          registered
            ? "depth image is \($0)x\($1) but the colour image \(record.colorPath) is"
              + " \(color.width)x\(color.height)"
            : "depth image is \($0)x\($1) but the depth camera intrinsics are for"
              + " \(depthSize.width)x\(depthSize.height)"
        })
      guard depthMap.format == .depthUInt16 else {
        throw DatasetError(
          file: depthPath,
          "is a \(depthMap.format.rawValue) image; depth must be a 16-bit single-channel PNG")
      }
      let measured = DepthData(depthMap: depthMap, unitsPerMeter: unitsPerMeter)
      if description.isDepthRegistered && !registersEveryDepthImage {
        guard depthMap.width == color.width, depthMap.height == color.height else {
          throw DatasetError(
            file: depthPath,
            "depth image is \(depthMap.width)x\(depthMap.height) but the colour image"
              + " \(record.colorPath) is \(color.width)x\(color.height)")
        }
        // Registered to the lens's image: undistorted with it.
        depth =
          try undistortion.map { (lens) throws(DatasetError) in
            try Self.undistort(depthPath) { () throws(ARSceneError) in
              try lens.undistorted(measured)
            }
          } ?? measured
      } else {
        // Registered into the pinhole camera directly.
        depth = try Self.register(measured, at: depthPath, to: camera, description: description)
      }
    }
    if let lens = undistortion {
      let distorted = color
      color = try Self.undistort(record.colorPath) { () throws(ARSceneError) in
        try lens.undistorted(distorted)
      }
    }
    return CapturedFrame(
      timestamp: record.timestamp, intrinsics: camera, capturedImage: color, depth: depth,
      imuSamples: imuSamples(upTo: record.timestamp))
  }

  /// Depth as the colour camera sees it. The description's `colorFromDepth`
  /// is in OpenCV camera axes like all dataset calibration; the engine takes
  /// ARKit axes, so it is flipped on both sides.
  private static func register(
    _ depth: DepthData, at path: String, to camera: CameraIntrinsics,
    description: SequenceDescription
  ) throws(DatasetError) -> DepthData {
    let depthCamera = description.depthIntrinsics ?? camera
    let map = depth.depthMap
    guard map.width == depthCamera.width, map.height == depthCamera.height else {
      throw DatasetError(
        file: path,
        "depth image is \(map.width)x\(map.height) but the depth camera intrinsics are for"
          + " \(depthCamera.width)x\(depthCamera.height)")
    }
    let colorFromDepth = description.colorFromDepth ?? .identity
    do {
      return try depth.registered(
        to: camera, depthIntrinsics: depthCamera,
        colorFromDepth: Transform.cameraAxesFlip * colorFromDepth * Transform.cameraAxesFlip)
    } catch {
      throw DatasetError(file: path, "cannot be registered to the colour camera: \(error.message)")
    }
  }

  /// The result of `body`, an undistortion of the image at `path`, whose
  /// failure names that file.
  private static func undistort<T>(
    _ path: String, _ body: () throws(ARSceneError) -> T
  ) throws(DatasetError) -> T {
    do {
      return try body()
    } catch {
      throw DatasetError(file: path, "cannot be undistorted: \(error.message)")
    }
  }

  /// The samples after the previous frame, up to and including this one; the
  /// first frame gets every sample up to it so that none is lost.
  private func imuSamples(upTo timestamp: Double) -> [IMUSample] {
    let previousFrame = frames.lastIndex(before: timestamp, by: \.timestamp)
    let start =
      previousFrame.map { imu.firstIndex(after: frames[$0].timestamp, by: \.timestamp) } ?? 0
    let end = imu.firstIndex(after: timestamp, by: \.timestamp)
    return start < end ? Array(imu[start..<end]) : []
  }

  /// Reads an image, the error naming its file; one that declares another
  /// size than expected is refused before it is decoded.
  static func image(
    at path: String, expectedSize: (width: Int, height: Int)? = nil,
    mismatch: @escaping (Int, Int) -> String = { "image is \($0)x\($1)" }
  ) throws(DatasetError) -> PixelBuffer {
    do {
      return try PixelBuffer.read(
        contentsOf: URL(fileURLWithPath: path), expectedSize: expectedSize, mismatch: mismatch)
    } catch {
      // The core's message starts with the path, which the error's file already names.
      let prefix = path + ": "
      let reason =
        error.message.hasPrefix(prefix)
        ? String(error.message.dropFirst(prefix.count)) : error.message
      throw DatasetError(file: path, reason)
    }
  }
}

extension Array {
  /// Index of the first element whose key is greater than `value`, or
  /// `count`; the array must be sorted by key.
  func firstIndex(after value: Double, by key: (Element) -> Double) -> Int {
    var low = 0
    var high = count
    while low < high {
      let middle = (low + high) / 2
      if key(self[middle]) <= value { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// Index of the last element whose key is less than `value`; the array must
  /// be sorted by key.
  fileprivate func lastIndex(before value: Double, by key: (Element) -> Double) -> Int? {
    var low = 0
    var high = count
    while low < high {
      let middle = (low + high) / 2
      if key(self[middle]) < value { low = middle + 1 } else { high = middle }
    }
    return low > 0 ? low - 1 : nil
  }
}
