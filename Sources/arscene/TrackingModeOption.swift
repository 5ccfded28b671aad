import ARScene
import ArgumentParser

/// `--tracking`, shared by the commands that replay a sequence.
struct TrackingModeOption: ParsableArguments {
  @Option(
    name: .customLong("tracking"),
    help: ArgumentHelp(
      "How the camera is tracked: auto, rgbd, visual-inertial or monocular.",
      discussion:
        "auto (the default) tracks each frame as its sensors allow: RGB-D with depth,"
        + " visual-inertial with an IMU and no depth, monocular otherwise. visual-inertial"
        + " and monocular ignore depth (--no-depth also hides it from the other stages);"
        + " monocular also leaves the IMU's scale out, so positions are in a unit of the"
        + " map's own.",
      valueName: "mode"))
  var tracking: Mode = .auto

  enum Mode: String, ExpressibleByArgument, CaseIterable {
    case auto
    case rgbd
    case visualInertial = "visual-inertial"
    case monocular
  }

  func apply(to configuration: inout WorldTrackingConfiguration) {
    configuration.trackingMode =
      switch tracking {
      case .auto: .automatic
      case .rgbd: .rgbd
      case .visualInertial: .visualInertial
      case .monocular: .monocular
      }
  }
}
