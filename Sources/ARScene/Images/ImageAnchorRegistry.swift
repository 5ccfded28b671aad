/// The life of image anchors: born when the core first finds a picture,
/// updated while it is followed, not tracked once it has been out of sight
/// for ``WorldTrackingConfiguration/ImageOptions/trackingLossDelay`` and
/// removed after ``WorldTrackingConfiguration/ImageOptions/gracePeriod``.
/// The delay bridges frames where a picture in view is briefly not
/// followed. A picture no longer followed that a processed frame shows
/// mostly outside the camera's view is not tracked at once: the core lets
/// pictures go below ``followedFractionInView`` in view, and a timer would
/// leave the anchor claiming a picture the camera no longer sees.
///
/// Free of the core so it can be tested with made-up observations. Time
/// moves only through ``advance(_:)``, once per ``Tick``: the session records
/// each processed frame's observations and advances with that frame's tick;
/// the 60 Hz loop advances on ticks without frames too (the timers run, no
/// picture is seen or lost).
struct ImageAnchorRegistry {
  /// What one tick changed, in order of anchor creation.
  struct Changes {
    var added: [ImageAnchor] = []
    var updated: [ImageAnchor] = []
    var removed: [ImageAnchor] = []
  }

  private struct Entry {
    var anchor: ImageAnchor
    /// Session time the picture was last seen, seconds.
    var lastSeen: Double
    var creation: UInt64
  }

  /// The core follows a picture while at least about a fifth of it is in
  /// view (5 of 25 cells).
  static let followedFractionInView = 0.2

  private var referenceImages: [String: ReferenceImage]
  private let gracePeriod: Double
  private let trackingLossDelay: Double
  private var entries: [String: Entry] = [:]
  private var counter: UInt64 = 0
  /// Observations of the latest processed frame, applied on the next tick.
  private var pending: [TrackedImageRecord]?
  /// Anchors whose picture left the active set, removed on the next tick.
  private var dropped: [String] = []

  init(referenceImages: [ReferenceImage], gracePeriod: Double, trackingLossDelay: Double) {
    self.referenceImages = Dictionary(
      referenceImages.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    self.gracePeriod = gracePeriod
    self.trackingLossDelay = trackingLossDelay
  }

  /// The anchors after the last tick, in order of creation.
  var anchors: [ImageAnchor] {
    entries.values.sorted { $0.creation < $1.creation }.map(\.anchor)
  }

  /// The pictures the core found or followed in a processed frame.
  mutating func record(_ observations: [TrackedImageRecord]) {
    pending = observations
  }

  /// A new active set: anchors of pictures no longer in it are removed on
  /// the next tick; the others stay and keep their identifiers.
  mutating func replaceReferenceImages(_ images: [ReferenceImage]) {
    referenceImages = Dictionary(
      images.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    dropped.append(contentsOf: entries.keys.filter { referenceImages[$0] == nil })
  }

  /// Applies the recorded observations (if a frame was processed since the
  /// last tick) and runs the timers to tick.time.
  mutating func advance(_ tick: Tick) -> Changes {
    var added: [Entry] = []
    var updated: [String: Entry] = [:]
    var removed: [Entry] = []
    for name in dropped {
      if let entry = entries.removeValue(forKey: name) { removed.append(entry) }
    }
    dropped.removeAll()
    var seen = Set<String>()
    for observation in pending ?? [] {
      guard let reference = referenceImages[observation.name] else { continue }
      seen.insert(observation.name)
      if var entry = entries[observation.name] {
        let changed =
          !entry.anchor.isTracked || entry.anchor.transform != observation.worldFromImage
        entry.anchor.transform = observation.worldFromImage
        entry.anchor.estimatedScaleFactor = observation.estimatedScaleFactor
        entry.anchor.isTracked = true
        entry.lastSeen = tick.time
        entries[observation.name] = entry
        if changed { updated[observation.name] = entry }
      } else {
        counter += 1
        let entry = Entry(
          anchor: ImageAnchor(
            identifier: AnchorIdentifier.image(counter), transform: observation.worldFromImage,
            referenceImage: reference, isTracked: true,
            estimatedScaleFactor: observation.estimatedScaleFactor),
          lastSeen: tick.time, creation: counter)
        entries[observation.name] = entry
        added.append(entry)
      }
    }
    let frameCamera = pending != nil && !tick.isCameraPredicted ? tick.camera : nil
    pending = nil
    for (name, entry) in entries where !seen.contains(name) {
      let unseen = tick.time - entry.lastSeen
      let leftTheView = frameCamera.map { Self.isMostlyOutOfView(entry.anchor, $0) } ?? false
      if unseen > gracePeriod {
        entries.removeValue(forKey: name)
        removed.append(entry)
      } else if entry.anchor.isTracked && (unseen >= trackingLossDelay || leftTheView) {
        var lost = entry
        lost.anchor.isTracked = false
        entries[name] = lost
        updated[name] = lost
      }
    }
    let byCreation: (Entry, Entry) -> Bool = { $0.creation < $1.creation }
    return Changes(
      added: added.sorted(by: byCreation).map(\.anchor),
      updated: updated.values.sorted(by: byCreation).map(\.anchor),
      removed: removed.sorted(by: byCreation).map(\.anchor))
  }

  /// Whether less than ``followedFractionInView`` of the anchor's picture
  /// (where it was last seen) is inside the camera's image. A picture
  /// reaching behind the camera is not judged.
  private static func isMostlyOutOfView(_ anchor: ImageAnchor, _ camera: Camera) -> Bool {
    guard
      let corners = camera.projectRectangle(
        at: anchor.transform, size: anchor.referenceImage.physicalSize)
    else { return false }
    let whole = Camera.area(of: corners)
    return whole > 0 && camera.areaInImage(of: corners) < followedFractionInView * whole
  }
}
