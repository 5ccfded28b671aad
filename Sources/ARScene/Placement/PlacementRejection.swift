/// Why a tap could not place an object; ``coachingRejection`` words it for
/// the coaching.
public enum PlacementRejection: Error, Hashable, Sendable {
  /// The tap met no surface (nothing known there yet).
  case noSurface
  /// The camera's pose is unknown or held (no frame yet, or relocalizing):
  /// a ray from it would land in the wrong place.
  case notTracking
  /// The surface lies the wrong way: `found` (``RaycastQuery/TargetAlignment/any``
  /// for a slope), `needed` the object's.
  case wrongAlignment(found: RaycastQuery.TargetAlignment, needed: RaycastQuery.TargetAlignment)
  /// The surface is of a class the object may not stand on.
  case wrongClassification(
    found: PlaneAnchor.Classification, needed: Set<PlaneAnchor.Classification>)

  /// What the coaching says about it: where the object goes instead.
  public var coachingRejection: CoachingInput.Placement.Rejection {
    switch self {
    case .noSurface, .notTracking:
      // The coaching's camera messages already say what to do about
      // tracking; for the tap itself "no surface there yet" is the truth.
      return .noSurface
    case .wrongAlignment(_, let needed):
      // `needed` is never .any: any alignment is never wrong.
      return .wrongSurface(
        expected: .alignment(needed == .vertical ? .vertical : .horizontal))
    case .wrongClassification(_, let needed):
      // The first in a fixed order, so the same rejection always reads the same.
      let expected = PlaneAnchor.Classification.allCases.first { needed.contains($0) } ?? .floor
      return .wrongSurface(expected: .classification(expected))
    }
  }
}

extension CoachingInput.Placement {
  /// A tap's outcome as the coaching takes it.
  public init(_ outcome: Result<PlacedObject, PlacementRejection>) {
    switch outcome {
    case .success: self = .placed
    case .failure(let rejection): self = .rejected(rejection.coachingRejection)
    }
  }
}

extension PlacementRejection: CustomStringConvertible {
  /// The reason as events print it: "noSurface", "wrongAlignment", ...
  public var kind: String {
    switch self {
    case .noSurface: "noSurface"
    case .notTracking: "notTracking"
    case .wrongAlignment: "wrongAlignment"
    case .wrongClassification: "wrongClassification"
    }
  }

  /// The reason in a sentence, with the surface found and the one needed.
  public var description: String {
    switch self {
    case .noSurface:
      return "no surface found where the object was placed"
    case .notTracking:
      return "the camera is not tracked, so the tap cannot be placed in the world"
    case .wrongAlignment(let found, let needed):
      return
        "the surface is \(found == .any ? "sloped" : found.rawValue), the object needs \(needed.rawValue)"
    case .wrongClassification(let found, let needed):
      let names = PlaneAnchor.Classification.allCases.filter { needed.contains($0) }.map(\.rawValue)
      return "the surface is \(found.rawValue), the object needs \(names.joined(separator: " or "))"
    }
  }
}
