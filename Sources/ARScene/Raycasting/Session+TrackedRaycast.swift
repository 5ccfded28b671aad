extension Session {
  /// Starts a raycast that is repeated every tick (see ``advance(_:)``), like
  /// ARKit's `ARSession.trackedRaycast(_:updateHandler:)`. The handler gets
  /// the first results at once when there are any, then every change. Nil
  /// when the query cannot be cast (a non-finite or zero-length ray, an
  /// invalid ``raycastConfiguration``).
  public func trackedRaycast(
    _ query: RaycastQuery, updateHandler: @escaping ([RaycastResult]) -> Void
  ) -> TrackedRaycast? {
    guard let results = try? raycast(query) else { return nil }
    let tracked = TrackedRaycast(query: query, results: [], updateHandler: updateHandler)
    trackedRaycasts.append(tracked)
    tracked.update(with: results)
    return tracked
  }

  /// One step of the 60 Hz loop for what the session advances per tick:
  /// every tracked raycast is cast again (its handler is called when its
  /// results changed) and stopped ones are let go. Until the loop drives
  /// it, call it once after each processed frame.
  public func advance(_ tick: Tick) {
    trackedRaycasts.removeAll { $0.isStopped }
    for tracked in trackedRaycasts {
      // The query was castable when it started and the configuration is
      // checked here again; a cast that fails now keeps the last results.
      if let results = try? raycast(tracked.query) { tracked.update(with: results) }
    }
  }

  /// Stops every tracked raycast (a reset makes their rays meaningless).
  func stopTrackedRaycasts() {
    for tracked in trackedRaycasts { tracked.stop() }
    trackedRaycasts.removeAll()
  }
}
