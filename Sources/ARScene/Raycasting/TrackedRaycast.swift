/// A raycast the session repeats every tick, like ARKit's
/// `ARTrackedRaycast`: the ray stays fixed in the world while the session's
/// understanding of the surfaces improves, and the update handler hears of
/// every change of the results. Made by ``Session/trackedRaycast(_:updateHandler:)``;
/// runs until ``stop()`` or until the session is reset.
public final class TrackedRaycast {
  /// The ray cast every tick, fixed in the world.
  public let query: RaycastQuery
  /// The latest results, nearest first.
  public private(set) var results: [RaycastResult]
  /// True after ``stop()`` or a session reset: the handler is not called
  /// again.
  public private(set) var isStopped = false
  private let updateHandler: ([RaycastResult]) -> Void

  init(
    query: RaycastQuery, results: [RaycastResult],
    updateHandler: @escaping ([RaycastResult]) -> Void
  ) {
    self.query = query
    self.results = results
    self.updateHandler = updateHandler
  }

  /// Stops the updates, like `ARTrackedRaycast.stopTracking()`. Stopping
  /// twice does nothing.
  public func stop() { isStopped = true }

  /// Takes the results of a new cast; calls the handler when they differ
  /// from the previous ones and says whether they did.
  @discardableResult
  func update(with newResults: [RaycastResult]) -> Bool {
    guard !isStopped, !Self.same(results, newResults) else { return false }
    results = newResults
    updateHandler(newResults)
    return true
  }

  /// Results that differ by less than a tenth of a millimetre (and a
  /// ten-thousandth in rotation) on the same surfaces are the same: a repeat
  /// cast of an unchanged world must not wake the handler.
  private static func same(_ a: [RaycastResult], _ b: [RaycastResult]) -> Bool {
    guard a.count == b.count else { return false }
    return zip(a, b).allSatisfy { x, y in
      x.target == y.target && x.targetAlignment == y.targetAlignment
        && x.anchor?.identifier == y.anchor?.identifier
        && x.worldTransform.maxDifference(to: y.worldTransform) < 1e-4
    }
  }
}
