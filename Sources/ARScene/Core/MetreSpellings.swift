// The names spelt "metre" before the library took Swift's usual "meter"
// (issue 20). They stay one release, deprecated, so that code written
// against them still builds and the compiler says what to write instead.

extension DepthData {
  /// Deprecated: ``unitsPerMeter``.
  @available(*, deprecated, renamed: "unitsPerMeter")
  public var unitsPerMetre: Float {
    get { unitsPerMeter }
    set { unitsPerMeter = newValue }
  }

  /// Deprecated: ``init(depthMap:unitsPerMeter:)``.
  @available(*, deprecated, renamed: "init(depthMap:unitsPerMeter:)")
  public init(depthMap: PixelBuffer, unitsPerMetre: Float) {
    self.init(depthMap: depthMap, unitsPerMeter: unitsPerMetre)
  }
}

extension WorldTrackingConfiguration.TrackingOptions {
  /// Deprecated: ``motionPriorMeters``.
  @available(*, deprecated, renamed: "motionPriorMeters")
  public var motionPriorMetres: Float {
    get { motionPriorMeters }
    set { motionPriorMeters = newValue }
  }
}

extension RaycastConfiguration {
  /// Deprecated: ``maximumRMSPerMeter``.
  @available(*, deprecated, renamed: "maximumRMSPerMeter")
  public var maximumRMSPerMetre: Float {
    get { maximumRMSPerMeter }
    set { maximumRMSPerMeter = newValue }
  }
}

extension Relocalization {
  /// Deprecated: ``correctionMeters``.
  @available(*, deprecated, renamed: "correctionMeters")
  public var correctionMetres: Float { correctionMeters }
}
