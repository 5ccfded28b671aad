import Foundation

/// Places virtual objects where a person taps and keeps them where they
/// belong: an object appears on the tap's own frame (on a plane anchor, or
/// on a surface estimated from depth before any anchor exists), then glides
/// with a critically damped, speed-capped motion to where the surface turns
/// out to be, stays inside its plane's boundary, follows its plane when
/// planes merge, and otherwise stays put while the camera moves.
///
/// ```swift
/// let placement = try PlacementController()
/// switch placement.place(
///   name: "chair", constraint: PlacementConstraint(on: .floor), at: SIMD2(0.5, 0.7), in: session)
/// {
/// case .success(let chair): show(chair)
/// case .failure(let rejection): coachingPlacements.append(CoachingInput.Placement(.failure(rejection)))
/// }
/// // Every processed frame, then every tick:
/// placement.observe(frameUpdate)
/// for event in placement.advance(tick, in: session) { ... }
/// ```
///
/// Not thread-safe; use it from the thread that drives the session.
public final class PlacementController {
  /// The tunables, checked with ``PlacementConfiguration/validate()`` when the controller was made.
  public let configuration: PlacementConfiguration
  private var entries: [Entry] = []
  private var placedCount: UInt64 = 0
  /// The processed frame the goals were last refreshed for.
  private var refreshedFrame: (index: Int, timestamp: Double)?

  /// Throws ``ARSceneError/Code/invalidArgument`` when `configuration` does
  /// not validate.
  public init(configuration: PlacementConfiguration = PlacementConfiguration())
    throws(ARSceneError)
  {
    try configuration.validate()
    self.configuration = configuration
  }

  /// Every placed object, in order of placement.
  public var objects: [PlacedObject] { entries.map(\.object) }

  /// The newest placed object named `name`, without building ``objects``.
  public func newestObject(named name: String) -> PlacedObject? {
    entries.last { $0.object.name == name }?.object
  }

  /// The placed object with this identifier.
  public func object(_ identifier: UUID) -> PlacedObject? {
    entries.first { $0.object.identifier == identifier }?.object
  }

  // MARK: - Placing

  /// Places an object where the ray through `screenPoint` (normalised, (0, 0)
  /// top-left) of the session's current frame meets a surface: the nearest
  /// plane anchor, or the surface estimated from the frame's depth. Rejected
  /// when the camera is not tracked (no frame yet, relocalizing), nothing is
  /// hit, or the surface breaks `constraint`; a surface whose class is not
  /// decided yet is accepted. While the world's up is still settling from
  /// the accelerometer (the first ~0.3 s) the world may turn once under the
  /// object.
  public func place(
    name: String, constraint: PlacementConstraint, at screenPoint: SIMD2<Float>,
    in session: Session
  ) -> Result<PlacedObject, PlacementRejection> {
    guard let camera = session.currentFrame?.camera,
      camera.trackingState != .notAvailable, camera.trackingState != .limited(.relocalizing)
    else { return .failure(.notTracking) }
    guard
      let query = RaycastQuery(
        screenPoint: screenPoint, camera: camera, allowing: .estimatedPlane, alignment: .any)
    else { return .failure(.noSurface) }
    return place(name: name, constraint: constraint, along: query, in: session)
  }

  /// ``place(name:constraint:at:in:)`` for a world ray (the query's target
  /// and alignment are ignored: every surface is tried, then checked).
  public func place(
    name: String, constraint: PlacementConstraint, along query: RaycastQuery, in session: Session
  ) -> Result<PlacedObject, PlacementRejection> {
    guard let hit = nearestSurface(along: query, in: session) else { return .failure(.noSurface) }
    guard constraint.alignment.admits(hit.result.targetAlignment) else {
      return .failure(
        .wrongAlignment(found: hit.result.targetAlignment, needed: constraint.alignment))
    }
    if let found = hit.classification, !constraint.admits(found) {
      return .failure(.wrongClassification(found: found, needed: constraint.classifications))
    }
    placedCount += 1
    let transform = hit.result.worldTransform
    let normal = SIMD3(transform.columns.1.x, transform.columns.1.y, transform.columns.1.z)
    let forward = SIMD3(transform.columns.2.x, transform.columns.2.y, transform.columns.2.z)
    let position = transform.translation
    var entry = Entry(
      object: PlacedObject(
        identifier: AnchorIdentifier.uuid(
          kind: .placedObject, coreID: configuration.identifierSeed &+ placedCount),
        name: name, transform: transform, scale: 1, constraint: constraint,
        anchorIdentifier: hit.anchor?.identifier, isSettled: false),
      spring: CriticallyDampedSpring(at: position), normal: normal, goal: position,
      goalNormal: normal, forward: forward, rayOrigin: query.origin, rayDirection: query.direction)
    entry.estimatedDistance.add(hit.result.distance)
    _ = refreshGoal(&entry, anchors: session.planeAnchors, measures: true, in: session)
    entry.object.transform = entry.transform
    entries.append(entry)
    return .success(entry.object)
  }

