import ARScene
import ArgumentParser
import Foundation

/// `--plane-detection`, shared by the commands that run a session.
struct PlaneDetectionOption: ParsableArguments {
  @Option(
    name: .customLong("plane-detection"),
    help: ArgumentHelp(
      "Which planes to detect: horizontal,vertical (the default), horizontal, vertical or none.",
      valueName: "kinds"))
  var planeDetection: String = "horizontal,vertical"

  func validate() throws { _ = try parsed() }

  /// The option as the configuration's value.
  func parsed() throws -> WorldTrackingConfiguration.PlaneDetection {
    try Self.parse(planeDetection)
  }

  /// "horizontal,vertical" (either order), "horizontal", "vertical" or "none".
  static func parse(_ text: String) throws -> WorldTrackingConfiguration.PlaneDetection {
    let words = text.split(separator: ",", omittingEmptySubsequences: false).map {
      $0.trimmingCharacters(in: .whitespaces).lowercased()
    }
    if words == ["none"] { return [] }
    var detection: WorldTrackingConfiguration.PlaneDetection = []
    for word in words {
      switch word {
      case "horizontal": detection.insert(.horizontal)
      case "vertical": detection.insert(.vertical)
      default:
        throw ValidationError(
          "--plane-detection must be horizontal,vertical, horizontal, vertical or none;"
            + " got '\(text)'")
      }
    }
    return detection
  }
}
