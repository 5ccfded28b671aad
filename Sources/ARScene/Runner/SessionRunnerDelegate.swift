/// Hears of every tick of a ``SessionRunner``, for apps that prefer a
/// callback to iterating its updates (like ARKit's `ARSessionDelegate`).
/// Called on the thread that ticks the runner, after the tick is complete.
public protocol SessionRunnerDelegate: AnyObject {
  /// One tick's frames, anchors, coaching and placed objects.
  func runner(_ runner: SessionRunner, didUpdate update: RunnerUpdate)
}
