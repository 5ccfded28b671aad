import ARScene
import Foundation

/// Writes a native sequence (see Datasets/README.md) one frame at a time, so
/// that converters and the synthetic generator never hold more than one frame.
///
/// Output is deterministic: timestamps with 6 decimals (which also name the
/// image files), other numbers in Swift's shortest round-trip form, sequence.json
/// with sorted keys. The same frames always give the same bytes, except the
/// PNGs, which are as deterministic as the installed libpng.
///
/// The folder appears whole or not at all: files go to a hidden folder beside
/// it (a staging folder), which ``finish()`` renames into place; a writer
/// dropped before that (an error, a bad frame) removes it, so a failed
/// conversion leaves no half sequence behind to be mistaken for a whole one.
public final class NativeSequenceWriter {
  /// Where the sequence will be once finished.
  public let destination: URL
  /// Where its files are written until then: put any extra files (a
  /// generator's annotations) here, before ``finish()``.
  public let directory: URL
  /// The description as given; ``finish()`` writes it with ``SequenceDescription/sensors``
  /// replaced by the streams actually written.
  public let description: SequenceDescription
  /// The PNGs' deflate level (0...9; 0 stores the pixels: the quickest to
  /// write and read, for sequences that are rendered and replayed at once);
  /// nil, the default, is the fastest deflate.
  public var pngCompressionLevel: Int?

  private let rgbList: FileHandle
  private let depthList: FileHandle?
  private var groundTruthList: FileHandle?
  private var imuList: FileHandle?
  private var written: Set<SequenceDescription.Sensor> = []
  private var lastFrame: Stamped?
  private var lastPose: Stamped?
  private var lastIMU: Stamped?
  private var finished = false
  private var published = false
  private var partialToken: Int?

  /// Creates the folder, which must not exist or be empty, with its rgb/ (and
  /// depth/) subfolders and lists.
  public init(directory: URL, description: SequenceDescription) throws(DatasetError) {
    try Self.validate(description)
    destination = directory.standardizedFileURL
    self.description = description
    try OutputPaths.requireEmptyOrAbsentFolder(destination, for: "a sequence")
    self.directory = try StagingFolder(beside: destination).url
    let manager = FileManager.default
    let hasDepth = description.depthUnitsPerMeter != nil
    let staging = self.directory
    // Until the lists are open the writer is not whole and deinit will not
    // run: a failure here removes the folder itself.
    do throws(DatasetError) {
      do {
        try manager.createDirectory(
          at: staging.appendingPathComponent("rgb"), withIntermediateDirectories: true)
        if hasDepth {
          try manager.createDirectory(
            at: staging.appendingPathComponent("depth"), withIntermediateDirectories: true)
        }
      } catch {
        throw DatasetError(
          file: destination.path, "cannot be created: \(error.localizedDescription)")
      }
      rgbList = try Self.createList(
        "rgb.txt", in: staging, header: "color images\n# timestamp filename")
      depthList =
        hasDepth
        ? try Self.createList(
          "depth.txt", in: staging,
          header: "depth images, 16-bit PNG, \(Self.text(description.depthUnitsPerMeter ?? 0))"
            + " units per metre\n# timestamp filename")
        : nil
    } catch {
      try? manager.removeItem(at: staging)
      throw error
    }
    partialToken = PartialOutputs.register(staging.path)
  }

  deinit {
    if !finished { closeLists() }
    if !published { try? FileManager.default.removeItem(at: directory) }
    if let partialToken { PartialOutputs.unregister(partialToken) }
  }

  /// Moves the written folder into place at ``destination``.
  private func publish() throws(DatasetError) {
    try OutputPaths.requireEmptyOrAbsentFolder(destination, for: "a sequence")
    let manager = FileManager.default
    // An empty folder given as the destination makes way for the sequence.
    if manager.fileExists(atPath: destination.path) { rmdir(destination.path) }
    do {
      try manager.moveItem(at: directory, to: destination)
    } catch {
      throw DatasetError(
        file: destination.path, "cannot be created: \(error.localizedDescription)")
    }
    published = true
    if let partialToken { PartialOutputs.unregister(partialToken) }
    partialToken = nil
  }

