/// Everything one call to ``Session/process(_:)`` produced.
public struct FrameUpdate: Sendable {
  public var frame: Frame

  public init(frame: Frame) {
    self.frame = frame
  }
}
