/// A raster over a ground-truth plane's polygon (in ``PlaneCoordinates``) that
/// remembers which of its cells have been in view, for the share of a plane
/// seen so far and the overlap of an anchor with that share. A cell counts
/// when its centre is inside a polygon.
struct PlaneCoverageGrid {
  let cellSize: Double
  let origin: SIMD2<Double>
  let columns: Int
  let rows: Int
  /// Cells whose centre lies on the plane's polygon.
  private(set) var onPlane: [Bool]
  private(set) var seen: [Bool]

  init(polygon: [SIMD2<Double>], cellSize: Double) {
    self.cellSize = cellSize
    let low = polygon.reduce(SIMD2(repeating: Double.infinity)) { pointwiseMin($0, $1) }
    let high = polygon.reduce(SIMD2(repeating: -Double.infinity)) { pointwiseMax($0, $1) }
    origin = low
    columns = max(1, Int(((high.x - low.x) / cellSize).rounded(.up)))
    rows = max(1, Int(((high.y - low.y) / cellSize).rounded(.up)))
    onPlane = Array(repeating: false, count: columns * rows)
    seen = onPlane
    onPlane = mask(of: polygon)
  }

  var planeCellCount: Int { onPlane.filter { $0 }.count }

  /// Share of the plane's cells seen, 0...1.
  var seenFraction: Double {
    let total = planeCellCount
    guard total > 0 else { return 0 }
    return Double(zip(seen, onPlane).filter { $0 && $1 }.count) / Double(total)
  }

  /// Square metres of the plane seen.
  var seenArea: Double {
    Double(zip(seen, onPlane).filter { $0 && $1 }.count) * cellSize * cellSize
  }

  /// Marks the cells inside `polygon` (on the plane) as seen.
  mutating func markSeen(_ polygon: [SIMD2<Double>]) {
    var seen = self.seen
    visitCells(inside: polygon) { index in if onPlane[index] { seen[index] = true } }
    self.seen = seen
  }

  /// Intersection over union of `polygon` with the seen part of the plane:
  /// the intersection by raster, the polygon's own area exactly.
  func intersectionOverUnionWithSeen(_ polygon: [SIMD2<Double>]) -> Double {
    var both = 0
    visitCells(inside: polygon) { index in if seen[index] && onPlane[index] { both += 1 } }
    let cell = cellSize * cellSize
    let intersection = Double(both) * cell
    let union = seenArea + PlanePolygon.area(polygon) - intersection
    return union > 0 ? intersection / union : 0
  }

  private func mask(of polygon: [SIMD2<Double>]) -> [Bool] {
    var result = Array(repeating: false, count: columns * rows)
    visitCells(inside: polygon) { result[$0] = true }
    return result
  }

  /// Calls `body` with the index of every cell whose centre is inside
  /// `polygon` (even-odd rule, any simple polygon), filling each row between
  /// the edges' crossings; only the rows the polygon spans are visited.
  private func visitCells(inside polygon: [SIMD2<Double>], _ body: (Int) -> Void) {
    guard polygon.count >= 3 else { return }
    let low = polygon.map(\.y).min()!
    let high = polygon.map(\.y).max()!
    let firstRow = max(0, Int(((low - origin.y) / cellSize - 0.5).rounded(.down)))
    let lastRow = min(rows - 1, Int(((high - origin.y) / cellSize - 0.5).rounded(.up)))
    guard firstRow <= lastRow else { return }
    var crossings: [Double] = []
    for row in firstRow...lastRow {
      let y = origin.y + (Double(row) + 0.5) * cellSize
      crossings.removeAll(keepingCapacity: true)
      var j = polygon.count - 1
      for i in polygon.indices {
        let a = polygon[i]
        let b = polygon[j]
        if (a.y > y) != (b.y > y) { crossings.append(a.x + (y - a.y) / (b.y - a.y) * (b.x - a.x)) }
        j = i
      }
      crossings.sort()
      var k = 0
      while k + 1 < crossings.count {
        // Columns whose centre origin.x + (c + 0.5) cellSize lies in [from, to).
        let first = max(0, Int(((crossings[k] - origin.x) / cellSize - 0.5).rounded(.up)))
        let last = min(
          columns - 1, Int(((crossings[k + 1] - origin.x) / cellSize - 0.5).rounded(.up)) - 1)
        if first <= last {
          for column in first...last { body(row * columns + column) }
        }
        k += 2
      }
    }
  }
}
