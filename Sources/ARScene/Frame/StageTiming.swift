/// How long one stage of processing a frame took.
public struct StageTiming: Equatable, Sendable {
  /// The stage, e.g. `ingest`, `imageStatistics`.
  public var name: String
  public var milliseconds: Double

  public init(name: String, milliseconds: Double) {
    self.name = name
    self.milliseconds = milliseconds
  }
}
