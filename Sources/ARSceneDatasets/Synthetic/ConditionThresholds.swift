/// Where each ``ScenarioCondition`` starts. Ground truth, not a tracker's
/// behaviour: a tracker may cope a little beyond them or fail a little short.
public struct ConditionThresholds: Equatable, Sendable {
  /// Gain relative to the nominal exposure (mean luminance scales with it).
  public var tooDarkGain = 0.2
  /// Angular speed of the camera, rad/s.
  public var excessiveRotationRate = 2.0
  /// Fraction of pixels on textured surfaces. Low on purpose: a tenth of
  /// the image on a textured shelf still gives a tracker plenty of corners;
  /// the condition means there is next to nothing to follow.
  public var insufficientDetailFraction = 0.05
  /// Fraction of a reference image's area in view for it to count as visible.
  public var referenceVisibleFraction = 0.5

  public init() {}
}
