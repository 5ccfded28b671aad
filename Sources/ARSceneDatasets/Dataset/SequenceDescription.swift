import ARScene

/// What a sequence is: the model of `sequence.json` (see Datasets/README.md).
/// TUM folders, which have no such file, get one built from the published
/// calibration of their camera.
public struct SequenceDescription: Equatable, Sendable {
  public var name: String
  /// The colour camera; frames must have images of exactly this size.
  public var camera: CameraIntrinsics
  /// Lens distortion of the colour camera in OpenCV order: k1 k2 p1 p2 [k3 …];
  /// nil when the images are already undistorted. Frames loaded through
  /// ``SequenceLoader`` come undistorted (see `LensUndistortion`).
  public var distortion: [Double]?
  /// Depth units per metre of the 16-bit depth images (5000 for TUM, 1000 for
  /// millimetres); nil when the sequence has no depth.
  public var depthUnitsPerMeter: Float?
  /// The depth sensor's noise when the dataset's sensor is not Kinect-class:
  /// one reading's sigma is `depthNoise * z²` metres, as
  /// `WorldTrackingConfiguration.Tracking.depthNoise`, which a replay then
  /// takes (`WorldTrackingConfiguration.adopting(depthNoiseOf:)`); nil
  /// keeps the configuration's.
  public var depthNoise: Float?
  /// Nominal frames per second, as declared; the timestamps are what count.
  public var frameRate: Double?
  public var sensors: Set<Sensor>
  /// Axes of the camera in the ground-truth poses; "opencv" is the only one
  /// the readers produce (TUM's `world_from_camera`, +X right, +Y down, +Z forward).
  public var groundTruthConvention: String
  /// Where the data came from, in words or as a command line.
  public var provenance: String?
  public var licence: String?
  /// Intrinsics of the depth camera when they differ from ``camera``; nil when
  /// depth is registered to colour (same pixels), as in TUM.
  public var depthIntrinsics: CameraIntrinsics?
  /// Pose of the depth camera in the colour camera's frame (`color_from_depth`)
  /// when depth is not registered; nil means identity. OpenCV camera axes on
  /// both sides (+X right, +Y down, +Z forward), like the ground truth and the
  /// calibration files of the datasets it comes from.
  public var colorFromDepth: Transform?
  /// The direction of gravity (down, unit length) in the ground-truth world,
  /// when the dataset states it (7-Scenes' gravity-direction.txt); nil when
  /// unknown. Replays without an IMU use it to make world +Y up.
  public var gravity: SIMD3<Double>?

  public init(
    name: String, camera: CameraIntrinsics, distortion: [Double]? = nil,
    depthUnitsPerMeter: Float? = nil, frameRate: Double? = nil, sensors: Set<Sensor> = [.color],
    groundTruthConvention: String = "opencv", provenance: String? = nil, licence: String? = nil,
    depthIntrinsics: CameraIntrinsics? = nil, colorFromDepth: Transform? = nil,
    gravity: SIMD3<Double>? = nil
  ) {
    self.name = name
    self.camera = camera
    self.distortion = distortion
    self.depthUnitsPerMeter = depthUnitsPerMeter
    self.frameRate = frameRate
    self.sensors = sensors
    self.groundTruthConvention = groundTruthConvention
    self.provenance = provenance
    self.licence = licence
    self.depthIntrinsics = depthIntrinsics
    self.colorFromDepth = colorFromDepth
    self.gravity = gravity
  }

  /// Whether depth pixels line up with colour pixels; when they do not,
  /// ``DatasetSequence/loadFrame(_:)`` registers each depth image to the
  /// colour camera.
  public var isDepthRegistered: Bool {
    let sameIntrinsics = depthIntrinsics == nil || depthIntrinsics == camera
    let identityExtrinsics =
      colorFromDepth.map { $0.maxDifference(to: .identity) <= 1e-6 } ?? true
    return sameIntrinsics && identityExtrinsics
  }
}
