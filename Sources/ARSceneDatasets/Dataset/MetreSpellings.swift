// The names spelt "metre" before the library took Swift's usual "meter"
// (issue 20). They stay one release, deprecated, so that code written
// against them still builds and the compiler says what to write instead.

extension SequenceDescription {
  /// Deprecated: ``depthUnitsPerMeter``.
  @available(*, deprecated, renamed: "depthUnitsPerMeter")
  public var depthUnitsPerMetre: Float? {
    get { depthUnitsPerMeter }
    set { depthUnitsPerMeter = newValue }
  }
}

extension SequenceInfo {
  /// Deprecated: ``depthUnitsPerMeter``.
  @available(*, deprecated, renamed: "depthUnitsPerMeter")
  public var depthUnitsPerMetre: Float? {
    get { depthUnitsPerMeter }
    set { depthUnitsPerMeter = newValue }
  }
}

extension ReplaySummary {
  /// Deprecated: ``medianDepthMeters``.
  @available(*, deprecated, renamed: "medianDepthMeters")
  public var medianDepthMetres: Double? {
    get { medianDepthMeters }
    set { medianDepthMeters = newValue }
  }
}

extension ImageEvaluation {
  /// Deprecated: ``falsePositiveMeters``.
  @available(*, deprecated, renamed: "falsePositiveMeters")
  public static var falsePositiveMetres: Double { falsePositiveMeters }
}

extension SyntheticSequenceGenerator {
  /// Deprecated: ``depthUnitsPerMeter``.
  @available(*, deprecated, renamed: "depthUnitsPerMeter")
  public static var depthUnitsPerMetre: Float { depthUnitsPerMeter }
}
