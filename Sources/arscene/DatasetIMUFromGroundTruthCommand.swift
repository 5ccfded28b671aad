import ARScene
import ARSceneDatasets
import ArgumentParser
import Foundation

struct DatasetIMUFromGroundTruthCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "imu-from-groundtruth",
    abstract: "Write a native copy of a recording with an IMU synthesised from its ground truth.",
    discussion: """
      A smoothing spline (uniform cubic B-spline, knots every --knot-spacing seconds, fitted by \
      least squares; by default every 0.1 s, or 1.5 pose intervals when the ground truth is \
      sparser: exact poses allow closer knots, a real ground truth's jitter does not) goes through the ground-truth poses; differentiated, it gives the angular \
      velocity and specific force an IMU on the camera would have measured, at --rate Hz, with \
      the simulated IMU's constant biases and white noise drawn from --seed (as `dataset synth` \
      draws them; --no-noise for an exact IMU). Samples are in ARKit camera axes, as imu.txt \
      holds them. Real images can then be replayed with an IMU whose truth is known.

      Gravity needs the ground truth's up: 7-Scenes states it (gravity-direction.txt); for \
      other data sets give it with --world-up (ARKitScenes' trajectories are +Z up: \
      --world-up 0,0,1). Frames outside the ground truth's time span get no samples. An IMU \
      the sequence already has is replaced.
      """
  )

  @OptionGroup var input: SequenceOptions

  @Option(help: "Where to write the native sequence (must not exist or be empty).")
  var out: String

  @Option(help: "Seed of the IMU's biases and noise.")
  var seed: UInt64 = 1

  @Option(help: "IMU samples per second (50...2000).")
  var rate = 200.0

  @Option(
    help: "The spline's knot spacing in seconds: motion faster than this is smoothed away.")
  var knotSpacing: Double?

  @Option(
    help: ArgumentHelp(
      "World up in the ground truth's world, x,y,z (default: the data set's stated gravity).",
      valueName: "x,y,z"))
  var worldUp: String?

  @Flag(help: "An exact IMU: no biases, no noise.")
  var noNoise = false

  @Flag(help: "Print only errors.")
  var quiet = false

  func validate() throws {
    guard rate.isFinite, rate >= 50, rate <= 2000 else {
      throw ValidationError("--rate must be 50...2000 Hz, got \(rate)")
    }
    if let knotSpacing, !(knotSpacing.isFinite && knotSpacing > 0 && knotSpacing <= 10) {
      throw ValidationError("--knot-spacing must be > 0 and at most 10 seconds, got \(knotSpacing)")
    }
    _ = try parsedWorldUp()
  }

  private func parsedWorldUp() throws -> SIMD3<Double>? {
    guard let worldUp else { return nil }
    let values = worldUp.split(separator: ",").map {
      Double($0.trimmingCharacters(in: .whitespaces))
    }
    guard values.count == 3, let x = values[0], let y = values[1], let z = values[2],
      [x, y, z].allSatisfy(\.isFinite), x * x + y * y + z * z > 0
    else {
      throw ValidationError("--world-up must be three numbers x,y,z, not all 0; got '\(worldUp)'")
    }
    return SIMD3(x, y, z)
  }

  func run() throws {
    let sequence = try input.open()
    try OutputPaths.refuseReplacingInputs([("--out", out)], of: sequence.url)
    var settings = IMUFromGroundTruth.Settings()
    settings.rate = rate
    settings.seed = seed
    settings.knotSpacing = knotSpacing
    settings.worldUp = try parsedWorldUp()
    if noNoise { settings.noise = .exact }
    let synthesised = try IMUFromGroundTruth(sequence, settings: settings)
    var progress = ProgressBar(label: "imu", enabled: !quiet)
    let result = try SequenceConverter.convert(synthesised, to: URL(fileURLWithPath: out)) {
      progress.update($0, of: $1)
    }
    guard !quiet else { return }
    Terminal.printError(
      "Wrote \(result.frames) frames with \(result.imuSamples) synthesised IMU samples"
        + " (\(Int(rate)) Hz) of the \(sequence.format) sequence \(sequence.description.name)"
        + " to \(out).")
    for problem in synthesised.problems where !sequence.problems.contains(problem) {
      Terminal.printError("note: \(problem)")
    }
    for note in result.notes { Terminal.printError("note: \(note)") }
  }
}
