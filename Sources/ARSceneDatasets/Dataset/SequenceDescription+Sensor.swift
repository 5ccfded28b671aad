extension SequenceDescription {
  /// A stream a sequence records. The raw values are the strings of
  /// `sequence.json`'s "sensors" array.
  public enum Sensor: String, CaseIterable, Hashable, Sendable {
    case color
    case depth
    case imu
    case groundTruth
  }
}
