/// How long one stage of processing a frame took.
public struct StageTiming: Equatable, Sendable {
  /// The stage, e.g. `ingest`, `imageStatistics`.
  public var name: String
  /// How long the stage took, in milliseconds.
  public var milliseconds: Double

  /// A timing of stage `name`.
  public init(name: String, milliseconds: Double) {
    self.name = name
    self.milliseconds = milliseconds
  }
}
