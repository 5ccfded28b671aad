import ARScene
import Foundation

/// A replay as one self-contained HTML page (`arscene report`, `replay
/// --report`): inline SVG and CSS, nothing fetched, opens from disk, with the
/// thumbnails as small JPEGs beside it. Deterministic for a replay without
/// timings: the same replay gives the same bytes.
package struct ReplayReport {
  /// One line of the page's header: what and how.
  package typealias HeaderItem = (name: String, value: String)

  package let recorder: ReplayRecorder
  package let sequence: any DatasetSequence
  package let summary: ReplaySummary
  package let header: [HeaderItem]

  package init(
    recorder: ReplayRecorder, sequence: any DatasetSequence, summary: ReplaySummary,
    header: [HeaderItem]
  ) {
    self.recorder = recorder
    self.sequence = sequence
    self.summary = summary
    self.header = header
  }

  /// Writes `index.html` and the thumbnails into `directory` (made if
  /// missing). Returns the page's size plus the images', in bytes.
  @discardableResult
  package func write(to directory: URL) throws(DatasetError) -> Int {
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    } catch {
      throw DatasetError(
        file: directory.path, code: .ioError, "cannot create the report folder: \(error)")
    }
    var bytes = 0
    var thumbnails: [String] = []
    for thumbnail in recorder.thumbnails {
      let name = String(format: "frame-%05d.jpg", thumbnail.position)
      let records = sequence.frames
      guard thumbnail.position < records.count else { continue }
      let image = try sequence.loadFrame(records[thumbnail.position]).capturedImage
      let url = directory.appendingPathComponent(name)
      do { try image.write(to: url) } catch {
        throw DatasetError(
          file: url.path, code: .ioError, "cannot write the thumbnail: \(error.message)")
      }
      bytes += (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
      thumbnails.append(thumbnailHTML(thumbnail, file: name))
    }
    let meshPictures = try writeMeshPictures(to: directory)
    bytes += meshPictures.bytes
    let html = page(thumbnails: thumbnails, meshPictures: meshPictures.written)
    let url = directory.appendingPathComponent("index.html")
    do { try OutputFile.write(Data(html.utf8), to: url.path) } catch {
      throw DatasetError(
        file: url.path, code: .ioError, "cannot write the report: \(error.problem)")
    }
    return bytes + html.utf8.count
  }

  // MARK: - The page

  private static let stateColors = (normal: "#2e9d4f", limited: "#e69b22", none: "#9aa0a6")
  private static let classColors: [PlaneAnchor.Classification: String] = [
    .floor: "#4c78a8", .wall: "#9c755f", .ceiling: "#b279a2", .table: "#f58518", .seat: "#54a24b",
    PlaneAnchor.Classification.none: "#888888",
  ]

  private static func stateColor(_ state: Camera.TrackingState) -> String {
    switch state {
    case .normal: stateColors.normal
    case .limited: stateColors.limited
    case .notAvailable: stateColors.none
    }
  }

  private func page(thumbnails: [String], meshPictures: [WrittenMeshPicture]) -> String {
    let e = SVGChart.escaped
    var html = """
      <!DOCTYPE html>
      <html lang="en"><head><meta charset="utf-8">
      <title>ARScene replay: \(e(sequence.description.name))</title>
      <style>
      body{font-family:system-ui,sans-serif;margin:24px;color:#222;max-width:1400px}
      h1{font-size:22px}h2{font-size:18px;margin-top:28px;border-bottom:1px solid #ddd}
      table{border-collapse:collapse}td,th{padding:2px 10px;text-align:left;vertical-align:top}
      th{font-weight:600}.note{color:#666;font-style:italic}
      .row{display:flex;flex-wrap:wrap;gap:16px}.plot{background:#fff}
      .grid{stroke:#eee}.frame{fill:none;stroke:#999}.tick{font-size:10px;fill:#555}
      .axis{font-size:11px;fill:#333}.label{font-size:10px;fill:#222}
      .thumb{position:relative;display:inline-block}.thumb img{width:320px;display:block}
      .thumb svg{position:absolute;left:0;top:0;width:320px}
      .legend span{display:inline-block;margin-right:14px}.swatch{display:inline-block;width:10px;height:10px;margin-right:4px}
      code{font-size:12px}
      </style></head><body>
      <h1>ARScene replay: \(e(sequence.description.name))</h1>
      <table>
      """
    for item in header {
      html += "<tr><th>\(e(item.name))</th><td><code>\(e(item.value))</code></td></tr>\n"
    }
    html += "</table>\n"
    let timed = recorder.frames.contains { !$0.timings.isEmpty }
    html +=
      "<h2>In short</h2>\n<pre>\(e(summary.readableText(includingTimes: timed)))</pre>\n"
    // The estimate aligned onto the ground truth, as the ATE is computed;
    // nil without ground truth.
    let evaluation: TrajectoryEvaluation? =
      sequence.groundTruth.isEmpty || recorder.poses.count < 3
      ? nil
      : try? TrajectoryEvaluation(
        estimate: recorder.poses, groundTruth: sequence.groundTruth,
        frameTimestamps: sequence.frames.map(\.timestamp))
    html += trajectorySection(evaluation)
    html += timelineSection()
    html += planeSection(evaluation)
    html += meshSection(meshPictures)
    html += latencySection()
    html += "<h2>Frames</h2>\n"
    html +=
      recorder.frames.isEmpty
      ? "<p class=\"note\">No frame was processed.</p>\n"
      : "<p>Planes (by class), reference images (outlined) and placed objects (dots) drawn over a few frames.</p>\n<div class=\"row\">\(thumbnails.joined())</div>\n"
    html += "</body></html>\n"
    return html
  }

  func legend(_ items: [(String, String)]) -> String {
    "<p class=\"legend\">"
      + items.map {
        "<span><i class=\"swatch\" style=\"background:\($0.1)\"></i>\(SVGChart.escaped($0.0))</span>"
      }.joined() + "</p>\n"
  }

  // MARK: Trajectory

  /// The camera's path from above and from the side; against the ground
  /// truth (the estimate aligned onto it, as the ATE is computed) when the
  /// sequence has one.
  private func trajectorySection(_ evaluation: TrajectoryEvaluation?) -> String {
    var html = "<h2>Camera path</h2>\n"
    let groundTruth = sequence.groundTruth
    let states = Dictionary(
      recorder.frames.map { (($0.time * 1e6).rounded(), $0.trackingState) },
      uniquingKeysWith: { a, _ in a })
    let firstTimestamp = sequence.frames.first?.timestamp ?? 0
    func state(at timestamp: Double) -> Camera.TrackingState {
      states[((timestamp - firstTimestamp) * 1e6).rounded()] ?? .normal
    }
    var estimate: [(SIMD3<Double>, String)]
    var reference: [SIMD3<Double>] = []
    var axes: [(index: Int, name: String, sign: Double)]
    if let evaluation {
      estimate = recorder.poses.map {
        (evaluation.alignment.apply($0.translation), Self.stateColor(state(at: $0.timestamp)))
      }
      reference = groundTruth.map(\.translation)
      axes = Self.axesBySpread(reference)
      html += String(
        format:
          "<p>Against the ground truth: ATE %.2f cm RMSE (mean %.2f, max %.2f) over %d poses, RPE %.2f cm / %.2f° per %.0f s; %.1f%% of frames tracked.</p>\n",
        evaluation.ate.rmse * 100, evaluation.ate.mean * 100, evaluation.ate.max * 100,
        evaluation.associatedPoses, evaluation.rpeTranslation.rmse * 100,
        evaluation.rpeRotationDegrees.rmse, evaluation.rpeInterval, evaluation.trackedFraction * 100
      )
    } else {
      // The engine's world: +Y up, the first camera looking along -Z.
      estimate = recorder.frames.map {
        (
          SIMD3(Double($0.position.x), Double($0.position.y), Double($0.position.z)),
          Self.stateColor($0.trackingState)
        )
      }
      axes = [(0, "x (m)", 1), (2, "-z (m)", -1), (1, "y, up (m)", 1)]
      html +=
        "<p class=\"note\">"
        + (groundTruth.isEmpty
          ? "This sequence has no ground truth: the path is shown in the engine's world (+Y up)."
          : "Too few measured poses to compare with the ground truth.") + "</p>\n"
    }
    html += legend(
      [
        ("normal", Self.stateColors.normal), ("limited", Self.stateColors.limited),
        ("not available", Self.stateColors.none),
      ]
        + (reference.isEmpty ? [] : [("ground truth", "#555555")]))
    html += "<div class=\"row\">"
    for (title, second) in [("from above", 1), ("from the side", 2)] {
      let a = axes[0]
      let b = axes[second]
      let points = estimate.map { (a.sign * $0.0[a.index], b.sign * $0.0[b.index]) }
      let truth = reference.map { (a.sign * $0[a.index], b.sign * $0[b.index]) }
      let all = points + truth
      guard let xs = all.map(\.0).minMax, let ys = all.map(\.1).minMax else {
        html += "<p class=\"note\">No camera positions.</p>"
        continue
      }
      var chart = SVGChart(width: 520, height: 420, x: xs, y: ys, equalScale: true)
      chart.axes(x: a.name, y: b.name)
      chart.polyline(truth, color: "#555555", width: 1)
      // Consecutive positions of one state as one line.
      var start = 0
      while start < points.count {
        var end = start
        while end + 1 < points.count, estimate[end + 1].1 == estimate[start].1 { end += 1 }
        chart.polyline(
          Array(points[max(start - 1, 0)...end]), color: estimate[start].1, width: 2)
        start = end + 1
      }
      html += chart.svg(title: "Camera path \(title)")
    }
    html += "</div>\n"
    html += errorSection(evaluation)
    return html
  }

  /// Axes of the ground truth's world, widest spread first (its convention
  /// varies between datasets), so that "from above" shows the two widest.
  private static func axesBySpread(_ points: [SIMD3<Double>]) -> [(
    index: Int, name: String, sign: Double
  )] {
    let names = ["x", "y", "z"]
    let spreads = (0..<3).map { axis -> Double in
      let values = points.map { $0[axis] }
      guard let range = values.minMax else { return 0 }
      return range.upperBound - range.lowerBound
    }
    return (0..<3).sorted { spreads[$0] > spreads[$1] || (spreads[$0] == spreads[$1] && $0 < $1) }
      .map { ($0, "ground truth \(names[$0]) (m)", 1) }
  }

  /// The translation error of each measured pose along time.
  private func errorSection(_ evaluation: TrajectoryEvaluation?) -> String {
    let html = "<h3>Translation error along time</h3>\n"
    guard let evaluation else {
      return html + "<p class=\"note\">No ground truth to measure the error against.</p>\n"
    }
    let pairs = TrajectoryAssociation(
      estimate: recorder.poses, groundTruth: sequence.groundTruth,
      maxTimeDifference: TrajectoryAssociation.defaultMaxTimeDifference)
    let first = sequence.frames.first?.timestamp ?? 0
    let errors = zip(pairs.estimate, pairs.groundTruth).map { estimate, truth -> (Double, Double) in
      let difference = evaluation.alignment.apply(estimate.translation) - truth.translation
      return (estimate.timestamp - first, (difference * difference).sum().squareRoot() * 100)
    }
    guard let xs = errors.map(\.0).minMax, let ys = (errors.map(\.1) + [0]).minMax else {
      return html + "<p class=\"note\">No pose could be paired with the ground truth.</p>\n"
    }
    var chart = SVGChart(width: 1060, height: 220, x: xs, y: ys)
    chart.axes(x: "session time (s)", y: "error (cm)")
    chart.polyline(errors, color: "#d62728", width: 1.5)
    return html + chart.svg(title: "Translation error along time")
  }

  // MARK: Timelines

  /// Tracking states and coaching messages on one time axis.
  private func timelineSection() -> String {
    var html = "<h2>Tracking and coaching</h2>\n"
    guard let last = recorder.frames.last else {
      return html + "<p class=\"note\">No frame was processed.</p>\n"
    }
    let end = max(last.time, recorder.coaching.last?.time ?? 0) + 1 / 30
    var chart = SVGChart(width: 1060, height: 170, x: 0...end, y: 0...2)
    chart.axes(x: "session time (s)", y: "")
    let frames = recorder.frames
    for (k, frame) in frames.enumerated() {
      let next = k + 1 < frames.count ? frames[k + 1].time : end
      chart.rect(
        x: frame.time...next, y: 1.15...1.85, fill: Self.stateColor(frame.trackingState),
        title: "\(String(format: "%.2f", frame.time)) s: \(frame.trackingState)")
    }
    chart.label("tracking", at: (0, 1.9), anchor: "start")
    let urgencyColors = ["passive": "#6baed6", "active": "#fd8d3c", "timeSensitive": "#e6550d"]
    for (k, change) in recorder.coaching.enumerated() where change.text != nil {
      let until = k + 1 < recorder.coaching.count ? recorder.coaching[k + 1].time : end
      chart.rect(
        x: change.time...until, y: 0.15...0.85,
        fill: urgencyColors[change.urgency ?? ""] ?? "#6baed6",
        title: "\(String(format: "%.2f", change.time)) s: \(change.text ?? "")")
    }
    chart.label("coaching", at: (0, 0.9), anchor: "start")
    html += chart.svg(title: "Tracking state and coaching along time")
    html += legend([
      ("normal", Self.stateColors.normal), ("limited", Self.stateColors.limited),
      ("not available", Self.stateColors.none), ("message: passive", "#6baed6"),
      ("active", "#fd8d3c"), ("time-sensitive", "#e6550d"),
    ])
    if recorder.coaching.isEmpty {
      html += "<p class=\"note\">The coaching said nothing.</p>\n"
    } else {
      html += "<table><tr><th>time</th><th>message</th><th>urgency</th></tr>\n"
      for change in recorder.coaching {
        html +=
          String(format: "<tr><td>%.2f s</td>", change.time)
          + "<td>\(SVGChart.escaped(change.text ?? "(cleared)"))</td><td>\(change.urgency ?? "")</td></tr>\n"
      }
      html += "</table>\n"
    }
    return html
  }

  // MARK: Planes

  /// The plane anchors at the end, from above, by class; image anchors and
  /// placed objects on them; for a synthetic sequence the annotated planes
  /// as dashed outlines, moved into the engine's world by the inverse of the
  /// trajectory's alignment.
  private func planeSection(_ evaluation: TrajectoryEvaluation?) -> String {
    var html = "<h2>Surfaces from above</h2>\n"
    let planes = recorder.finalPlanes
    guard !planes.isEmpty || !recorder.finalImages.isEmpty || !recorder.objects.isEmpty else {
      let why =
        summary.framesWithDepth == 0
        ? "the sequence has no depth, which plane detection needs"
        : summary.planeDetection.isEmpty ? "plane detection was off" : "no plane was found"
      return html + "<p class=\"note\">No surfaces: \(why).</p>\n"
    }
    let outlines = planes.map { plane in
      plane.boundary.map { corner -> (Double, Double) in
        let world = plane.transform.transformPoint(SIMD3(corner.x, 0, corner.y))
        return (Double(world.x), Double(-world.z))
      }
    }
    let images = recorder.finalImages.map { image -> (String, (Double, Double)) in
      let t = image.transform.translation
      return (image.referenceImage.name, (Double(t.x), Double(-t.z)))
    }
    let objects = recorder.objects.sorted { $0.key < $1.key }.map {
      ($0.value.name, (Double($0.value.position.x), Double(-$0.value.position.z)))
    }
    var annotated: [(String, [(Double, Double)])] = []
    if let evaluation, let truth = try? PlaneGroundTruth.read(sequenceFolder: sequence.url) {
      let alignment = evaluation.alignment
      let inverse = alignment.rotation.conjugate
      annotated = truth.planes.map { plane in
        (
          plane.name,
          plane.polygon.map { corner -> (Double, Double) in
            let gt = SIMD3(Double(corner.x), Double(corner.y), Double(corner.z))
            let engine = inverse.rotate(gt - alignment.translation) / alignment.scale
            return (engine.x, -engine.z)
          }
        )
      }
    }
    let all =
      outlines.flatMap { $0 } + images.map(\.1) + objects.map(\.1) + annotated.flatMap(\.1)
    guard let xs = all.map(\.0).minMax, let ys = all.map(\.1).minMax else { return html }
    var chart = SVGChart(width: 620, height: 520, x: xs, y: ys, equalScale: true)
    chart.axes(x: "x (m)", y: "-z (m)")
    // Large surfaces first, so that a table stays visible on the floor.
    let order = planes.indices.sorted {
      planes[$0].area > planes[$1].area || (planes[$0].area == planes[$1].area && $0 < $1)
    }
    for k in order {
      let plane = planes[k]
      let color = Self.classColors[plane.classification] ?? "#888888"
      chart.polygon(
        outlines[k], fill: color,
        title:
          "\(plane.classification.rawValue) \(plane.alignment.rawValue), \(String(format: "%.2f", plane.area)) m²"
      )
    }
    for k in order {
      let center = plane(planes[k])
      // Identifiers count up in their last digits.
      chart.label(String(planes[k].identifier.uuidString.suffix(4)), at: center)
    }
    for (name, outline) in annotated {
      chart.polygon(outline, fill: "#222222", title: "annotated \(name)", dashed: true)
    }
    for (name, at) in images { chart.dot(at, color: "#17becf", radius: 5, title: "image \(name)") }
    for (name, at) in objects {
      chart.dot(at, color: "#d62728", radius: 5, title: "object \(name)")
    }
    html += chart.svg(title: "Plane anchors from above")
    html += legend(
      PlaneAnchor.Classification.allCases.map { ($0.rawValue, Self.classColors[$0] ?? "#888888") }
        + [("reference image", "#17becf"), ("placed object", "#d62728")]
        + (annotated.isEmpty ? [] : [("annotated plane (dashed)", "#222222")]))
    return html
  }

  private func plane(_ anchor: PlaneAnchor) -> (Double, Double) {
    let world = anchor.transform.transformPoint(anchor.center)
    return (Double(world.x), Double(-world.z))
  }

  // MARK: Latency

  /// Each stage's times as a histogram with its p50 and p99, and the main
  /// path's total against the 16.7 ms budget of a 60 Hz frame.
  private func latencySection() -> String {
    var html = "<h2>Where the milliseconds went</h2>\n"
    var byStage: [String: [Double]] = [:]
    var order: [String] = []
    var totals: [Double] = []
    for frame in recorder.frames where !frame.timings.isEmpty {
      var total = 0.0
      for stage in frame.timings {
        if byStage[stage.name] == nil { order.append(stage.name) }
        byStage[stage.name, default: []].append(stage.milliseconds)
        // Decoding and the workers run beside the main path.
        if stage.name != "decode", !stage.name.hasSuffix("Worker") { total += stage.milliseconds }
      }
      totals.append(total)
    }
    guard !totals.isEmpty else {
      return html
        + "<p class=\"note\">No timings: the replay ran with --no-timings (which keeps the report byte-identical).</p>\n"
    }
    html += "<p>Main path per frame (every stage but decoding and the worker threads' own):</p>\n"
    html += histogram("main path", totals, width: 1060, budget: true)
    html += "<div class=\"row\">"
    for name in order { html += histogram(name, byStage[name] ?? [], width: 340, budget: false) }
    html += "</div>\n"
    return html
  }

  private func histogram(_ name: String, _ values: [Double], width: Double, budget: Bool) -> String
  {
    let sorted = values.sorted()
    guard let maximum = sorted.last else { return "" }
    // Nearest rank, as the benchmark's percentiles.
    func percentile(_ p: Double) -> Double {
      let rank = Int((p * Double(sorted.count)).rounded(.up))
      return sorted[min(max(rank - 1, 0), sorted.count - 1)]
    }
    let top = max(maximum, budget ? 18 : 0, 0.01)
    let bins = 30
    var counts = [Int](repeating: 0, count: bins)
    for value in sorted { counts[min(Int(value / top * Double(bins)), bins - 1)] += 1 }
    var chart = SVGChart(
      width: width, height: 180, x: 0...top, y: 0...Double(counts.max() ?? 1))
    chart.axes(x: "\(name) (ms)", y: "frames")
    for (k, count) in counts.enumerated() where count > 0 {
      chart.rect(
        x: (Double(k) * top / Double(bins))...(Double(k + 1) * top / Double(bins)),
        y: 0...Double(count), fill: "#4c78a8", title: "\(count) frames")
    }
    chart.marker(
      x: percentile(0.5), color: "#2e9d4f", caption: String(format: "p50 %.2f", percentile(0.5)))
    chart.marker(
      x: percentile(0.99), color: "#e69b22", caption: String(format: "p99 %.2f", percentile(0.99)),
      row: 1)
    if budget { chart.marker(x: 1000.0 / 60, color: "#d62728", caption: "16.7 ms budget", row: 2) }
    return chart.svg(
      title: "\(name): "
        + String(
          format: "p50 %.2f ms, p99 %.2f ms, max %.2f ms", percentile(0.5), percentile(0.99),
          maximum))
  }

  // MARK: Thumbnails

  private func thumbnailHTML(_ thumbnail: ReplayRecorder.Thumbnail, file: String) -> String {
    let camera = thumbnail.camera
    let k = camera.intrinsics
    let cameraFromWorld = camera.transform.rigidInverse
    func project(_ world: SIMD3<Float>) -> (Double, Double)? {
      let p = cameraFromWorld.transformPoint(world)
      guard -p.z > 0.05 else { return nil }
      return (k.fx * Double(p.x / -p.z) + k.cx, k.cy - k.fy * Double(p.y / -p.z))
    }
    func points(_ corners: [SIMD3<Float>]) -> String? {
      let projected = corners.compactMap(project)
      guard projected.count == corners.count else { return nil }
      return projected.map { "\(SVGChart.number($0.0)),\(SVGChart.number($0.1))" }.joined(
        separator: " ")
    }
    var overlay = ""
    for plane in thumbnail.planes {
      let corners = plane.boundary.map { plane.transform.transformPoint(SIMD3($0.x, 0, $0.y)) }
      guard let list = points(corners) else { continue }
      let color = Self.classColors[plane.classification] ?? "#888888"
      overlay +=
        "<polygon points=\"\(list)\" fill=\"\(color)\" fill-opacity=\"0.35\" stroke=\"\(color)\" stroke-width=\"3\"/>"
    }
    for image in thumbnail.images {
      let half = image.referenceImage.physicalSize / 2
      let corners = [(-1, -1), (1, -1), (1, 1), (-1, 1)].map {
        image.transform.transformPoint(SIMD3(Float($0.0) * half.x, 0, Float($0.1) * half.y))
      }
      guard let list = points(corners) else { continue }
      overlay += "<polygon points=\"\(list)\" fill=\"none\" stroke=\"#17becf\" stroke-width=\"4\"/>"
    }
    // In a fixed order: a dictionary's order changes from run to run.
    for object in recorder.objects.sorted(by: { $0.key < $1.key }).map(\.value)
    where object.placedAt <= thumbnail.time {
      guard let at = project(object.position) else { continue }
      overlay +=
        "<circle cx=\"\(SVGChart.number(at.0))\" cy=\"\(SVGChart.number(at.1))\" r=\"10\" fill=\"#d62728\"/>"
    }
    return "<figure class=\"thumb\"><img src=\"\(file)\" alt=\"frame \(thumbnail.position)\">"
      + "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(k.width) \(k.height)\" role=\"img\"><title>frame \(thumbnail.position)</title>\(overlay)</svg>"
      + "<figcaption>frame \(thumbnail.position), "
      + String(format: "%.2f s", thumbnail.time) + ", \(camera.trackingState)</figcaption></figure>"
  }
}

extension Array where Element == Double {
  /// The smallest and largest finite values, nil when there are none.
  fileprivate var minMax: ClosedRange<Double>? {
    let finite = filter(\.isFinite)
    guard let low = finite.min(), let high = finite.max() else { return nil }
    return low...high
  }
}
