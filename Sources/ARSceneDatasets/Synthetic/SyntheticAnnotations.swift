import ARScene

/// The ground truth of a synthetic sequence beyond its poses, written as
/// annotations.json (format in Datasets/README.md). Everything spatial is in
/// the world of groundtruth.txt: ARKit world axes, +Y up, metres.
public struct SyntheticAnnotations: Sendable {
  /// A plane as the renderer draws it: one face of the scene's geometry.
  public struct Plane: Equatable, Sendable {
    public var name: String
    /// "horizontal" or "vertical".
    public var alignment: String
    /// ARKit's classification: "none", "wall", "floor", "ceiling", "table", "seat".
    public var classification: String
    public var center: SIMD3<Float>
    /// Unit normal, pointing to the side the plane is seen from.
    public var normal: SIMD3<Float>
    /// Corners, counter-clockwise seen from the side the normal points to.
    public var polygon: [SIMD3<Float>]
    /// Square metres.
    public var area: Float
  }

  /// A picture image detection should find.
  public struct ReferenceImage: Equatable, Sendable {
    public var name: String
    /// The picture's PNG, relative to the sequence folder.
    public var file: String
    /// ARKit's image-anchor frame: origin at the centre, +X right along the
    /// top edge, +Y out of the picture, +Z down it.
    public var worldFromImage: Transform
    /// Metres.
    public var physicalWidth: Float
    public var physicalHeight: Float
    /// When at least ``ConditionThresholds/referenceVisibleFraction`` of the
    /// picture is in view.
    public var visible: [TimeRange]
  }

  /// A stretch during which a coaching condition holds.
  public struct Condition: Equatable, Sendable {
    public var condition: ScenarioCondition
    public var range: TimeRange
  }

  /// The IMU's error model and the biases drawn for this sequence.
  public struct IMU: Equatable, Sendable {
    public var rate: Double
    public var noise: IMUNoiseModel
    public var accelerometerBias: SIMD3<Double>
    public var gyroscopeBias: SIMD3<Double>
  }

  /// The relocalize scenarios' interruption: frames and IMU stop for `gap`
  /// while the camera is carried elsewhere; from `returnsToMappedPlaceAt` on
  /// (nil: never) it looks at a part of the room it saw before the gap.
  public struct Relocalization: Equatable, Sendable {
    public var gap: TimeRange
    public var returnsToMappedPlaceAt: Double?
  }

  public var scene: String
  public var scenario: String
  public var motion: String
  /// Whether images, depth and IMU carry sensor noise (ground truth never does).
  public var sensorNoise: Bool
  public var planes: [Plane]
  /// Every surface the renderer draws (each face of each box, named by the
  /// box and the face, then each flat rectangle), classed as the annotated
  /// planes are and none elsewhere: the ground truth of a reconstructed
  /// mesh. Only its polygon, normal and classification are meaningful.
  public var surfaces: [Plane] = []
  public var referenceImages: [ReferenceImage]
  /// When the lens is covered, or (relocalize scenarios) the gap.
  public var interruptions: [TimeRange]
  /// Only in the relocalize scenarios.
  public var relocalization: Relocalization?
  /// Sorted by start, then condition name.
  public var conditions: [Condition]
  public var thresholds: ConditionThresholds
  /// Nil when the sequence has no IMU (`--no-imu`).
  public var imu: IMU?
}
