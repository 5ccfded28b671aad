import Foundation

// How the main values print: a line a person reads (in a log, a debugger,
// `print(anchor)`), not their fields one by one. Identifiers are shortened
// to their last eight characters, which the session's counters make
// distinct.

extension UUID {
  /// The last eight characters, enough to tell a session's anchors apart.
  fileprivate var short: String { String(uuidString.suffix(8)) }
}

extension Camera: CustomStringConvertible {
  /// "Camera(normal, translation (0.028, -1.436, -1.981) m, rotation ...,
  /// 640x480 fx 525.0)".
  public var description: String {
    "Camera(\(trackingState), \(transform), \(intrinsics.width)x\(intrinsics.height)"
      + String(format: " fx %.1f)", intrinsics.fx)
  }
}

extension PlaneAnchor: CustomStringConvertible {
  /// "PlaneAnchor(…00000001, horizontal floor, 3.15 x 4.69 m, 9.81 m², at
  /// (-0.72, -1.44, -2.52))".
  public var description: String {
    let t = transform.transformPoint(center)
    let kind =
      classification == .none
      ? alignment.rawValue : "\(alignment.rawValue) \(classification.rawValue)"
    return "PlaneAnchor(…\(identifier.short), \(kind), "
      + String(
        format: "%.2f x %.2f m, %.2f m², at (%.2f, %.2f, %.2f))", planeExtent.width,
        planeExtent.height, area, t.x, t.y, t.z)
  }
}

extension ImageAnchor: CustomStringConvertible {
  /// "ImageAnchor(…00000001, poster, tracked, at (0.10, 1.20, -2.00))".
  public var description: String {
    let t = transform.translation
    return "ImageAnchor(…\(identifier.short), \(referenceImage.name), "
      + (isTracked ? "tracked" : "not tracked")
      + String(format: ", at (%.2f, %.2f, %.2f))", t.x, t.y, t.z)
  }
}

extension PlacedObject: CustomStringConvertible {
  /// "PlacedObject(…00000001, chair, settled, at (0.03, -1.43, -2.03))".
  public var description: String {
    let t = transform.translation
    return "PlacedObject(…\(identifier.short), \(name), "
      + (isHidden ? "hidden" : isSettled ? "settled" : "settling")
      + String(format: ", at (%.2f, %.2f, %.2f))", t.x, t.y, t.z)
  }
}

extension AppAnchor: CustomStringConvertible {
  /// "AppAnchor(…1A2B3C4D, spawn point, at (1.00, 0.00, -2.00))".
  public var description: String {
    let t = transform.translation
    return "AppAnchor(…\(identifier.short), \(name)"
      + String(format: ", at (%.2f, %.2f, %.2f))", t.x, t.y, t.z)
  }
}
