internal import CVisionCore

/// How a ``Session`` tracks the world. Every tunable has a documented default;
/// ``validate()`` says which value is out of range.
public struct WorldTrackingConfiguration: Equatable, Sendable {
  /// Estimate the ambient light of every frame (``Frame/lightEstimate``). Default true.
  public var isLightEstimationEnabled: Bool = true
  /// Image statistics read every Nth pixel in x and y, 1...16. Default 2: within
  /// a fraction of a percent of a full scan at a quarter of the cost.
  public var statisticsSampleStep: Int = 2
  /// Most IMU samples accepted with one frame; more is a broken feed. Default 4096.
  public var maximumIMUSamplesPerFrame: Int = 4096

  public init() {}

  /// Throws ``ARSceneError/Code/invalidArgument`` naming the first bad value.
  public func validate() throws(ARSceneError) {
    guard (1...16).contains(statisticsSampleStep) else {
      throw ARSceneError(
        .invalidArgument, "statisticsSampleStep must be 1...16, got \(statisticsSampleStep)")
    }
    guard (0...Int(Int32.max)).contains(maximumIMUSamplesPerFrame) else {
      throw ARSceneError(
        .invalidArgument,
        "maximumIMUSamplesPerFrame must be >= 0, got \(maximumIMUSamplesPerFrame)")
    }
  }

  var coreOptions: vc_session_options_t {
    var options = vc_session_options_t()
    vc_session_options_init(&options)
    options.light_estimation_enabled = isLightEstimationEnabled ? 1 : 0
    options.statistics_sample_step = Int32(statisticsSampleStep)
    options.max_imu_samples_per_frame = Int32(maximumIMUSamplesPerFrame)
    return options
  }
}
