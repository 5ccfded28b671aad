import ARScene

extension SessionRunner {
  /// Plays `sequence` (its first `maxFrames` frames, or all) through the
  /// runner on a virtual clock, one update per tick of the 60 Hz loop:
  ///
  /// ```swift
  /// for try await update in try runner.updates(replaying: sequence) {
  ///   if let message = update.changedCoachingMessage { print(message?.text ?? "") }
  /// }
  /// ```
  ///
  /// When the runner has processed no frame yet and its configuration does
  /// not say where up is, the sequence's stated gravity is adopted (a new
  /// session with ``RunOptions/resetTracking``), as `arscene replay` does.
  /// The iteration throws ``DatasetError`` naming the frame's file when a
  /// frame cannot be read or the session rejects it; the updates before it
  /// have been delivered.
  public func updates(replaying sequence: any DatasetSequence, maxFrames: Int? = nil)
    throws(DatasetError) -> RecordedUpdates
  {
    if let maxFrames, maxFrames < 1 {
      throw DatasetError("maxFrames must be at least 1, got \(maxFrames)")
    }
    guard !sequence.frames.isEmpty else {
      throw DatasetError(file: sequence.url.path, "the sequence has no frames to replay")
    }
    let adopted = configuration.adopting(gravityOf: sequence).adopting(depthNoiseOf: sequence)
    if session.currentFrame == nil, adopted != configuration {
      do {
        try run(adopted, options: .resetTracking)
      } catch {
        throw DatasetError("configuration: \(error.message)")
      }
    }
    return RecordedUpdates(
      runner: self, sequence: sequence,
      records: Array(sequence.frames.prefix(maxFrames ?? sequence.frames.count)))
  }
}
