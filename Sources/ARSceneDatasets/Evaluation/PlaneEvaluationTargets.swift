import Foundation

/// The plane-detection targets, checked against a ``PlaneEvaluation``: each gives
/// one pass/fail line, or none applies (no plane fully seen, say).
public struct PlaneEvaluationTargets: Equatable, Sendable {
  /// Seconds from `requiredFrom` to the first matching anchor.
  public var maxDetectionDelay = 0.5
  public var maxNormalErrorDegrees = 2.0
  /// Metres.
  public var maxOffsetError = 0.02
  /// For planes fully seen (``PlaneEvaluation/Configuration/fullySeenFraction``).
  public var minIntersectionOverUnion = 0.8
  public var minClassificationAccuracy = 0.95
  public var maxAnchorsPerSurface = 1.1

  public init() {}

  /// One target's verdict.
  public struct Check: Equatable, Sendable {
    /// A short key: detection, normal, offset, extent, classification,
    /// anchorsPerSurface, noSurface.
    public var name: String
    /// Nil when the target does not apply to this sequence.
    public var passed: Bool?
    /// What was measured, in words and numbers.
    public var detail: String
  }

  public func checks(_ evaluation: PlaneEvaluation) -> [Check] {
    let planes = evaluation.planes
    var checks: [Check] = []

    let required = planes.filter(\.isRequired)
    let late = required.filter { ($0.detectionDelay ?? .infinity) > maxDetectionDelay + 1e-9 }
    let slowest = required.compactMap { plane in plane.detectionDelay.map { (plane.plane.name, $0) }
    }
    .max { $0.1 < $1.1 }
    checks.append(
      Check(
        name: "detection", passed: required.isEmpty ? nil : late.isEmpty,
        detail: required.isEmpty
          ? "no plane was \(Self.area(evaluation.configuration.minAreaInView)) in view for"
            + " \(Self.seconds(evaluation.configuration.minTimeInView))"
          : "\(required.count - late.count)/\(required.count) planes over"
            + " \(Self.area(evaluation.configuration.minAreaInView)) in view for"
            + " \(Self.seconds(evaluation.configuration.minTimeInView)) found within"
            + " \(Self.seconds(maxDetectionDelay))"
            + (slowest.map { "; slowest \($0.0) \(Self.seconds($0.1))" } ?? "")
            + (late.isEmpty
              ? "" : "; late or missed: " + late.map { Self.delayText($0) }.joined(separator: ", "))
      ))

    let matched = planes.filter { $0.finalMatch != nil }
    func worst(_ value: (PlaneMatch) -> Double) -> (String, Double)? {
      matched.map { ($0.plane.name, value($0.finalMatch!)) }.max { $0.1 < $1.1 }
    }
    let normal = worst(\.normalErrorDegrees)
    checks.append(
      Check(
        name: "normal", passed: normal.map { $0.1 <= maxNormalErrorDegrees },
        detail: normal.map {
          "normal error at most \(String(format: "%.2f", $0.1)) deg (\($0.0)) over \(matched.count) planes,"
            + " target <= \(String(format: "%.1f", maxNormalErrorDegrees)) deg"
        } ?? "no plane found"))
    let offset = worst(\.offsetError)
    checks.append(
      Check(
        name: "offset", passed: offset.map { $0.1 <= maxOffsetError },
        detail: offset.map {
          "offset error at most \(Self.centimetres($0.1)) (\($0.0)) over \(matched.count) planes,"
            + " target <= \(Self.centimetres(maxOffsetError))"
        } ?? "no plane found"))

    let fullySeen = planes.filter { $0.seenFraction >= evaluation.configuration.fullySeenFraction }
    let lowIoU = fullySeen.filter {
      ($0.finalMatch?.intersectionOverUnion ?? 0) < minIntersectionOverUnion
    }
    checks.append(
      Check(
        name: "extent", passed: fullySeen.isEmpty ? nil : lowIoU.isEmpty,
        detail: fullySeen.isEmpty
          ? "no plane was fully seen (\(Self.percent(evaluation.configuration.fullySeenFraction)) in view)"
          : "\(fullySeen.count - lowIoU.count)/\(fullySeen.count) fully seen planes with extent IoU >= "
            + String(format: "%.2f", minIntersectionOverUnion)
            + (lowIoU.isEmpty
              ? ""
              : "; below: "
                + lowIoU.map {
                  "\($0.plane.name) \($0.finalMatch.map { String(format: "%.2f", $0.intersectionOverUnion) } ?? "not found")"
                }.joined(separator: ", "))))

    let correct = matched.filter { $0.finalClassification == $0.plane.classification }
    let accuracy = matched.isEmpty ? nil : Double(correct.count) / Double(matched.count)
    checks.append(
      Check(
        name: "classification", passed: accuracy.map { $0 >= minClassificationAccuracy },
        detail: accuracy.map {
          "\(correct.count)/\(matched.count) found planes classified right (\(Self.percent($0))),"
            + " target >= \(Self.percent(minClassificationAccuracy))"
            + (correct.count == matched.count
              ? ""
              : "; wrong: "
                + matched.filter { $0.finalClassification != $0.plane.classification }.map {
                  "\($0.plane.name) as \($0.finalClassification ?? "?")"
                }.joined(separator: ", "))
        } ?? "no plane found"))

    let perSurface = evaluation.anchorsPerSurface
    checks.append(
      Check(
        name: "anchorsPerSurface", passed: perSurface.map { $0 <= maxAnchorsPerSurface + 1e-9 },
        detail: perSurface.map {
          String(
            format: "%.2f anchors per surface found at the end, target <= %.2f", $0,
            maxAnchorsPerSurface)
            + " (\(evaluation.duplicateCount) duplicates)"
        } ?? "no plane found"))

    if evaluation.scenario == "no-surface" {
      checks.append(
        Check(
          name: "noSurface", passed: evaluation.anchorCount == 0,
          detail: "\(evaluation.anchorCount) anchors created in the no-surface scenario, target 0"))
    }
    return checks
  }

  private static func delayText(_ plane: PlaneEvaluation.PlaneResult) -> String {
    plane.detectionDelay.map { "\(plane.plane.name) \(seconds($0))" } ?? "\(plane.plane.name) never"
  }

  static func seconds(_ value: Double) -> String { String(format: "%.2f s", value) }
  static func centimetres(_ metres: Double) -> String { String(format: "%.2f cm", metres * 100) }
  static func area(_ value: Double) -> String { String(format: "%.2f m2", value) }
  static func percent(_ fraction: Double) -> String { String(format: "%.0f%%", fraction * 100) }
}