  /// Writes the frame's images as rgb/<timestamp>.png and depth/<timestamp>.png,
  /// appends them to rgb.txt and depth.txt, the frame's IMU samples to
  /// imu.txt and `groundTruth` (world_from_camera, OpenCV camera axes), when
  /// given, to groundtruth.txt.
  public func append(_ frame: CapturedFrame, groundTruth: TimedPose?) throws(DatasetError) {
    guard !finished else { throw DatasetError(file: directory.path, "append after finish()") }
    let stamp = try Self.stamp(frame.timestamp, after: lastFrame, what: "frame")
    let camera = description.camera
    let image = frame.capturedImage
    guard image.format.isColor else {
      throw DatasetError(
        "frame at \(stamp) s: captured image is \(image.format.rawValue), not colour")
    }
    guard image.width == camera.width, image.height == camera.height else {
      throw DatasetError(
        "frame at \(stamp) s: image is \(image.width)x\(image.height) but the sequence camera is"
          + " \(camera.width)x\(camera.height)")
    }
    var depthImage: PixelBuffer?
    if let depth = frame.depth {
      guard let scale = description.depthUnitsPerMeter else {
        throw DatasetError(
          "frame at \(stamp) s has depth but the description has no depthUnitsPerMeter")
      }
      guard depth.depthMap.width == image.width, depth.depthMap.height == image.height else {
        throw DatasetError(
          "frame at \(stamp) s: depth is \(depth.depthMap.width)x\(depth.depthMap.height) but the"
            + " image is \(image.width)x\(image.height)")
      }
      depthImage = try Self.depthUInt16(depth, unitsPerMeter: scale, stamp: stamp)
    }
    let imuLines = try Self.imuLines(frame.imuSamples, after: lastIMU)
    let poseLine = try groundTruth.map { (pose) throws(DatasetError) in
      try Self.poseLine(pose, after: lastPose)
    }

    let colorName = "rgb/\(stamp).png"
    try writeImage(image, to: directory.appendingPathComponent(colorName))
    try Self.appendLine("\(stamp) \(colorName)", to: rgbList, name: "rgb.txt", in: directory)
    written.insert(.color)
    if let depthImage, let depthList {
      let depthName = "depth/\(stamp).png"
      try writeImage(depthImage, to: directory.appendingPathComponent(depthName))
      try Self.appendLine("\(stamp) \(depthName)", to: depthList, name: "depth.txt", in: directory)
      written.insert(.depth)
    }
    lastFrame = (frame.timestamp, stamp)
    try write(imu: imuLines)
    if let poseLine { try write(groundTruth: poseLine) }
  }

  /// Appends a ground-truth pose (world_from_camera, OpenCV camera axes) to
  /// groundtruth.txt on its own, for ground truth that runs at its own rate
  /// rather than one pose per frame; poses must come in time order.
  public func append(groundTruth pose: TimedPose) throws(DatasetError) {
    guard !finished else { throw DatasetError(file: directory.path, "append after finish()") }
    try write(groundTruth: try Self.poseLine(pose, after: lastPose))
  }

  /// Writes sequence.json, which makes the folder a native sequence, and
  /// moves the folder into place at ``destination``. Calling it again does
  /// nothing.
  public func finish() throws(DatasetError) {
    guard !finished else { return }
    finished = true
    closeLists()
    var final = description
    final.sensors = written.union([.color])
    let url = directory.appendingPathComponent(SequenceJSON.fileName)
    do {
      try Data(SequenceJSON.encode(final).utf8).write(to: url, options: .atomic)
    } catch {
      throw DatasetError(
        file: destination.appendingPathComponent(SequenceJSON.fileName).path,
        "cannot be written: \(error.localizedDescription)")
    }
    try publish()
  }

  /// Closing only releases the descriptors: every line was written when appended.
  private func closeLists() {
    for list in [rgbList, depthList, groundTruthList, imuList] { try? list?.close() }
  }

