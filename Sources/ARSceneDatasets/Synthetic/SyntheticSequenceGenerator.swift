import ARScene
import Foundation

/// Writes a synthetic sequence as a native sequence: the core ray-casts a
/// scene along a camera motion, with the artefacts of real sensors, and the
/// sequence gets exact ground truth (poses, planes, reference images and the
/// coaching conditions its scenario creates, in annotations.json). The same
/// settings give byte-identical files.
public struct SyntheticSequenceGenerator {
  public enum Scene: String, CaseIterable, Sendable {
    /// The furnished room, with pictures that serve as reference images.
    case room
    /// The room's footprint with no large flat surface (see no-surface).
    case clutter
  }

  /// Nil renders the scenario's scene.
  public var scene: Scene?
  public var scenario: SyntheticScenario = .normal
  /// Nil uses the scenario's motion.
  public var motion: SyntheticMotion?
  /// Frames on the sequence's timeline; the relocalize scenarios write none
  /// during their gap, so they write fewer.
  public var frameCount = 90
  public var seed: UInt64 = 1
  /// Draws the walk through other places of the same room (the scene and
  /// its textures stay `seed`'s); nil walks the default path.
  public var pathSeed: UInt64?
  public var width = 640
  public var height = 480
  public var frameRate = 30.0
  /// Sensor noise on colour, depth and IMU; off, images and depth are exact
  /// (ground truth is exact either way).
  public var sensorNoise = true
  /// The device held rotated about its viewing axis by this many degrees
  /// (see `RolledMotion`); 0 holds it level, as the motions do.
  public var cameraRollDegrees = 0.0
  /// The camera's lens distortion in OpenCV's order (k1 k2 p1 p2 [k3 ...]);
  /// nil is a pinhole. Frames are rendered through a pinhole and resampled
  /// as the lens would have imaged them, and sequence.json states the
  /// distortion, so that replay must undo it.
  public var lensDistortion: [Double]?
  /// Whether the sequence has an IMU; without one nothing tells the engine
  /// where up is, and it must find out from the scene.
  public var includesIMU = true
  /// Whether the sequence has depth; without it, colour and IMU only, as a
  /// phone without LiDAR records (`--no-depth`).
  public var includesDepth = true
  public var imuRate = 200.0
  public var imuNoise = IMUNoiseModel()
  public var thresholds = ConditionThresholds()
  /// How long the shutter stays open for motion blur, as a fraction of the
  /// frame interval (0.5: a 180-degree shutter, 1/60 s at 30 Hz).
  public var shutterFraction = 0.5
  /// The PNGs' deflate level (see ``NativeSequenceWriter/pngCompressionLevel``);
  /// nil is the fastest deflate. 0 renders the synthetic room about 15% quicker and
  /// its replay reads it about 40% quicker (90 frames at 640x480: 7.0 -> 5.6-6.4 s and
  /// 2.06 -> 1.24 s), for 1.7 times the bytes.
  public var pngCompressionLevel: Int?
  /// Depth is written in units of 1/5000 m, as TUM does: 0.2 mm steps up to 13 m.
  public static let depthUnitsPerMeter: Float = 5000

  public init() {}

  public var resolvedScene: Scene { scene ?? scenario.scene }
  public var resolvedMotion: SyntheticMotion { motion ?? scenario.defaultMotion }

  /// Camera intrinsics of the generated images: a 525-pixel focal length at
  /// 640x480 (about 63 degrees across, like a Kinect), scaled with the width.
  public var intrinsics: CameraIntrinsics {
    let focal = 525.0 * Double(width) / 640.0
    return CameraIntrinsics(
      fx: focal, fy: focal, cx: Double(width - 1) / 2, cy: Double(height - 1) / 2,
      width: width, height: height)
  }

