import Foundation

extension PlaneEvaluation {
  /// A table of the ground-truth planes, the anchor counts and the targets'
  /// pass/fail lines, for a person.
  public func readableText(targets: PlaneEvaluationTargets = PlaneEvaluationTargets()) -> String {
    func optional(_ value: Double?, _ format: String, scale: Double = 1) -> String {
      value.map { String(format: format, $0 * scale) } ?? "-"
    }
    func pad(_ text: String, _ width: Int) -> String {
      text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
    func right(_ text: String, _ width: Int) -> String {
      text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
    }
    var lines = [
      "Planes: \(planes.count) annotated, \(frameCount) frames, \(anchorCount) anchors created,"
        + " \(finalAnchorCount) at the end (scenario \(scenario))"
    ]
    if !planes.isEmpty {
      let header: [(String, Int)] = [
        ("plane", 16), ("seen", 5), ("in view", 8), ("required", 9), ("found", 8), ("delay", 8),
        ("normal", 8), ("offset", 8), ("IoU", 5), ("seenIoU", 8), ("class", 10), ("anchors", 7),
      ]
      lines.append(
        "  "
          + header.enumerated().map {
            $0.offset == 0 ? pad($0.element.0, $0.element.1) : right($0.element.0, $0.element.1)
          }
          .joined(separator: " "))
      for result in planes {
        let match = result.finalMatch
        let classification: String
        if let detected = result.finalClassification {
          classification = detected == result.plane.classification ? detected : "\(detected)!"
        } else {
          classification = "-"
        }
        let cells = [
          pad(result.plane.name, 16),
          right(String(format: "%.0f%%", result.seenFraction * 100), 5),
          right(optional(result.firstInView, "%.2f s"), 8),
          right(optional(result.requiredFrom, "%.2f s"), 9),
          right(optional(result.firstDetected, "%.2f s"), 8),
          right(optional(result.detectionDelay, "%+.2f s"), 8),
          right(optional(match?.normalErrorDegrees, "%.2f d"), 8),
          right(optional(match?.offsetError, "%.2f cm", scale: 100), 8),
          right(optional(match?.intersectionOverUnion, "%.2f"), 5),
          right(optional(result.seenIntersectionOverUnion, "%.2f"), 8),
          right(classification, 10),
          right(String(result.finalAnchorIDs.count), 7),
        ]
        lines.append("  " + cells.joined(separator: " "))
      }
      lines.append(
        "  (seen: share ever in view; in view: first frame with any of it in view; required: start of"
          + " the first \(String(format: "%.1f", configuration.minTimeInView)) s with"
          + " >= \(String(format: "%.2f", configuration.minAreaInView)) m2 in view, delay counted from it;"
          + " errors of the largest final anchor on it; class! = wrong)")
    }
    lines.append(
      "False anchors: \(falseAnchorIDs.count); duplicates: \(duplicateCount); anchors per surface: "
        + (anchorsPerSurface.map { String(format: "%.2f", $0) } ?? "-"))
    for check in targets.checks(self) {
      let verdict = check.passed.map { $0 ? "PASS" : "FAIL" } ?? "n/a "
      lines.append("\(verdict)  \(check.name): \(check.detail)")
    }
    return lines.joined(separator: "\n")
  }

  /// The same as one JSON object: metres, degrees, seconds on the sequence's
  /// clock; planes keyed by their (unique) names, targets by theirs.
  package func json(targets: PlaneEvaluationTargets = PlaneEvaluationTargets()) -> JSONLine {
    func add(_ line: inout JSONLine, _ key: String, _ value: Double?) {
      if let value { line.add(key, value) } else { line.addNull(key) }
    }
    var root = JSONLine()
    root.add("scenario", scenario)
    root.add("frames", frameCount)
    root.add("anchors", anchorCount)
    root.add("finalAnchors", finalAnchorCount)
    root.add("falseAnchors", falseAnchorIDs)
    root.add("duplicates", duplicateCount)
    add(&root, "anchorsPerSurface", anchorsPerSurface)
    var perPlane = JSONLine()
    for result in planes {
      var line = JSONLine()
      line.add("classification", result.plane.classification)
      line.add("alignment", result.plane.alignment)
      line.add("area", Double(result.plane.area))
      line.add("seenFraction", result.seenFraction)
      line.add("maxAreaInView", result.maxAreaInView)
      add(&line, "firstInView", result.firstInView)
      add(&line, "requiredFrom", result.requiredFrom)
      add(&line, "firstDetected", result.firstDetected)
      add(&line, "detectionDelay", result.detectionDelay)
      line.add("anchors", result.finalAnchorIDs)
      add(&line, "normalErrorDegrees", result.finalMatch?.normalErrorDegrees)
      add(&line, "offsetError", result.finalMatch?.offsetError)
      add(&line, "intersectionOverUnion", result.finalMatch?.intersectionOverUnion)
      add(&line, "seenIntersectionOverUnion", result.seenIntersectionOverUnion)
      if let detected = result.finalClassification {
        line.add("detectedClassification", detected)
        line.add("classificationCorrect", detected == result.plane.classification)
      } else {
        line.addNull("detectedClassification")
        line.addNull("classificationCorrect")
      }
      perPlane.add(result.plane.name, line)
    }
    root.add("planes", perPlane)
    var verdicts = JSONLine()
    for check in targets.checks(self) {
      var line = JSONLine()
      if let passed = check.passed { line.add("passed", passed) } else { line.addNull("passed") }
      line.add("detail", check.detail)
      verdicts.add(check.name, line)
    }
    root.add("targets", verdicts)
    return root
  }
}