  /// A validated line of a list and the time it carries, made before anything
  /// of the frame is written so that a bad sample or pose leaves no half frame.
  private typealias Line = (text: String, time: Stamped)
  private typealias Stamped = (timestamp: Double, stamp: String)

  private static func imuLines(
    _ samples: [IMUSample], after previous: Stamped?
  ) throws(DatasetError) -> [Line] {
    var lines: [Line] = []
    var previous = previous
    for sample in samples {
      let stamp = try stamp(sample.timestamp, after: previous, what: "IMU sample")
      let values = [sample.acceleration, sample.rotationRate].flatMap { [$0.x, $0.y, $0.z] }
      guard values.allSatisfy(\.isFinite) else {
        throw DatasetError("IMU sample at \(stamp) s has a NaN or infinite value")
      }
      previous = (sample.timestamp, stamp)
      lines.append(
        (([stamp] + values.map { text($0) }).joined(separator: " "), (sample.timestamp, stamp)))
    }
    return lines
  }

  private static func poseLine(_ pose: TimedPose, after previous: Stamped?) throws(DatasetError)
    -> Line
  {
    let stamp = try stamp(pose.timestamp, after: previous, what: "ground-truth pose")
    let t = pose.translation
    let q = pose.rotation
    let values = [t.x, t.y, t.z, q.x, q.y, q.z, q.w]
    guard values.allSatisfy(\.isFinite) else {
      throw DatasetError("ground-truth pose at \(stamp) s has a NaN or infinite value")
    }
    guard abs(q.norm - 1) <= 1e-3 else {
      throw DatasetError("ground-truth pose at \(stamp) s: quaternion norm is \(q.norm), not 1")
    }
    return (([stamp] + values.map { text($0) }).joined(separator: " "), (pose.timestamp, stamp))
  }

  private func write(imu lines: [Line]) throws(DatasetError) {
    guard let last = lines.last else { return }
    if imuList == nil {
      imuList = try Self.createList(
        "imu.txt", in: directory,
        header: "inertial samples in ARKit camera axes (+X right, +Y up, +Z back):"
          + " m/s^2 with gravity, rad/s\n# timestamp ax ay az gx gy gz")
    }
    guard let imuList else { return }
    for line in lines {
      try Self.appendLine(line.text, to: imuList, name: "imu.txt", in: directory)
    }
    lastIMU = last.time
    written.insert(.imu)
  }

  private func write(groundTruth line: Line) throws(DatasetError) {
    if groundTruthList == nil {
      groundTruthList = try Self.createList(
        "groundtruth.txt", in: directory,
        header: "ground truth, world_from_camera, OpenCV camera axes (+X right, +Y down,"
          + " +Z forward)\n# timestamp tx ty tz qx qy qz qw")
    }
    guard let groundTruthList else { return }
    try Self.appendLine(line.text, to: groundTruthList, name: "groundtruth.txt", in: directory)
    lastPose = line.time
    written.insert(.groundTruth)
  }

  /// The timestamp as written (6 decimals), which must be later than the
  /// previous one as written, or the lists would not be strictly increasing.
  private static func stamp(
    _ timestamp: Double, after previous: Stamped?, what: String
  ) throws(DatasetError) -> String {
    guard timestamp.isFinite else { throw DatasetError("\(what) timestamp is \(timestamp)") }
    let stamp = String(format: "%.6f", timestamp)
    if let previous, timestamp <= previous.timestamp || stamp == previous.stamp {
      throw DatasetError(
        "\(what) timestamp \(stamp) is not after the previous one, \(previous.stamp)"
          + " (timestamps are written to the microsecond and must increase)")
    }
    return stamp
  }

  /// Numbers in Swift's shortest form that reads back to the same value.
  private static func text(_ value: Double) -> String { "\(value)" }
  private static func text(_ value: Float) -> String { "\(value)" }

