/// How wrong the simulated IMU is: a constant bias per axis, drawn once per
/// sequence from a normal distribution of the given spread, plus white noise
/// on every sample. The defaults are those of a phone-grade MEMS IMU sampled
/// at 200 Hz.
public struct IMUNoiseModel: Equatable, Sendable {
  /// Spread of the accelerometer's constant bias, m/s².
  public var accelerometerBiasSigma = 0.05
  /// Spread of the gyroscope's constant bias, rad/s (about 0.2 °/s).
  public var gyroscopeBiasSigma = 0.003
  /// Standard deviation of each accelerometer sample's noise, m/s².
  public var accelerometerNoiseSigma = 0.02
  /// Standard deviation of each gyroscope sample's noise, rad/s.
  public var gyroscopeNoiseSigma = 0.002

  public init() {}

  /// A perfect IMU, for noise-free sequences.
  public static let exact: IMUNoiseModel = {
    var model = IMUNoiseModel()
    model.accelerometerBiasSigma = 0
    model.gyroscopeBiasSigma = 0
    model.accelerometerNoiseSigma = 0
    model.gyroscopeNoiseSigma = 0
    return model
  }()

  /// Nil when every spread is finite and >= 0, else what is wrong.
  public var problem: String? {
    let values = [
      accelerometerBiasSigma, gyroscopeBiasSigma, accelerometerNoiseSigma, gyroscopeNoiseSigma,
    ]
    return values.allSatisfy { $0.isFinite && $0 >= 0 }
      ? nil : "IMU noise spreads must be finite and >= 0, got \(values)"
  }
}
