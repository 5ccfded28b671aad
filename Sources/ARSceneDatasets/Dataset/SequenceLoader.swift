import ARScene
import Foundation

/// Opens sequence folders of every supported format into one in-memory
/// model. Native sequences and published TUM RGB-D folders share one layout,
/// so they share this reader; 7-Scenes, EuRoC and ARKitScenes folders have
/// readers of their own that produce the same model (see Datasets/README.md
/// for each format's conventions).
public enum SequenceLoader {
  /// Opens a native sequence (sequence.json present), a TUM RGB-D folder as
  /// published (rgb.txt, depth.txt, groundtruth.txt, accelerometer.txt), a
  /// 7-Scenes folder (frame-NNNNNN.color.*), an EuRoC sequence (mav0/) or an
  /// ARKitScenes one (lowres_wide/ and lowres_wide.traj). A folder with
  /// `tum_style_rgb.txt` is read through its `tum_style_*.txt` lists, which
  /// are TUM lists derived where the plain names hold something else.
  ///
  /// Every listed image is checked to exist, every line parsed, so a bad
  /// sequence fails here, naming the file and line, rather than mid-replay.
  /// ``DatasetSequence/format`` says which layout was found: "native", "tum",
  /// "7scenes", "euroc" or "arkitscenes".
  ///
  /// - Parameters:
  ///   - url: The sequence's folder.
  ///   - intrinsics: Overrides the colour camera the folder gives, and is
  ///     required for TUM folders whose name does not say which Kinect
  ///     (freiburg1/fr1, freiburg2/fr2, freiburg3/fr3). A width or height of
  ///     0 takes the size from the first colour image.
  ///   - allowingOutsidePaths: Lets list lines name files outside the folder
  ///     (`../elsewhere.png`, `/data/x.png`); refused by default.
  ///   - frameLimit: Reads only the first this many frames of a native or
  ///     TUM folder's colour list (and the depth images up to their time),
  ///     for a command that will use no more (`--max-frames`): a list of a
  ///     million lines then costs what its first lines do. Nil reads all.
  ///
  /// A sequence that states its lens's distortion
  /// (``SequenceDescription/distortion``) has its colour images, and depth
  /// registered to them, undistorted as they are loaded, so that the engine's
  /// pinhole model of the camera holds.
  public static func open(
    _ url: URL, intrinsics: CameraIntrinsics? = nil, allowingOutsidePaths: Bool = false,
    frameLimit: Int? = nil
  ) throws(DatasetError) -> any DatasetSequence {
    var sequence = try openFolder(
      url, intrinsics: intrinsics, allowingOutsidePaths: allowingOutsidePaths,
      frameLimit: frameLimit)
    try sequence.prepareUndistortion()
    return sequence
  }

  private static func openFolder(
    _ url: URL, intrinsics: CameraIntrinsics?, allowingOutsidePaths: Bool, frameLimit: Int?
  ) throws(DatasetError) -> FolderSequence {
    let folder = url.standardizedFileURL
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory) else {
      throw DatasetError(file: folder.path, code: .missingFile, "does not exist")
    }
    guard isDirectory.boolValue else {
      throw DatasetError(file: folder.path, "is not a folder; give the sequence folder")
    }

    // The TUM layout (and so a native sequence) is known by its colour list;
    // the other formats by their own folders and names.
    let tumNames = ListNames(prefix: "tum_style_", in: folder)
    if !FileManager.default.fileExists(atPath: folder.appendingPathComponent(tumNames.rgb).path) {
      if EuRoCReader.recognises(folder) {
        return try EuRoCReader.open(
          folder, intrinsics: intrinsics, allowingOutsidePaths: allowingOutsidePaths)
      }
      if ARKitScenesReader.recognises(folder) {
        return try ARKitScenesReader.open(folder, intrinsics: intrinsics)
      }
      if SevenScenesReader.recognises(folder) {
        return try SevenScenesReader.open(folder, intrinsics: intrinsics)
      }
    }

    let header = try readHeader(folder, intrinsics: intrinsics)
    var description = header.description
    var problems = header.problems
    let names = header.names
    let frames = try readFrames(
      names, in: folder, description: description, allowingOutside: allowingOutsidePaths,
      limit: frameLimit, problems: &problems)
    let groundTruth = try readGroundTruth(names.groundTruth, in: folder, problems: &problems)
    let imu = try readIMU(names, in: folder, problems: &problems)

    if description.camera.width <= 0 || description.camera.height <= 0, let first = frames.first {
      let image = try FolderSequence.image(at: first.colorPath)
      description.camera.width = image.width
      description.camera.height = image.height
    }
    try IntrinsicsCheck.require(description.camera, given: intrinsics != nil, file: folder.path)