  private static func validate(_ description: SequenceDescription) throws(DatasetError) {
    if let problem = description.camera.problem { throw DatasetError("camera: \(problem)") }
    if let distortion = description.distortion {
      if let problem = LensUndistortion.problem(with: distortion) {
        throw DatasetError("distortion \(problem)")
      }
    }
    if let scale = description.depthUnitsPerMeter, !(scale.isFinite && scale > 0) {
      throw DatasetError("depthUnitsPerMeter must be > 0, got \(scale)")
    }
    if let frameRate = description.frameRate, !(frameRate.isFinite && frameRate > 0) {
      throw DatasetError("frameRate must be > 0, got \(frameRate)")
    }
    let unregistered = description.depthIntrinsics != nil || description.colorFromDepth != nil
    if unregistered, description.depthUnitsPerMeter == nil {
      throw DatasetError("depth intrinsics or colorFromDepth given without depthUnitsPerMeter")
    }
    if let problem = description.depthIntrinsics?.problem {
      throw DatasetError("depth intrinsics: \(problem)")
    }
  }

  /// Depth as 16-bit units at the sequence's scale; converted when the frame
  /// has float metres or another scale. Depths that do not fit become 0, the
  /// "no depth" value, rather than wrapping around.
  private static func depthUInt16(
    _ depth: DepthData, unitsPerMeter scale: Float, stamp: String
  ) throws(DatasetError) -> PixelBuffer {
    let map = depth.depthMap
    let metresPerUnit: Float
    switch map.format {
    case .depthUInt16 where depth.unitsPerMeter == scale:
      return map
    case .depthUInt16:
      guard depth.unitsPerMeter.isFinite, depth.unitsPerMeter > 0 else {
        throw DatasetError("frame at \(stamp) s: depth unitsPerMeter is \(depth.unitsPerMeter)")
      }
      metresPerUnit = 1 / depth.unitsPerMeter
    case .depthFloat32:
      metresPerUnit = 1
    case .rgb8, .bgr8, .gray8:
      throw DatasetError("frame at \(stamp) s: depth map is \(map.format.rawValue), not depth")
    }
    var units = [UInt16](repeating: 0, count: map.width * map.height)
    map.withUnsafeBytes { bytes in
      for y in 0..<map.height {
        for x in 0..<map.width {
          let offset = y * map.bytesPerRow + x * map.format.bytesPerPixel
          let raw: Float =
            map.format == .depthUInt16
            ? Float(bytes.loadUnaligned(fromByteOffset: offset, as: UInt16.self))
            : bytes.loadUnaligned(fromByteOffset: offset, as: Float.self)
          let value = (raw * metresPerUnit * scale).rounded()
          if value.isFinite, value > 0, value <= Float(UInt16.max) {
            units[y * map.width + x] = UInt16(value)
          }
        }
      }
    }
    let bytes = units.withUnsafeBytes { Array($0) }
    do {
      return try PixelBuffer(
        format: .depthUInt16, width: map.width, height: map.height, bytes: bytes)
    } catch {
      throw DatasetError("frame at \(stamp) s: \(error.message)")
    }
  }

  private func writeImage(_ image: PixelBuffer, to url: URL) throws(DatasetError) {
    do {
      if let pngCompressionLevel {
        try image.writePNG(to: url, compressionLevel: pngCompressionLevel)
      } else {
        try image.write(to: url)
      }
    } catch {
      throw DatasetError(file: url.path, "cannot be written: \(error.message)")
    }
  }

  private static func createList(
    _ name: String, in directory: URL, header: String
  ) throws(DatasetError) -> FileHandle {
    let url = directory.appendingPathComponent(name)
    guard FileManager.default.createFile(atPath: url.path, contents: Data("# \(header)\n".utf8)),
      let handle = try? FileHandle(forWritingTo: url)
    else { throw DatasetError(file: url.path, "cannot be created") }
    do {
      try handle.seekToEnd()
    } catch {
      throw DatasetError(file: url.path, "cannot be written: \(error.localizedDescription)")
    }
    return handle
  }

  private static func appendLine(
    _ line: String, to handle: FileHandle, name: String, in directory: URL
  ) throws(DatasetError) {
    do {
      try handle.write(contentsOf: Data((line + "\n").utf8))
    } catch {
      throw DatasetError(
        file: directory.appendingPathComponent(name).path,
        "cannot be written: \(error.localizedDescription)")
    }
  }
}
