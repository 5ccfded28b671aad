/// The tunables of a ``PlacementController``; ``validate()`` names the first
/// bad value.
public struct PlacementConfiguration: Equatable, Sendable {
  /// How fast an object settles, radians per second of its critically damped
  /// motion, > 0. Default 12: 98 % of a correction is done in 0.5 s.
  public var settlingRate: Float = 12
  /// The fastest an object moves while settling, m/s > 0. Default 0.25: at
  /// 60 ticks per second at most 4.2 mm per tick, never a visible jump.
  public var maximumSpeed: Float = 0.25
  /// Changes of where the surface is smaller than this many metres are
  /// ignored, >= 0, so depth noise does not make a resting object tremble.
  /// Default 0.0005.
  public var surfaceDeadband: Float = 0.0005
  /// How far inside its plane's boundary an object pushed back from the edge
  /// ends, metres >= 0. Default 0.1: a boundary can reach a few centimetres
  /// past the real edge (it runs along the outer edges of the cells seen).
  public var edgeMargin: Float = 0.1
  /// An object on an estimated surface joins a plane anchor whose plane is
  /// within this many metres of it (along the normal), > 0. Default 0.03.
  public var attachmentTolerance: Float = 0.03
  /// ... and whose boundary is at most this many metres away along the
  /// plane (it is then pushed inside), >= 0. Default 0.5.
  public var attachmentReach: Float = 0.5
  /// A tap within this many image pixels of an object's centre selects it,
  /// > 0. Default 40.
  public var touchTolerance: Float = 40
  /// Pinch gestures scale objects. Default false: objects shown at their real
  /// size should keep it.
  public var allowsScaling = false
  /// The smallest and largest scale a pinch can reach (0 < lower <= 1 <=
  /// upper). Default 0.1...10.
  public var scaleRange: ClosedRange<Float> = 0.1...10
  /// Object identifiers count up from this seed, so two controllers in one
  /// app can be told apart and replays still repeat. Default 0.
  public var identifierSeed: UInt64 = 0

  /// The default tunables, given with each value above.
  public init() {}

  /// Throws ``ARSceneError/Code/invalidArgument`` naming the first bad value.
  public func validate() throws(ARSceneError) {
    func require(_ ok: Bool, _ message: @autoclosure () -> String) throws(ARSceneError) {
      if !ok { throw ARSceneError(.invalidArgument, "placement configuration: \(message())") }
    }
    func positive(_ value: Float) -> Bool { value.isFinite && value > 0 }
    func nonNegative(_ value: Float) -> Bool { value.isFinite && value >= 0 }
    try require(positive(settlingRate), "settlingRate must be > 0, got \(settlingRate)")
    try require(positive(maximumSpeed), "maximumSpeed must be > 0, got \(maximumSpeed)")
    try require(
      nonNegative(surfaceDeadband), "surfaceDeadband must be >= 0, got \(surfaceDeadband)")
    try require(nonNegative(edgeMargin), "edgeMargin must be >= 0, got \(edgeMargin)")
    try require(
      positive(attachmentTolerance), "attachmentTolerance must be > 0, got \(attachmentTolerance)")
    try require(
      nonNegative(attachmentReach), "attachmentReach must be >= 0, got \(attachmentReach)")
    try require(positive(touchTolerance), "touchTolerance must be > 0, got \(touchTolerance)")
    try require(
      positive(scaleRange.lowerBound) && scaleRange.lowerBound <= 1 && scaleRange.upperBound >= 1
        && scaleRange.upperBound.isFinite,
      "scaleRange must satisfy 0 < lower <= 1 <= upper, got \(scaleRange)")
  }
}
