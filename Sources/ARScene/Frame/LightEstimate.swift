/// The scene's ambient light, as ARKit's `ARLightEstimate` reports it.
public struct LightEstimate: Equatable, Sendable {
  /// Lumens: 1000 for a well lit neutral scene, 0 for black.
  public var ambientIntensity: Float
  /// Kelvin: 6500 for neutral daylight white, lower is warmer.
  public var ambientColorTemperature: Float

  /// An estimate with the given intensity (lumens) and colour temperature (kelvin).
  public init(ambientIntensity: Float, ambientColorTemperature: Float) {
    self.ambientIntensity = ambientIntensity
    self.ambientColorTemperature = ambientColorTemperature
  }
}
