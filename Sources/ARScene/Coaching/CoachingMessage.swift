/// One thing to tell the person holding the camera, ready to show.
///
/// Messages are values: two updates that want the same words produce equal
/// messages, which is how ``CoachingUpdate/changed`` is decided.
public struct CoachingMessage: Hashable, Sendable {
  /// A stable identifier of the situation, the same in every language, for
  /// logs, events and apps that show their own artwork. One of
  /// `gettingStarted`, `moveSideways`, `excessiveMotion`, `insufficientFeatures`,
  /// `insufficientLight`, `relocalizing`, `startOver`, `findSurface`,
  /// `surfaceSearchHint`, `surfaceSearchAdvice`, `surfaceFound`,
  /// `placementWrongSurface`, `placementOutsideSurface`,
  /// `placementNoSurface`, `findImage`, `imageSearchHint`, `takeBreak`.
  public var key: String
  /// The words to show, in the catalog's language, with the device noun and
  /// the object's name filled in.
  public var text: String
  /// How much the message needs attention now; only a more urgent message replaces a shown
  /// one before its minimum display time.
  public var urgency: Urgency
  /// What the person can do about it; apps may show a matching animation or
  /// button (a Start Over button for ``Action/startOver``).
  public var action: Action
  /// Whether the app should hide interface that does not help with this
  /// message, so the person's attention goes to the fix.
  public var hideAppUI: Bool

  /// A message made of the given parts.
  public init(key: String, text: String, urgency: Urgency, action: Action, hideAppUI: Bool) {
    self.key = key
    self.text = text
    self.urgency = urgency
    self.action = action
    self.hideAppUI = hideAppUI
  }
}