  /// The surface a ray meets first, with its class when known.
  private func nearestSurface(along query: RaycastQuery, in session: Session) -> SurfaceHit? {
    func cast(_ target: RaycastQuery.Target) -> RaycastResult? {
      try? session.raycast(
        RaycastQuery(
          origin: query.origin, direction: query.direction, allowing: target, alignment: .any)
      ).first
    }
    let anchored = cast(.existingPlaneGeometry)
    let estimated = cast(.estimatedPlane)
    // A plane anchor counts when it is what the camera sees there: not a
    // plane hidden behind a nearer surface, nor one whose boundary reaches
    // past the real edge so that the ray meets it in the air.
    if let anchored, let anchor = anchored.anchor {
      guard let estimated else {
        return SurfaceHit(result: anchored, anchor: anchor, classification: anchor.decidedClass)
      }
      if abs(estimated.distance - anchored.distance) <= configuration.attachmentTolerance {
        // The object goes where the depth shows the surface: an anchor is
        // level with the session's up, which may be a fraction of a degree
        // off the true one, centimetres away across a room.
        var result = anchored
        result.worldTransform.translation = estimated.worldTransform.translation
        result.distance = estimated.distance
        return SurfaceHit(result: result, anchor: anchor, classification: anchor.decidedClass)
      }
    }
    guard let estimated else { return nil }
    let anchor = attachableAnchor(
      at: estimated.worldTransform.translation,
      alignment: estimated.targetAlignment, among: session.planeAnchors)
    return SurfaceHit(result: estimated, anchor: anchor, classification: anchor?.decidedClass)
  }

  /// The plane anchor of this alignment whose plane passes within
  /// ``PlacementConfiguration/attachmentTolerance`` of `point` and whose
  /// boundary is within ``PlacementConfiguration/attachmentReach``, nearest
  /// boundary first.
  private func attachableAnchor(
    at point: SIMD3<Float>, alignment: RaycastQuery.TargetAlignment, among anchors: [PlaneAnchor]
  ) -> PlaneAnchor? {
    var best: (anchor: PlaneAnchor, outside: Float)?
    for anchor in anchors
    where alignment == .any || RaycastQuery.TargetAlignment(anchor.alignment) == alignment {
      let local = anchor.transform.rigidInverse.transformPoint(point)
      guard abs(local.y) <= configuration.attachmentTolerance else { continue }
      let outside = anchor.keptInside(SIMD2(local.x, local.z), margin: 0).outside
      guard outside <= configuration.attachmentReach else { continue }
      if best.map({ outside < $0.outside }) ?? true { best = (anchor, outside) }
    }
    return best?.anchor
  }

  // MARK: - Following the surfaces

  /// Takes a processed frame's anchor changes: an object whose plane was
  /// merged into another moves to that one. Call it after every processed
  /// frame, before ``advance(_:in:)``. (Without it an object whose plane
  /// vanished finds the surface again by raycasting.)
  public func observe(_ update: FrameUpdate) {
    for removal in update.removedAnchors {
      for index in entries.indices
      where entries[index].object.anchorIdentifier == removal.anchor.identifier {
        entries[index].object.anchorIdentifier = removal.absorbedBy
      }
    }
  }

  /// One tick: when a new frame was processed, where each object's surface
  /// is is looked up again; then every object moves towards it. Returns what
  /// changed, in order of placement.
  public func advance(_ tick: Tick, in session: Session) -> [PlacementEvent] {
    var events = updateVisibility(tick)
    // Nothing is refined against a camera whose place is not known.
    if tick.camera.trackingState == .limited(.relocalizing) { return events }
    let frame = session.currentFrame.map { (index: $0.index, timestamp: $0.timestamp) }
    let newFrame = frame.map { f in refreshedFrame.map { $0 != f } ?? true } ?? false
    refreshedFrame = frame
    let dt = Float(max(0, tick.duration))
    // Read once: each read of the session's anchors builds the array anew.
    let anchors = newFrame && !entries.isEmpty ? session.planeAnchors : []
    for index in entries.indices {
      // A settled object whose surface is well measured looks again only
      // every few frames (staggered across objects): its surface does not
      // move, and a raycast per object per frame is most of the cost.
      let rested =
        entries[index].object.isSettled
        && entries[index].measurementCount >= RunningMean.memory
      let measures =
        !rested || ((frame?.index ?? 0) + index) % Self.restingMeasurementInterval == 0
      if newFrame,
        let result = refreshGoal(&entries[index], anchors: anchors, measures: measures, in: session)
      {
        events.append(.raycastUpdated(entries[index].object, result))
      }
      if let moved = entries[index].step(dt: dt, configuration: configuration) {
        events.append(.moved(moved))
      }
    }
    return events
  }

