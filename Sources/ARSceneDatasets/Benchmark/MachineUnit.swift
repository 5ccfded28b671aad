internal import CVisionSynthetic

/// The machine unit U (DESIGN.md, budgets): the median time OpenCV's ORB
/// (1000 features, 8 levels, one thread) takes on one fixed 640x480 frame,
/// measured in the same run as the times it divides. Machines of one kind,
/// and one machine from minute to minute, differ up to 2x in speed; a time
/// in units compares across them where milliseconds do not.
public struct MachineUnit: Equatable, Sendable {
  /// The median of every sample, in milliseconds.
  public var milliseconds: Double
  /// How far the machine's speed moved during the run: the largest
  /// checkpoint's median minus the smallest, over ``milliseconds``.
  public var spread: Double
  /// Samples taken in all.
  public var samples: Int

  /// A spread over this says the machine's speed changed during the run.
  public static let spreadLimit = 0.25

  public var speedChanged: Bool { spread > Self.spreadLimit }

  /// `milliseconds` in units.
  public func units(_ time: Double) -> Double { time / milliseconds }

  /// The unit alone, from `checkpoints` bursts of samples back to back
  /// (for tools that time something else, such as the peers, before and
  /// after their runs). Throws when ORB cannot be timed.
  public static func measure(checkpoints: Int = 3) throws(DatasetError) -> MachineUnit {
    guard checkpoints >= 1 else {
      throw DatasetError("machine unit: at least 1 checkpoint, got \(checkpoints)")
    }
    var sampler = MachineUnitSampler()
    for _ in 0..<checkpoints { try sampler.checkpoint() }
    return sampler.unit!
  }

  /// One line for people: the unit, what it times, and how steady it was.
  public var summary: String {
    String(
      format: "machine unit: U = %.3f ms (OpenCV ORB, 1000 features, 8 levels, one thread,"
        + " on one 640x480 frame; median of %d samples, spread %.0f%% across the run)",
      milliseconds, samples, spread * 100)
  }

  /// The unit as `bench --json` and `machine-unit --json` write it.
  package var json: JSONLine {
    var line = JSONLine()
    line.add("milliseconds", milliseconds, decimals: 4)
    line.add("spread", spread, decimals: 4)
    line.add("samples", samples)
    line.add("speedChanged", speedChanged)
    return line
  }

  /// The warning a run whose machine changed speed prints, nil otherwise.
  public var speedWarning: String? {
    guard speedChanged else { return nil }
    return String(
      format: "warning: the machine's speed changed during the run (the unit's spread"
        + " %.0f%% is over %.0f%%); compare these figures with care",
      spread * 100, Self.spreadLimit * 100)
  }
}

/// Takes the unit's samples in bursts at checkpoints through a run (before
/// the frames, between repeats, after them), so that the unit is measured
/// throughout the run it serves, and the spread of the checkpoints shows a
/// machine whose speed changed.
struct MachineUnitSampler {
  /// Samples per checkpoint: their median stands for the checkpoint, so a
  /// single interrupted sample does not move it.
  static let samplesPerCheckpoint = 7

  private var samples: [Double] = []
  private var checkpointMedians: [Double] = []

  /// Times ORB `samplesPerCheckpoint` times. Throws when the library cannot
  /// (ORB found nothing: the unit is then not made up).
  mutating func checkpoint() throws(DatasetError) {
    var burst: [Double] = []
    for _ in 0..<Self.samplesPerCheckpoint {
      var milliseconds = 0.0
      guard vc_machine_unit_sample(&milliseconds) == VC_STATUS_OK else {
        throw DatasetError(
          "machine unit: \(String(cString: vc_synthetic_last_error_message()))")
      }
      burst.append(milliseconds)
    }
    samples += burst
    checkpointMedians.append(burst.median!)
  }

  /// The unit from the checkpoints so far; nil before the first.
  var unit: MachineUnit? {
    guard let median = samples.median, median > 0,
      let low = checkpointMedians.min(), let high = checkpointMedians.max()
    else { return nil }
    return MachineUnit(
      milliseconds: median, spread: (high - low) / median, samples: samples.count)
  }
}