  public func validate() throws(DatasetError) {
    guard frameCount >= 1 else {
      throw DatasetError("--frames must be at least 1, got \(frameCount)")
    }
    guard frameCount <= 1_000_000 else {
      throw DatasetError("--frames must be at most 1000000, got \(frameCount)")
    }
    guard (16...4096).contains(width), (16...4096).contains(height) else {
      throw DatasetError("image size must be 16...4096 on each side, got \(width)x\(height)")
    }
    guard frameRate.isFinite, frameRate > 0, frameRate <= 1000 else {
      throw DatasetError("frame rate must be in (0, 1000], got \(frameRate)")
    }
    guard imuRate.isFinite, imuRate >= 1, imuRate <= 10_000 else {
      throw DatasetError("IMU rate must be in [1, 10000] Hz, got \(imuRate)")
    }
    guard cameraRollDegrees.isFinite, (-360...360).contains(cameraRollDegrees) else {
      throw DatasetError("--camera-roll must be in [-360, 360] degrees, got \(cameraRollDegrees)")
    }
    guard shutterFraction.isFinite, (0...1).contains(shutterFraction) else {
      throw DatasetError("shutter fraction must be in [0, 1], got \(shutterFraction)")
    }
    if let pngCompressionLevel, !(0...9).contains(pngCompressionLevel) {
      throw DatasetError("--png-compression must be 0...9, got \(pngCompressionLevel)")
    }
    if let problem = imuNoise.problem { throw DatasetError(problem) }
    if let lensDistortion, let problem = LensUndistortion.problem(with: lensDistortion) {
      throw DatasetError("--lens-distortion \(problem)")
    }
    if !scenario.motions.contains(resolvedMotion) {
      throw DatasetError(
        "the \(scenario.rawValue) scenario interrupts a walk, not \(resolvedMotion.rawValue);"
          + " leave out --motion or pass --motion walk")
    }
    if pathSeed != nil, resolvedMotion != .walk {
      throw DatasetError(
        "--path-seed draws another walk; it does not apply to --motion \(resolvedMotion.rawValue)")
    }
    if let scene, !scenario.scenes.contains(scene) {
      throw DatasetError(
        "the \(scenario.rawValue) scenario is rendered in the \(scenario.scene.rawValue) scene,"
          + " not \(scene.rawValue); leave out --scene or pass --scene \(scenario.scene.rawValue)")
    }
  }

  /// The command that reproduces this sequence.
  public var commandLine: String {
    var words = [
      "arscene dataset synth --scene \(resolvedScene.rawValue)",
      "--scenario \(scenario.rawValue) --motion \(resolvedMotion.rawValue)",
      "--frames \(frameCount) --seed \(seed) --width \(width) --height \(height)",
    ]
    if let pathSeed { words.append("--path-seed \(pathSeed)") }
    if !sensorNoise { words.append("--no-noise") }
    if cameraRollDegrees != 0 { words.append("--camera-roll \(Self.shortest(cameraRollDegrees))") }
    if !includesIMU { words.append("--no-imu") }
    if !includesDepth { words.append("--no-depth") }
    if let lensDistortion {
      words.append("--lens-distortion=\(lensDistortion.map { String($0) }.joined(separator: ","))")
    }
    return words.joined(separator: " ")
  }

  /// Renders every frame and writes the sequence to `directory`; `progress`
  /// gets the number of frames written and the total. Returns what the
  /// frames cost to render (colour, depth and sensor model; not the PNGs).
  @discardableResult
  public func write(to directory: URL, progress: (Int, Int) -> Void = { _, _ in })
    throws(DatasetError) -> RenderTimes
  {
    try DatasetError.wrapping { try render(to: directory, progress: progress) }
  }

