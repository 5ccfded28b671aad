extension CoachingMessage {
  /// The fix a message suggests. Every message suggests one, so an app can
  /// always show something the person can do.
  public enum Action: String, CaseIterable, Sendable {
    case moveSlower
    case addLight
    case moveAround
    case pointAtTexturedSurface
    case tapToPlace
    case returnToPreviousArea
    /// Offer to begin again; the app resets its session when accepted.
    case startOver
    case takeBreak
  }
}
