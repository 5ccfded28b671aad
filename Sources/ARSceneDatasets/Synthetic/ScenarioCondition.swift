/// A condition a scenario puts the camera in, which coaching should react
/// to; annotations.json lists each with the frames it holds for.
public enum ScenarioCondition: String, CaseIterable, Sendable {
  /// The image is too dark to track: exposure gain below
  /// ``ConditionThresholds/tooDarkGain``.
  case tooDark
  /// The camera turns faster than ``ConditionThresholds/excessiveRotationRate``.
  case excessiveMotion
  /// Less than ``ConditionThresholds/insufficientDetailFraction`` of the
  /// image shows surfaces with texture.
  case insufficientFeatures
  /// The lens is covered.
  case interruption
}
