/// What held at each frame of a synthetic sequence, kept while rendering and
/// turned into the time ranges of annotations.json at the end.
struct FrameRecordBook {
  private var times: [Double] = []
  private var flags: [ScenarioCondition: [Bool]] = [:]
  private var visible: [[Bool]]

  init(referenceCount: Int) {
    visible = Array(repeating: [], count: referenceCount)
  }

  mutating func append(
    time: Double, covered: Bool, tooDark: Bool, excessiveMotion: Bool,
    insufficientFeatures: Bool, referencesVisible: [Bool]
  ) {
    times.append(time)
    flags[.interruption, default: []].append(covered)
    flags[.tooDark, default: []].append(tooDark)
    flags[.excessiveMotion, default: []].append(excessiveMotion)
    flags[.insufficientFeatures, default: []].append(insufficientFeatures)
    for index in visible.indices {
      visible[index].append(index < referencesVisible.count && referencesVisible[index])
    }
  }

  func ranges(of condition: ScenarioCondition) -> [TimeRange] {
    TimeRange.runs(flags[condition] ?? [], times: times)
  }

  /// Every condition's ranges, sorted by start, then by condition name.
  var conditions: [SyntheticAnnotations.Condition] {
    ScenarioCondition.allCases
      .flatMap { condition in
        ranges(of: condition).map {
          SyntheticAnnotations.Condition(condition: condition, range: $0)
        }
      }
      .sorted {
        ($0.range.from, $0.condition.rawValue) < ($1.range.from, $1.condition.rawValue)
      }
  }

  func visibleRanges(ofReference index: Int) -> [TimeRange] {
    TimeRange.runs(visible[index], times: times)
  }
}