  private func render(to directory: URL, progress: (Int, Int) -> Void) throws -> RenderTimes {
    try validate()
    let sceneName = resolvedScene.rawValue
    let name =
      scenario == .normal
      ? "synthetic-\(sceneName)-\(seed)" : "synthetic-\(sceneName)-\(scenario.rawValue)-\(seed)"
    let description = SequenceDescription(
      name: name, camera: intrinsics, distortion: lensDistortion,
      depthUnitsPerMeter: includesDepth ? Self.depthUnitsPerMeter : nil, frameRate: frameRate,
      sensors: Set(
        [.color, includesDepth ? .depth : nil, includesIMU ? .imu : nil, .groundTruth]
          .compactMap { $0 }),
      groundTruthConvention: "opencv",
      provenance: commandLine, licence: "generated by ARScene; free to use")
    let writer = try NativeSequenceWriter(directory: directory, description: description)
    writer.pngCompressionLevel = pngCompressionLevel
    let renderer = try SyntheticSceneRenderer(
      scene: resolvedScene, seed: seed, plainSurfaces: scenario.plainSurfaces)
    let lens = try lensDistortion.map { (coefficients) throws(DatasetError) in
      try SyntheticLens(camera: intrinsics, coefficients: coefficients)
    }

    let duration = Double(frameCount) / frameRate
    var cameraMotion = resolvedMotion.motion(
      seed: seed, scenario: scenario, path: pathSeed.map(HandheldWalk.Path.drawn(seed:)),
      duration: duration)
    if let spin = scenario.spin(duration: duration) {
      cameraMotion = SpinningMotion(
        base: cameraMotion, start: spin.lowerBound, end: spin.upperBound)
    }
    if cameraRollDegrees != 0 {
      cameraMotion = RolledMotion(base: cameraMotion, roll: cameraRollDegrees * .pi / 180)
    }
    let exposure = scenario.exposure(duration: duration)
    let covered = scenario.covered(duration: duration)
    let gap = scenario.gap(duration: duration)
    let imu = IMUSimulator(
      motion: cameraMotion, rate: imuRate, noise: sensorNoise ? imuNoise : .exact,
      seed: SplitMix64.derivedSeed(1, of: seed))
    let noiseSeeds = SplitMix64.derivedSeed(2, of: seed)
    // The image scenario looks for its pictures among as many references as
    // a session may hold, the rest pictures that are not in the room.
    let references = try ReferencePictureWriter.write(
      renderer, to: writer.directory,
      distractorsUpTo: scenario == .image ? WorldTrackingConfiguration.maximumDetectionImages : nil,
      seed: seed)

    var record = FrameRecordBook(referenceCount: references.count)
    var times = RenderTimes()
    var previousTime: Double?
    for index in 0..<frameCount {
      let t = Double(index) / frameRate
      // No frame and no IMU sample from inside the gap: the first frame
      // after it carries only the samples measured since it ended.
      if let gap, gap.contains(t) {
        previousTime = max(previousTime ?? gap.upperBound, gap.upperBound)
        continue
      }
      let pose = cameraMotion.pose(at: t)
      let isCovered = covered?.contains(t) ?? false
      var settings = SyntheticSceneRenderer.Exposure()
      settings.gain = exposure?.gain(at: t) ?? 1
      settings.noiseSeed =
        sensorNoise ? SplitMix64.derivedSeed(UInt64(index), of: noiseSeeds) : nil
      settings.lensCovered = isCovered
      if scenario.motionBlur {
        let half = 0.5 * shutterFraction / frameRate
        settings.shutter = (
          cameraMotion.pose(at: t - half).transform, cameraMotion.pose(at: t + half).transform
        )
      }
      var frame = try times.measure {
        try renderer.render(
          pose.transform, intrinsics: intrinsics, exposure: settings,
          depthUnitsPerMeter: Self.depthUnitsPerMeter)
      }
      if let lens {
        frame.color = try lens.imaged(frame.color)
        frame.depth = try lens.imaged(frame.depth)
      }
      let visibility =
        references.isEmpty || isCovered
        ? Array(repeating: 0, count: references.count)
        : try renderer.referenceVisibility(pose.transform, intrinsics: intrinsics)
      record.append(
        time: t, covered: isCovered,
        tooDark: !isCovered && settings.gain < thresholds.tooDarkGain,
        excessiveMotion: imu.angularVelocity(at: t).length > thresholds.excessiveRotationRate,
        insufficientFeatures: !isCovered
          && frame.detailedFraction < thresholds.insufficientDetailFraction,
        referencesVisible: visibility.map { $0 >= thresholds.referenceVisibleFraction })

      let captured = CapturedFrame(
        timestamp: t, intrinsics: intrinsics, capturedImage: frame.color,
        depth: includesDepth
          ? DepthData(depthMap: frame.depth, unitsPerMeter: Self.depthUnitsPerMeter) : nil,
        imuSamples: includesIMU ? imu.samples(after: previousTime, through: t) : [])
      // Ground truth is written in OpenCV camera axes, as TUM's is.
      let groundTruth = TimedPose(
        timestamp: t, rotation: pose.rotation * Quaternion.cameraAxesFlip,
        translation: pose.position)
      try writer.append(captured, groundTruth: groundTruth)
      previousTime = t
      progress(index + 1, frameCount)
    }

    let annotations = SyntheticAnnotations(
      scene: sceneName, scenario: scenario.rawValue, motion: resolvedMotion.rawValue,
      sensorNoise: sensorNoise, planes: try renderer.planes(), surfaces: try renderer.surfaces(),
      referenceImages: references.enumerated().map { index, image in
        var image = image
        image.visible = record.visibleRanges(ofReference: index)
        return image
      },
      interruptions: gap.map { [TimeRange(from: $0.lowerBound, to: $0.upperBound)] }
        ?? record.ranges(of: .interruption),
      relocalization: gap.map {
        SyntheticAnnotations.Relocalization(
          gap: TimeRange(from: $0.lowerBound, to: $0.upperBound),
          returnsToMappedPlaceAt: scenario == .relocalize ? $0.upperBound : nil)
      },
      conditions: record.conditions,
      thresholds: thresholds,
      imu: includesIMU
        ? SyntheticAnnotations.IMU(
          rate: imuRate, noise: sensorNoise ? imuNoise : .exact,
          accelerometerBias: imu.accelerometerBias, gyroscopeBias: imu.gyroscopeBias) : nil)
    let url = writer.directory.appendingPathComponent(SyntheticAnnotations.fileName)
    do {
      try Data(annotations.json.utf8).write(to: url, options: .atomic)
    } catch {
      throw DatasetError(
        file: writer.destination.appendingPathComponent(SyntheticAnnotations.fileName).path,
        "cannot be written: \(error.localizedDescription)")
    }
    try writer.finish()
    return times
  }

  /// A number as a person would type it: 90, not 90.0; 12.5 stays.
  private static func shortest(_ value: Double) -> String {
    value.rounded() == value ? String(Int(value)) : String(value)
  }
}
