/// The tunables of the update loop; ``validate()`` names the first bad one.
public struct LoopConfiguration: Equatable, Sendable {
  /// Ticks per second of session time. Default 60, like a display refresh;
  /// 1...1000.
  public var tickRate: Double = 60
  /// How far past the last processed frame the camera is extrapolated, in
  /// seconds; after that it is held where the prediction ended, so a camera
  /// that stalls does not send the view drifting off. >= 0. Default 0.1.
  public var maximumPredictionDuration: Double = 0.1

  /// The default tunables, given with each value above.
  public init() {}

  /// Seconds between ticks.
  public var tickDuration: Double { 1 / tickRate }

  /// Throws ``ARSceneError/Code/invalidArgument`` naming the bad value.
  public func validate() throws(ARSceneError) {
    guard tickRate.isFinite, tickRate >= 1, tickRate <= 1000 else {
      throw ARSceneError(
        .invalidArgument, "loop.tickRate must be 1...1000 per second, got \(tickRate)")
    }
    guard maximumPredictionDuration.isFinite, maximumPredictionDuration >= 0 else {
      throw ARSceneError(
        .invalidArgument,
        "loop.maximumPredictionDuration must be >= 0 seconds, got \(maximumPredictionDuration)")
    }
  }
}