    let present: Set<SequenceDescription.Sensor> = Set(
      [
        .color,
        frames.contains { $0.depthPath != nil } ? .depth : nil,
        groundTruth.isEmpty ? nil : .groundTruth,
        imu.isEmpty ? nil : .imu,
      ].compactMap { $0 })
    if header.declaresSensors {
      problems += sensorMismatches(declared: description.sensors, present: present, names: names)
    } else {
      description.sensors = present
    }

    return FolderSequence(
      url: folder, format: header.format, description: description, frames: frames,
      groundTruth: groundTruth, imu: imu, problems: problems)
  }

  /// What a folder says about itself before its lists are read.
  private struct Header {
    var format: String
    var description: SequenceDescription
    var declaresSensors: Bool
    var names: ListNames
    var problems: [String]
  }

  /// The description from sequence.json (native) or from TUM's published
  /// calibration, and which lists to read.
  private static func readHeader(
    _ folder: URL, intrinsics: CameraIntrinsics?
  ) throws(DatasetError) -> Header {
    let jsonURL = folder.appendingPathComponent(SequenceJSON.fileName)
    var header: Header
    if FileManager.default.fileExists(atPath: jsonURL.path) {
      let contents = try SequenceJSON.read(jsonURL, defaultName: folder.lastPathComponent)
      header = Header(
        format: "native", description: contents.description,
        declaresSensors: contents.declaresSensors, names: ListNames(prefix: "", in: folder),
        problems: contents.problems)
    } else {
      let names = ListNames(prefix: "tum_style_", in: folder)
      guard FileManager.default.fileExists(atPath: folder.appendingPathComponent(names.rgb).path)
      else {
        throw DatasetError(
          file: folder.path,
          "no rgb.txt or sequence.json: not a native or TUM sequence folder, nor 7-Scenes"
            + " (frame-NNNNNN.color.*), EuRoC (mav0/) or ARKitScenes (lowres_wide/ and"
            + " lowres_wide.traj)")
      }
      header = Header(
        format: "tum", description: try tumDescription(folder: folder, intrinsics: intrinsics),
        declaresSensors: false, names: names, problems: [])
      if FileManager.default.fileExists(atPath: folder.appendingPathComponent(names.depth).path) {
        header.description.depthUnitsPerMeter = TUMCamera.depthUnitsPerMeter
      }
    }
    if let intrinsics { header.description.camera = intrinsics }
    return header
  }

  /// The colour list, each frame with the depth image nearest in time.
  private static func readFrames(
    _ names: ListNames, in folder: URL, description: SequenceDescription, allowingOutside: Bool,
    limit: Int?, problems: inout [String]
  ) throws(DatasetError) -> [FrameRecord] {
    guard let rgbList = try TextList.read(names.rgb, in: folder) else {
      throw DatasetError(
        file: folder.appendingPathComponent(names.rgb).path, code: .missingFile,
        "does not exist; a sequence lists its colour images there")
    }
    let colour = try rgbList.timeOrdered("timestamp path", limit: limit, problems: &problems) {
      (entry) throws(DatasetError) in
      try existingFile(entry, of: rgbList, in: folder, allowingOutside: allowingOutside)
    }
    guard let last = colour.last else { throw DatasetError(file: rgbList.path, "lists no images") }

    // Depth images later than the last frame read (and its tolerance) can
    // pair with none of them.
    let depth = try readDepth(
      names.depth, in: folder, description: description, allowingOutside: allowingOutside,
      through: limit.map { _ in last.timestamp + DepthAssociation.tolerance }, problems: &problems)
    let association = DepthAssociation.nearest(
      to: colour.map(\.timestamp), in: depth.map(\.timestamp))
    let frames = colour.enumerated().map { index, item in
      FrameRecord(
        index: index, timestamp: item.timestamp, colorPath: item.value,
        depthPath: association[index].map { depth[$0].value })
    }
    let unmatched = frames.filter { $0.depthPath == nil }.count
    if !depth.isEmpty, unmatched > 0 {
      problems.append(
        "\(names.depth): \(unmatched) of \(frames.count) frames have no depth image within"
          + " \(DepthAssociation.tolerance) s (they replay without depth)")
    }
    return frames
  }

  /// The description of a TUM folder: intrinsics as given, else the published
  /// ones of the Kinect its name mentions.
  private static func tumDescription(
    folder: URL, intrinsics: CameraIntrinsics?
  ) throws(DatasetError) -> SequenceDescription {
    let name = folder.lastPathComponent
    let kinect = TUMCamera(folderName: name)
    guard let camera = intrinsics ?? kinect?.intrinsics else {
      throw DatasetError(
        file: folder.path,
        "no camera intrinsics for this TUM folder: its name mentions none of freiburg1/fr1,"
          + " freiburg2/fr2, freiburg3/fr3; give them with --intrinsics fx,fy,cx,cy"
          + " or a sequence.json beside rgb.txt")
    }
    return SequenceDescription(
      name: name, camera: camera, distortion: intrinsics == nil ? kinect?.distortion : nil,
      groundTruthConvention: "opencv")
  }

  private static func readDepth(
    _ name: String, in folder: URL, description: SequenceDescription, allowingOutside: Bool,
    through: Double?, problems: inout [String]
  ) throws(DatasetError) -> [(timestamp: Double, line: Int, value: String)] {
    guard let list = try TextList.read(name, in: folder) else { return [] }
    guard description.depthUnitsPerMeter != nil else {
      problems.append(
        "\(name): ignored because \(SequenceJSON.fileName) has no \"depth\" scale")
      return []
    }
    return try list.timeOrdered("timestamp path", through: through, problems: &problems) {
      (entry) throws(DatasetError) in
      try existingFile(entry, of: list, in: folder, allowingOutside: allowingOutside)
    }
  }

  private static func readGroundTruth(
    _ name: String, in folder: URL, problems: inout [String]
  ) throws(DatasetError) -> [TimedPose] {
    guard let list = try TextList.read(name, in: folder) else { return [] }
    return try TUMTrajectory.poses(in: list, problems: &problems)
  }

  /// imu.txt when present, else TUM's accelerometer.txt with zero rotation rate.
  private static func readIMU(
    _ names: ListNames, in folder: URL, problems: inout [String]
  ) throws(DatasetError) -> [IMUSample] {
    func float(_ list: TextList, _ entry: TextList.Entry, _ index: Int, _ name: String)
      throws(DatasetError) -> Float
    {
      let value = Float(try list.number(entry, index, name))
      guard value.isFinite else { throw list.error(entry, "\(name) is out of range") }
      return value
    }
    if let list = try TextList.read(names.imu, in: folder) {
      return try list.timeOrdered("timestamp ax ay az gx gy gz", problems: &problems) {
        (entry) throws(DatasetError) -> IMUSample in
        IMUSample(
          timestamp: try list.number(entry, 0, "timestamp"),
          acceleration: SIMD3(
            try float(list, entry, 1, "ax"), try float(list, entry, 2, "ay"),
            try float(list, entry, 3, "az")),
          rotationRate: SIMD3(
            try float(list, entry, 4, "gx"), try float(list, entry, 5, "gy"),
            try float(list, entry, 6, "gz")))
      }.map(\.value)
    }
    if let list = try TextList.read(names.accelerometer, in: folder) {
      return try list.timeOrdered("timestamp ax ay az", problems: &problems) {
        (entry) throws(DatasetError) -> IMUSample in
        IMUSample(
          timestamp: try list.number(entry, 0, "timestamp"),
          acceleration: SIMD3(
            try float(list, entry, 1, "ax"), try float(list, entry, 2, "ay"),
            try float(list, entry, 3, "az")))
      }.map(\.value)
    }
    return []
  }

  /// The absolute path of the file a list line names, which must exist
  /// (and, unless allowed, lie inside the folder).
  private static func existingFile(
    _ entry: TextList.Entry, of list: TextList, in folder: URL, allowingOutside: Bool
  ) throws(DatasetError) -> String {
    let listed = ListedPath(String(entry.fields[1]), in: folder, allowingOutside: allowingOutside)
    if let refusal = listed.refusal { throw list.error(entry, refusal) }
    let path = listed.path
    guard FileManager.default.fileExists(atPath: path) else {
      throw list.error(entry, code: .missingFile, "image \(path) does not exist")
    }
    return path
  }

  private static func sensorMismatches(
    declared: Set<SequenceDescription.Sensor>, present: Set<SequenceDescription.Sensor>,
    names: ListNames
  ) -> [String] {
    let files: [SequenceDescription.Sensor: String] = [
      .color: names.rgb, .depth: names.depth, .groundTruth: names.groundTruth,
      .imu: "\(names.imu) or \(names.accelerometer)",
    ]
    return SequenceDescription.Sensor.allCases.compactMap { sensor in
      let file = files[sensor] ?? sensor.rawValue
      switch (declared.contains(sensor), present.contains(sensor)) {
      case (true, false):
        return
          "\(SequenceJSON.fileName): lists sensor \"\(sensor.rawValue)\" but \(file) has no data"
      case (false, true):
        return
          "\(SequenceJSON.fileName): \(file) has data but sensor \"\(sensor.rawValue)\" is not listed"
      default:
        return nil
      }
    }
  }
}
