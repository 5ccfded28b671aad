import ARScene
import ARSceneDatasets
import ArgumentParser

/// `--language`, `--device`, `--object`, `--coaching-goal`, `--no-coaching`:
/// what the replay's coaching says and in which words.
struct CoachingOptions: ParsableArguments {
  @Option(help: "The coaching's language: en or ja.")
  var language: String = "en"

  @Option(help: "What the person holds, as the coaching names it: phone, iPad, camera or device.")
  var device: String = "phone"

  @Option(
    help: ArgumentHelp(
      "What the person places, for \"Tap a location to place the NAME.\"", valueName: "NAME"))
  var object: String?

  @Option(
    help: ArgumentHelp(
      "What the person is after: tracking, horizontalPlane, verticalPlane, anyPlane or"
        + " image:NAME (default: from --plane-detection).", valueName: "goal"))
  var coachingGoal: String?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Offer to start over after relocalizing this long (default 10).", valueName: "SECONDS"))
  var startOverAfter: Double?

  @Flag(help: "Run no coaching (no \"coaching\" events).")
  var noCoaching = false

  func validate() throws { _ = try parsed() }

  /// The options as the replay's coaching, nil with --no-coaching.
  func parsed() throws -> ReplayCoaching? {
    guard let language = CoachingLanguage(rawValue: language) else {
      throw ValidationError("--language must be en or ja; got '\(self.language)'")
    }
    guard let device = CoachingDevice(rawValue: device) else {
      throw ValidationError(
        "--device must be one of \(CoachingDevice.allCases.map(\.rawValue).joined(separator: ", "));"
          + " got '\(self.device)'")
    }
    var goal: CoachingGoal?
    if let coachingGoal {
      guard let parsed = CoachingGoal(name: coachingGoal) else {
        throw ValidationError(
          "--coaching-goal must be tracking, horizontalPlane, verticalPlane, anyPlane or image:NAME;"
            + " got '\(coachingGoal)'")
      }
      goal = parsed
    }
    if noCoaching { return nil }
    var configuration = CoachingConfiguration()
    if let startOverAfter {
      guard startOverAfter.isFinite, startOverAfter > 0 else {
        throw ValidationError("--start-over-after must be > 0 seconds; got \(startOverAfter)")
      }
      configuration.startOverDelay = startOverAfter
    }
    return ReplayCoaching(
      goal: goal, catalog: CoachingCatalog(language: language, device: device, objectName: object),
      configuration: configuration)
  }
}
