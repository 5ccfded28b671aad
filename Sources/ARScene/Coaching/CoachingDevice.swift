/// What the messages call the thing the person holds ("Try moving your
/// phone more slowly."), so they match the hardware the app runs on.
public enum CoachingDevice: String, CaseIterable, Sendable {
  case phone
  case iPad
  case camera
  /// For hardware none of the others describe.
  case device
}
