extension CoachingMessage {
  /// How much a message needs attention now, least to most. A shown message
  /// is replaced before its minimum display time only by a more urgent one.
  public enum Urgency: Int, Comparable, CaseIterable, Sendable {
    /// A hint that can wait: what to do next when nothing is wrong.
    case passive
    /// Something is in the way and the person should act on it.
    case active
    /// The experience is degrading right now; act at once.
    case timeSensitive

    /// Less urgent first: ``passive`` < ``active`` < ``timeSensitive``.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
  }
}

extension CoachingMessage.Urgency: CustomStringConvertible {
  /// The case name, as events print it.
  public var description: String {
    switch self {
    case .passive: "passive"
    case .active: "active"
    case .timeSensitive: "timeSensitive"
    }
  }
}
