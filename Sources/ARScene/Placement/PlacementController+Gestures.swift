import Foundation

extension PlacementController {
  /// The object a tap at `screenPoint` (normalised, (0, 0) top-left) is
  /// meant for: the one whose centre appears nearest, within
  /// ``PlacementConfiguration/touchTolerance`` image pixels; nil when none
  /// is that near (the tap then places rather than selects).
  public func object(at screenPoint: SIMD2<Float>, camera: Camera) -> PlacedObject? {
    let size = SIMD2(Float(camera.intrinsics.width), Float(camera.intrinsics.height))
    var best: (object: PlacedObject, pixels: Float)?
    for entry in allEntries {
      guard let seen = camera.screenPoint(ofWorldPoint: entry.object.transform.translation),
        seen.isInFront
      else { continue }
      let offset = (seen.point - screenPoint) * size
      let pixels = (offset * offset).sum().squareRoot()
      if pixels <= configuration.touchTolerance, best.map({ pixels < $0.pixels }) ?? true {
        best = (entry.object, pixels)
      }
    }
    return best?.object
  }

  /// Moves an object along its surface to where the ray through
  /// `screenPoint` of `camera` meets it: the object's plane (extended
  /// beyond its boundary; the object is pushed back inside afterwards), or
  /// the estimated surface while it has no plane. The object follows the
  /// finger at once. Nil (and nothing moves) when there is no such object or
  /// the ray misses the surface.
  public func drag(
    _ identifier: UUID, to screenPoint: SIMD2<Float>, camera: Camera, in session: Session
  ) -> PlacedObject? {
    guard let direction = camera.worldDirection(throughScreenPoint: screenPoint) else { return nil }
    let origin = camera.transform.translation
    let anchors = session.planeAnchors
    return withEntry(identifier) { entry -> PlacedObject? in
      let hit: SIMD3<Float>
      if let id = entry.object.anchorIdentifier,
        let anchor = anchors.first(where: { $0.identifier == id })
      {
        let n = SIMD3(
          anchor.transform.columns.1.x, anchor.transform.columns.1.y, anchor.transform.columns.1.z)
        let cosine = (n * direction).sum()
        guard abs(cosine) > 1e-6 else { return nil }
        let distance = (n * (anchor.transform.translation - origin)).sum() / cosine
        guard distance > 0, distance.isFinite else { return nil }
        hit = origin + distance * direction
      } else {
        guard
          let result = try? session.raycast(
            RaycastQuery(
              origin: origin, direction: direction, allowing: .estimatedPlane,
              alignment: entry.object.constraint.alignment)
          ).first
        else { return nil }
        hit = result.worldTransform.translation
      }
      entry.goal = hit
      entry.spring = CriticallyDampedSpring(at: hit)
      entry.rayOrigin = origin
      entry.rayDirection = direction
      // A new ray: what was averaged along the old one is another point.
      entry.estimatedDistance.reset()
      entry.estimatedDistance.add(distance(hit, origin))
      entry.object.transform = entry.transform
      entry.object.isSettled = false
      return entry.object
    } ?? nil
  }

  /// Turns an object about its surface's normal by `radians`
  /// (counter-clockwise seen from above the surface), like a two-finger
  /// rotation. Nil when there is no such object.
  public func rotate(_ identifier: UUID, by radians: Float) -> PlacedObject? {
    guard radians.isFinite else { return nil }
    return withEntry(identifier) { entry in
      let n = entry.normal
      let f = entry.forward
      let c = Float(cos(Double(radians)))
      let s = Float(sin(Double(radians)))
      let cross = SIMD3(n.y * f.z - n.z * f.y, n.z * f.x - n.x * f.z, n.x * f.y - n.y * f.x)
      // Rodrigues' rotation of the front about the normal.
      entry.forward = f * c + cross * s + n * ((n * f).sum() * (1 - c))
      entry.object.transform = entry.transform
      return entry.object
    }
  }

  /// Scales an object by `factor` (a pinch), within
  /// ``PlacementConfiguration/scaleRange``. Nil when scaling is off
  /// (``PlacementConfiguration/allowsScaling``, the default), the factor is
  /// not positive, or there is no such object.
  public func pinch(_ identifier: UUID, by factor: Float) -> PlacedObject? {
    guard configuration.allowsScaling, factor.isFinite, factor > 0 else { return nil }
    return withEntry(identifier) { entry in
      let range = configuration.scaleRange
      entry.object.scale = min(max(entry.object.scale * factor, range.lowerBound), range.upperBound)
      return entry.object
    }
  }

  /// Where to point at an object that is out of view; nil while it is on
  /// screen or when there is no such object.
  public func offScreenIndicator(for identifier: UUID, camera: Camera) -> OffScreenIndicator? {
    guard let object = object(identifier) else { return nil }
    return OffScreenIndicator(pointingAt: object.transform.translation, from: camera)
  }
}

private func distance(_ a: SIMD3<Float>, _ b: SIMD3<Float>) -> Float {
  ((a - b) * (a - b)).sum().squareRoot()
}
