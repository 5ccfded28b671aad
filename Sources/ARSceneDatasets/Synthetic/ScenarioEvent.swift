/// When a scripted event of a scenario happens: centred in the sequence,
/// lasting `nominal` seconds but at most `maximumFraction` of the sequence, so
/// that a short test sequence still shows the whole event, start to end.
package struct ScenarioEvent: Equatable, Sendable {
  package var nominal: Double
  package var maximumFraction: Double

  package init(nominal: Double, maximumFraction: Double) {
    self.nominal = nominal
    self.maximumFraction = maximumFraction
  }

  /// The event's start and end in a sequence of `duration` seconds.
  package func interval(in duration: Double) -> ClosedRange<Double> {
    let length = min(nominal, maximumFraction * duration)
    let middle = duration / 2
    return (middle - length / 2)...(middle + length / 2)
  }
}
