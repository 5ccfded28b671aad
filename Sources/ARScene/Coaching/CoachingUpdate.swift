/// What one ``CoachingController/update(_:)`` decided.
public struct CoachingUpdate: Hashable, Sendable {
  /// The message to show now, or nil for none.
  public var message: CoachingMessage?
  /// Whether ``message`` differs from the previous update's, so an app (or
  /// the event log) acts only on changes.
  public var changed: Bool

  /// An update showing `message` (nil for none); `changed` says whether it differs from the
  /// previous update's.
  public init(message: CoachingMessage?, changed: Bool) {
    self.message = message
    self.changed = changed
  }
}
