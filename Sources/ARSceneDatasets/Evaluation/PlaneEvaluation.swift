import ARScene

/// How the plane anchors of a replay compare with the planes annotations.json
/// lists (see ``PlaneEvaluationTargets``): per ground-truth plane when it came into
/// view and how long the engine took to find it, how far the final anchor's
/// normal, offset and extent are from the truth, whether it is classified
/// right; plus anchors that match no plane and surfaces found more than once.
///
/// Everything is measured in the ground truth's world: anchors are carried
/// there by a ``PlaneWorldAlignment``; visibility comes from the ground-truth
/// poses alone.
public struct PlaneEvaluation: Sendable {
  public struct Configuration: Equatable, Sendable {
    public var criteria = PlaneMatchCriteria()
    /// A plane must be detected once it has been at least `minAreaInView` square
    /// metres in view on every frame for `minTimeInView` seconds.
    public var minAreaInView = 0.5
    public var minTimeInView = 1.0
    /// The depth range in which a plane counts as in view, metres (the
    /// core's plane defaults).
    public var nearDepth = 0.2
    public var farDepth = 6.0
    /// Cell side of the raster that records which parts of a plane were
    /// seen, metres.
    public var cellSize = 0.02
    /// A plane is fully seen when this share of it has been in view (0...1).
    public var fullySeenFraction = 0.95
    /// Ground-truth poses further apart than this are not interpolated across.
    public var maxPoseGap = 0.1

    public init() {}

    public var problem: String? {
      if let problem = criteria.problem { return problem }
      if !(minAreaInView > 0) { return "minAreaInView must be > 0, got \(minAreaInView)" }
      if !(minTimeInView >= 0) { return "minTimeInView must be >= 0, got \(minTimeInView)" }
      if !(nearDepth > 0 && farDepth > nearDepth) { return "need 0 < nearDepth < farDepth" }
      if !(cellSize > 0.001) { return "cellSize must be > 0.001 m, got \(cellSize)" }
      if !(fullySeenFraction > 0 && fullySeenFraction <= 1) {
        return "fullySeenFraction must be in (0, 1]"
      }
      if !(maxPoseGap > 0) { return "maxPoseGap must be > 0" }
      return nil
    }
  }

  /// One ground-truth plane's results.
  public struct PlaneResult: Sendable {
    public var plane: SyntheticAnnotations.Plane
    /// The first frame with any of the plane in view; nil if never.
    public var firstInView: Double?
    /// The most square metres in view on one frame.
    public var maxAreaInView: Double
    /// The start of the first stretch of frames with at least
    /// `minAreaInView` in view that lasts `minTimeInView`: the moment the
    /// detection delay is counted from. Nil if there is none, and then the
    /// plane is not required to be found.
    public var requiredFrom: Double?
    /// Share of the plane that was in view on some frame.
    public var seenFraction: Double
    /// The first frame on which an anchor matched the plane.
    public var firstDetected: Double?
    /// The anchors matching the plane on the last frame, the primary one
    /// (the largest overlap) first.
    public var finalAnchorIDs: [String]
    /// The primary final anchor against the plane.
    public var finalMatch: PlaneMatch?
    /// The primary final anchor's classification.
    public var finalClassification: String?
    /// Overlap over union of the primary final anchor with the part of the
    /// plane that was in view (raster of `cellSize`).
    public var seenIntersectionOverUnion: Double?

    public var isRequired: Bool { requiredFrom != nil }

    /// Seconds from `requiredFrom` to the first matching anchor; negative
    /// when it was found before it was fully in view.
    public var detectionDelay: Double? {
      guard let requiredFrom, let firstDetected else { return nil }
      return firstDetected - requiredFrom
    }
  }

  public var configuration: Configuration
  /// The scenario annotations.json names ("no-surface" must give no anchor).
  public var scenario: String
  public var frameCount: Int
  public var planes: [PlaneResult]
  /// Every anchor that existed on any frame.
  public var anchorCount: Int
  /// The anchors of the last frame.
  public var finalAnchorCount: Int
  /// Final anchors that match no ground-truth plane (unannotated surfaces,
  /// such as the box on the table, count here too).
  public var falseAnchorIDs: [String]
  public var alignment: PlaneWorldAlignment

  /// Final anchors beyond the first on each plane.
  public var duplicateCount: Int { planes.reduce(0) { $0 + max(0, $1.finalAnchorIDs.count - 1) } }

  /// Final matched anchors per plane found (1 is perfect); nil if none found.
  public var anchorsPerSurface: Double? {
    let found = planes.filter { !$0.finalAnchorIDs.isEmpty }
    guard !found.isEmpty else { return nil }
    return Double(found.reduce(0) { $0 + $1.finalAnchorIDs.count }) / Double(found.count)
  }

