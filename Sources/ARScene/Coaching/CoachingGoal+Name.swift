extension CoachingGoal {
  /// The goal as events and the command line write it: `tracking`,
  /// `horizontalPlane`, `verticalPlane`, `anyPlane` or `image:NAME`.
  public var name: String {
    switch self {
    case .tracking: "tracking"
    case .horizontalPlane: "horizontalPlane"
    case .verticalPlane: "verticalPlane"
    case .anyPlane: "anyPlane"
    case .image(let image): "image:\(image)"
    }
  }

  /// The goal named `name` (see ``name``), nil for anything else.
  public init?(name: String) {
    switch name {
    case "tracking": self = .tracking
    case "horizontalPlane": self = .horizontalPlane
    case "verticalPlane": self = .verticalPlane
    case "anyPlane": self = .anyPlane
    default:
      guard name.hasPrefix("image:"), name.count > "image:".count else { return nil }
      self = .image(String(name.dropFirst("image:".count)))
    }
  }
}