  /// Looks up where the surface under an object is and sets its goal; the
  /// new surface as a raycast result when it changed beyond the deadband.
  private func refreshGoal(
    _ entry: inout Entry, anchors: [PlaneAnchor], measures: Bool, in session: Session
  ) -> RaycastResult? {
    var goal = entry.goal
    var normal = entry.goalNormal
    var target = RaycastQuery.Target.existingPlaneGeometry
    var anchor = entry.object.anchorIdentifier.flatMap { id in
      anchors.first { $0.identifier == id }
    }
    if anchor == nil {
      let constraint = entry.object.constraint
      if measures,
        let hit = try? session.raycast(
          RaycastQuery(
            origin: entry.rayOrigin, direction: entry.rayDirection, allowing: .estimatedPlane,
            alignment: constraint.alignment)
        ).first
      {
        let hitNormal = SIMD3(
          hit.worldTransform.columns.1.x, hit.worldTransform.columns.1.y,
          hit.worldTransform.columns.1.z)
        // A ray grazing an edge meets another surface from another viewpoint
        // (the floor behind a table's edge): such a hit is not the object's
        // surface measured again, and is left out of the average.
        let sameSurface =
          entry.estimatedDistance.mean.map {
            abs(hit.distance - $0) <= configuration.attachmentTolerance
          } ?? true
        if sameSurface, (hitNormal * entry.goalNormal).sum() >= Self.sameSurfaceCosine {
          entry.estimatedDistance.add(hit.distance)
          goal = entry.rayOrigin + entry.estimatedDistance.value * entry.rayDirection
          normal = hitNormal
          target = .estimatedPlane
        }
      }
      // Only a plane lying like the surface the object is on: an object on
      // a table's edge does not jump onto its top.
      let surface = constraint.alignment == .any ? Self.alignment(of: normal) : constraint.alignment
      anchor = attachableAnchor(at: goal, alignment: surface, among: anchors).flatMap {
        constraint.admits($0.decidedClass) ? $0 : nil
      }
    }
    if anchor?.identifier != entry.object.anchorIdentifier { entry.depthOffset.reset() }
    entry.object.anchorIdentifier = anchor?.identifier
    if let anchor {
      // Onto the plane along its normal (not along the tap's ray, which
      // would slide the object far at grazing angles), then inside.
      let local = anchor.transform.rigidInverse.transformPoint(goal)
      let kept = anchor.keptInside(SIMD2(local.x, local.z), margin: configuration.edgeMargin)
      goal = anchor.transform.transformPoint(SIMD3(kept.point.x, 0, kept.point.y))
      let y = anchor.transform.columns.1
      normal = SIMD3(y.x, y.y, y.z)
      target = .existingPlaneGeometry
      // Then to the height the depth shows there, smoothed over frames.
      if measures,
        let offset = depthOffset(
          at: goal, normal: normal, alignment: anchor.alignment, in: session)
      {
        entry.depthOffset.add(offset)
      }
      goal += normal * (entry.depthOffset.mean ?? 0)
    }
    let moved = goal - entry.goal
    let turned = normal - entry.goalNormal
    guard
      (moved * moved).sum() > configuration.surfaceDeadband * configuration.surfaceDeadband
        || (turned * turned).sum() > 1e-8
    else { return nil }
    entry.goal = goal
    entry.goalNormal = normal
    entry.object.isSettled = false
    let offset = goal - entry.rayOrigin
    return RaycastResult(
      worldTransform: Entry.transform(position: goal, normal: normal, forward: entry.forward),
      target: target,
      targetAlignment: anchor.map { RaycastQuery.TargetAlignment($0.alignment) }
        ?? Self.alignment(of: normal),
      anchor: anchor, distance: (offset * offset).sum().squareRoot())
  }

  /// How far along `normal` the surface the current frame's depth shows
  /// lies from `point` on an anchor's plane: the estimated plane where the
  /// ray from the camera through the point meets the depth. Nil when the
  /// point is out of view, hidden, or the depth there is not that surface
  /// (more than the attachment tolerance away).
  private func depthOffset(
    at point: SIMD3<Float>, normal: SIMD3<Float>, alignment: PlaneAnchor.Alignment,
    in session: Session
  ) -> Float? {
    guard let camera = session.currentFrame?.camera else { return nil }
    let origin = camera.transform.translation
    guard
      let hit = try? session.raycast(
        RaycastQuery(
          origin: origin, direction: point - origin, allowing: .estimatedPlane,
          alignment: RaycastQuery.TargetAlignment(alignment))
      ).first
    else { return nil }
    let offset = (normal * (hit.worldTransform.translation - point)).sum()
    return abs(offset) <= configuration.attachmentTolerance ? offset : nil
  }

