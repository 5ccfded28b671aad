/// The mean of the latest measurements of something that should not change
/// (where a surface is), over at most ``memory`` of them: every frame's depth
/// measures the same surface again with fresh noise, so averaging makes a
/// resting object steadier with every frame, while the cap still lets a
/// real change (a better view, a corrected world) through within a second.
struct RunningMean: Equatable, Sendable {
  /// Measurements remembered: 30 is one second of a 30 Hz camera.
  static let memory = 30

  private(set) var value: Float = 0
  private(set) var count = 0

  /// Takes a measurement; the first one is the mean.
  mutating func add(_ measurement: Float) {
    count = min(count + 1, Self.memory)
    value += (measurement - value) / Float(count)
  }

  /// Forgets everything (the thing measured is another one now).
  mutating func reset() {
    value = 0
    count = 0
  }

  /// The mean, or nil before the first measurement.
  var mean: Float? { count > 0 ? value : nil }
}