  /// Scores the anchors of a replay against the annotated planes.
  ///
  /// - Parameters:
  ///   - groundTruth: The annotated planes (annotations.json).
  ///   - groundTruthPoses: world_from_camera, OpenCV camera axes (as
  ///     ``DatasetSequence/groundTruth``), in the world of `groundTruth`.
  ///   - frameTimestamps: the replayed frames; visibility is evaluated on
  ///     each (a frame without a ground-truth pose counts as seeing nothing).
  ///   - intrinsics: the colour camera the poses belong to.
  ///   - history: the anchors of every replayed frame, in the engine's world.
  ///   - alignment: how the engine's world maps onto the ground truth's.
  ///   - configuration: the matching tolerances.
  public init(
    groundTruth: PlaneGroundTruth, groundTruthPoses: [TimedPose], frameTimestamps: [Double],
    intrinsics: CameraIntrinsics, history: PlaneAnchorHistory, alignment: PlaneWorldAlignment,
    configuration: Configuration = Configuration()
  ) {
    self.configuration = configuration
    self.alignment = alignment
    scenario = groundTruth.scenario
    frameCount = frameTimestamps.count
    let visibility = PlaneVisibility(
      intrinsics: intrinsics, nearDepth: configuration.nearDepth, farDepth: configuration.farDepth)
    let coordinates = groundTruth.planes.map(PlaneCoordinates.init)
    let poses = frameTimestamps.map {
      groundTruthPoses.pose(at: $0, maximumGap: configuration.maxPoseGap)
    }

    var results: [PlaneResult] = []
    var grids: [PlaneCoverageGrid] = []
    for (plane, frame) in zip(groundTruth.planes, coordinates) {
      let polygon = plane.polygon.map { frame.project(SIMD3<Double>($0)) }
      var grid = PlaneCoverageGrid(polygon: polygon, cellSize: configuration.cellSize)
      var areas: [Double] = []
      for pose in poses {
        guard let pose else {
          areas.append(0)
          continue
        }
        let inView = visibility.polygonInView(plane, worldFromCamera: pose).map(frame.project)
        areas.append(PlanePolygon.area(inView))
        if !inView.isEmpty { grid.markSeen(inView) }
      }
      results.append(
        PlaneResult(
          plane: plane, firstInView: zip(frameTimestamps, areas).first { $0.1 > 0 }?.0,
          maxAreaInView: areas.max() ?? 0,
          requiredFrom: Self.firstStretch(
            frameTimestamps, areas, minArea: configuration.minAreaInView,
            minDuration: configuration.minTimeInView),
          seenFraction: grid.seenFraction, firstDetected: nil, finalAnchorIDs: [], finalMatch: nil,
          finalClassification: nil, seenIntersectionOverUnion: nil))
      grids.append(grid)
    }

    let planes = groundTruth.planes
    func assignments(_ anchors: [PlaneAnchorRecord]) -> [(
      anchor: PlaneAnchorRecord, plane: Int?, match: PlaneMatch?
    )] {
      anchors.map { anchor in
        var best: (Int, PlaneMatch)?
        for index in planes.indices {
          let match = PlaneMatch(
            anchor: anchor, plane: planes[index], coordinates: coordinates[index],
            alignment: alignment)
          if configuration.criteria.accepts(match), match.overlapArea > best?.1.overlapArea ?? -1 {
            best = (index, match)
          }
        }
        return (anchor, best?.0, best?.1)
      }
    }

    for frame in history.frames {
      for assigned in assignments(frame.anchors) {
        if let plane = assigned.plane, results[plane].firstDetected == nil {
          results[plane].firstDetected = frame.time
        }
      }
    }
    var falseAnchors: [String] = []
    let final = assignments(history.finalAnchors).sorted {
      ($0.match?.overlapArea ?? 0) > ($1.match?.overlapArea ?? 0)
    }
    for assigned in final {
      guard let plane = assigned.plane, let match = assigned.match else {
        falseAnchors.append(assigned.anchor.id)
        continue
      }
      if results[plane].finalAnchorIDs.isEmpty {
        results[plane].finalMatch = match
        results[plane].finalClassification = assigned.anchor.classification
        results[plane].seenIntersectionOverUnion = grids[plane].intersectionOverUnionWithSeen(
          PlaneMatch.footprint(assigned.anchor, on: coordinates[plane], alignment: alignment))
      }
      results[plane].finalAnchorIDs.append(assigned.anchor.id)
    }
    self.planes = results
    anchorCount = history.anchorIDs.count
    finalAnchorCount = history.finalAnchors.count
    falseAnchorIDs = falseAnchors.sorted()
  }

  /// The first frame that starts a run of consecutive frames with at least
  /// `minArea` in view spanning `minDuration` seconds. A millisecond of slack
  /// lets 31 frames at 30 Hz span one second despite rounded timestamps.
  static func firstStretch(
    _ times: [Double], _ areas: [Double], minArea: Double, minDuration: Double
  )
    -> Double?
  {
    var start: Int?
    for index in times.indices {
      guard areas[index] >= minArea else {
        start = nil
        continue
      }
      let first = start ?? index
      start = first
      if times[index] - times[first] >= minDuration - 1e-3 { return times[first] }
    }
    return nil
  }
}