  /// Frames between the depth measurements of a settled object.
  private static let restingMeasurementInterval = 6

  /// Normals within 20 degrees belong to the same surface.
  private static let sameSurfaceCosine: Float = 0.94

  private static func alignment(of normal: SIMD3<Float>) -> RaycastQuery.TargetAlignment {
    abs(normal.y) > 0.985 ? .horizontal : abs(normal.y) < 0.174 ? .vertical : .any
  }

  /// Removes an object; false when there is none with this identifier.
  @discardableResult
  public func remove(_ identifier: UUID) -> Bool {
    let before = entries.count
    entries.removeAll { $0.object.identifier == identifier }
    return entries.count != before
  }

  /// Hides every object when the tick's camera is relocalizing and shows
  /// them again once it is not.
  private func updateVisibility(_ tick: Tick) -> [PlacementEvent] {
    let hide = tick.camera.trackingState == .limited(.relocalizing)
    var events: [PlacementEvent] = []
    for index in entries.indices where entries[index].object.isHidden != hide {
      entries[index].object.isHidden = hide
      events.append(hide ? .hidden(entries[index].object) : .shown(entries[index].object))
    }
    return events
  }

  // MARK: - World maps

  /// The objects as anchors of a saved map
  /// (``Session/currentWorldMap(adding:)``).
  public var worldMapAnchors: [WorldMapAnchor] {
    entries.map {
      WorldMapAnchor(
        identifier: $0.object.identifier.uuidString, kind: .object, name: $0.object.name,
        transform: $0.object.transform)
    }
  }

  /// Puts back the objects of a saved map (its anchors of kind
  /// ``WorldMapAnchor/Kind/object``) where they were in its world, hidden
  /// until the next tick whose camera is not relocalizing, which a session
  /// started in that map is until it finds the camera. They stand on
  /// whatever surface is under them, with no constraint, and keep their
  /// identifiers. Returns them.
  @discardableResult
  public func restore(_ anchors: [WorldMapAnchor]) -> [PlacedObject] {
    var restored: [PlacedObject] = []
    for anchor in anchors where anchor.kind == .object {
      let transform = anchor.transform
      let normal = SIMD3(transform.columns.1.x, transform.columns.1.y, transform.columns.1.z)
      let forward = SIMD3(transform.columns.2.x, transform.columns.2.y, transform.columns.2.z)
      let position = transform.translation
      let identifier =
        UUID(uuidString: anchor.identifier)
        ?? AnchorIdentifier.uuid(
          kind: .placedObject, coreID: configuration.identifierSeed &+ placedCount &+ 1)
      if UUID(uuidString: anchor.identifier) == nil { placedCount += 1 }
      var object = PlacedObject(
        identifier: identifier, name: anchor.name, transform: transform, scale: 1,
        constraint: .anySurface, anchorIdentifier: nil, isSettled: true)
      object.isHidden = true
      // Looked up again from just above, along the surface's normal.
      entries.append(
        Entry(
          object: object, spring: CriticallyDampedSpring(at: position), normal: normal,
          goal: position, goalNormal: normal, forward: forward,
          rayOrigin: position + normal * 0.3, rayDirection: -normal))
      restored.append(object)
    }
    return restored
  }

  /// Removes every object (after a session reset, say). Identifiers keep
  /// counting.
  public func removeAll() {
    entries.removeAll()
    refreshedFrame = nil
  }

  // MARK: - Gestures (PlacementController+Gestures.swift)

  func withEntry<R>(_ identifier: UUID, _ body: (inout Entry) -> R) -> R? {
    guard let index = entries.firstIndex(where: { $0.object.identifier == identifier }) else {
      return nil
    }
    return body(&entries[index])
  }

  var allEntries: [Entry] { entries }
}

/// A surface a placing ray met.
private struct SurfaceHit {
  var result: RaycastResult
  /// The plane anchor hit, or the one the estimated surface lies on.
  var anchor: PlaneAnchor?
  /// Nil while not decided.
  var classification: PlaneAnchor.Classification?
}

extension PlaneAnchor {
  /// The class once decided (``PlaneAnchor/Classification/none`` when decided
  /// to be none of them), nil before.
  var decidedClass: Classification? {
    switch classificationStatus {
    case .known: classification
    case .unknown: Classification.none
    case .undetermined, .notAvailable: nil
    }
  }
}
