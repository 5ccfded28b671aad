import Foundation

/// A chart drawn as inline SVG: data coordinates mapped into a plot area
/// with axes, ticks and labels. Written by hand rather than by a plotting
/// library: the report is a Swift command's output, must open from disk with
/// nothing fetched, and must be byte-identical for the same replay; a few
/// hundred lines of SVG do that without a runtime dependency.
struct SVGChart {
  let width: Double
  let height: Double
  private(set) var xRange: ClosedRange<Double>
  private(set) var yRange: ClosedRange<Double>
  private let left = 56.0
  private let right = 12.0
  private let top = 12.0
  private let bottom = 36.0
  private var elements: [String] = []

  /// A chart of `width` x `height` pixels showing `xRange` x `yRange`
  /// (widened a little when empty). With `equalScale`, a metre is as long
  /// across as up, as a map must be: the shorter range grows about its
  /// middle.
  init(
    width: Double, height: Double, x: ClosedRange<Double>, y: ClosedRange<Double>,
    equalScale: Bool = false
  ) {
    self.width = width
    self.height = height
    var xRange = Self.widened(x)
    var yRange = Self.widened(y)
    if equalScale {
      let plotWidth = width - left - right
      let plotHeight = height - top - bottom
      let scale = max(
        (xRange.upperBound - xRange.lowerBound) / plotWidth,
        (yRange.upperBound - yRange.lowerBound) / plotHeight)
      let xMiddle = (xRange.lowerBound + xRange.upperBound) / 2
      let yMiddle = (yRange.lowerBound + yRange.upperBound) / 2
      xRange = (xMiddle - scale * plotWidth / 2)...(xMiddle + scale * plotWidth / 2)
      yRange = (yMiddle - scale * plotHeight / 2)...(yMiddle + scale * plotHeight / 2)
    }
    self.xRange = xRange
    self.yRange = yRange
  }

  private static func widened(_ range: ClosedRange<Double>) -> ClosedRange<Double> {
    let span = range.upperBound - range.lowerBound
    guard span.isFinite, span > 1e-9 else {
      let middle = range.lowerBound.isFinite ? range.lowerBound : 0
      return (middle - 0.5)...(middle + 0.5)
    }
    return (range.lowerBound - 0.04 * span)...(range.upperBound + 0.04 * span)
  }

  /// Pixel x of data x.
  func px(_ x: Double) -> Double {
    left + (x - xRange.lowerBound) / (xRange.upperBound - xRange.lowerBound)
      * (width - left - right)
  }

  /// Pixel y of data y (up is up).
  func py(_ y: Double) -> Double {
    height - bottom - (y - yRange.lowerBound) / (yRange.upperBound - yRange.lowerBound)
      * (height - top - bottom)
  }

  static func number(_ value: Double) -> String { String(format: "%.1f", value) }

  /// Text made safe for HTML and SVG.
  static func escaped(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
  }

  /// Round tick values covering `range`: steps of 1, 2 or 5 times a power
  /// of ten, about five of them.
  static func ticks(_ range: ClosedRange<Double>) -> [Double] {
    let span = range.upperBound - range.lowerBound
    let raw = span / 5
    let power = pow(10, (log10(raw)).rounded(.down))
    let step = [1.0, 2, 5, 10].map { $0 * power }.first { $0 >= raw } ?? raw
    var ticks: [Double] = []
    var value = (range.lowerBound / step).rounded(.up) * step
    while value <= range.upperBound + step * 1e-9, ticks.count < 20 {
      ticks.append(abs(value) < step * 1e-9 ? 0 : value)
      value += step
    }
    return ticks
  }

  private static func tickLabel(_ value: Double) -> String {
    String(format: "%g", (value * 1000).rounded() / 1000)
  }

  /// The frame, grid lines, tick labels and axis titles.
  mutating func axes(x xTitle: String, y yTitle: String) {
    let plotRight = width - right
    let plotBottom = height - bottom
    for tick in Self.ticks(xRange) {
      let x = Self.number(px(tick))
      elements.append(
        "<line x1=\"\(x)\" y1=\"\(Self.number(top))\" x2=\"\(x)\" y2=\"\(Self.number(plotBottom))\" class=\"grid\"/>"
      )
      elements.append(
        "<text x=\"\(x)\" y=\"\(Self.number(plotBottom + 14))\" class=\"tick\" text-anchor=\"middle\">\(Self.tickLabel(tick))</text>"
      )
    }
    for tick in Self.ticks(yRange) {
      let y = Self.number(py(tick))
      elements.append(
        "<line x1=\"\(Self.number(left))\" y1=\"\(y)\" x2=\"\(Self.number(plotRight))\" y2=\"\(y)\" class=\"grid\"/>"
      )
      elements.append(
        "<text x=\"\(Self.number(left - 4))\" y=\"\(y)\" class=\"tick\" text-anchor=\"end\" dominant-baseline=\"middle\">\(Self.tickLabel(tick))</text>"
      )
    }
    elements.append(
      "<rect x=\"\(Self.number(left))\" y=\"\(Self.number(top))\" width=\"\(Self.number(plotRight - left))\" height=\"\(Self.number(plotBottom - top))\" class=\"frame\"/>"
    )
    elements.append(
      "<text x=\"\(Self.number((left + plotRight) / 2))\" y=\"\(Self.number(height - 4))\" class=\"axis\" text-anchor=\"middle\">\(Self.escaped(xTitle))</text>"
    )
    elements.append(
      "<text x=\"12\" y=\"\(Self.number((top + plotBottom) / 2))\" class=\"axis\" text-anchor=\"middle\" transform=\"rotate(-90 12 \(Self.number((top + plotBottom) / 2)))\">\(Self.escaped(yTitle))</text>"
    )
  }

  /// A line through `points` (data coordinates).
  mutating func polyline(_ points: [(Double, Double)], color: String, width: Double = 1.5) {
    guard points.count >= 2 else { return }
    let coordinates = points.map { "\(Self.number(px($0.0))),\(Self.number(py($0.1)))" }
    elements.append(
      "<polyline points=\"\(coordinates.joined(separator: " "))\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"\(width)\"/>"
    )
  }

  /// A closed outline, filled; or, `dashed`, only its dashed outline.
  mutating func polygon(
    _ points: [(Double, Double)], fill: String, title: String? = nil, dashed: Bool = false
  ) {
    guard points.count >= 3 else { return }
    let coordinates = points.map { "\(Self.number(px($0.0))),\(Self.number(py($0.1)))" }
    let tooltip = title.map { "<title>\(Self.escaped($0))</title>" } ?? ""
    let paint =
      dashed
      ? "fill=\"none\" stroke=\"\(fill)\" stroke-dasharray=\"6,4\" stroke-width=\"1.2\""
      : "fill=\"\(fill)\" fill-opacity=\"0.45\" stroke=\"\(fill)\" stroke-width=\"1.5\""
    elements.append(
      "<polygon points=\"\(coordinates.joined(separator: " "))\" \(paint)>\(tooltip)</polygon>")
  }

  /// A filled rectangle between data x0...x1 and y0...y1.
  mutating func rect(
    x: ClosedRange<Double>, y: ClosedRange<Double>, fill: String, title: String? = nil
  ) {
    let tooltip = title.map { "<title>\(Self.escaped($0))</title>" } ?? ""
    elements.append(
      "<rect x=\"\(Self.number(px(x.lowerBound)))\" y=\"\(Self.number(py(y.upperBound)))\" width=\"\(Self.number(max(px(x.upperBound) - px(x.lowerBound), 0.5)))\" height=\"\(Self.number(py(y.lowerBound) - py(y.upperBound)))\" fill=\"\(fill)\">\(tooltip)</rect>"
    )
  }

  /// An image file (beside the page) stretched over data x and y, its
  /// pixels kept square-edged when enlarged.
  mutating func image(_ file: String, x: ClosedRange<Double>, y: ClosedRange<Double>) {
    elements.append(
      "<image href=\"\(Self.escaped(file))\" x=\"\(Self.number(px(x.lowerBound)))\" y=\"\(Self.number(py(y.upperBound)))\" width=\"\(Self.number(px(x.upperBound) - px(x.lowerBound)))\" height=\"\(Self.number(py(y.lowerBound) - py(y.upperBound)))\" preserveAspectRatio=\"none\" style=\"image-rendering:pixelated\"/>"
    )
  }

  /// A dot at a data point.
  mutating func dot(
    _ point: (Double, Double), color: String, radius: Double = 4, title: String? = nil
  ) {
    let tooltip = title.map { "<title>\(Self.escaped($0))</title>" } ?? ""
    elements.append(
      "<circle cx=\"\(Self.number(px(point.0)))\" cy=\"\(Self.number(py(point.1)))\" r=\"\(radius)\" fill=\"\(color)\">\(tooltip)</circle>"
    )
  }

  /// Text at a data point.
  mutating func label(_ text: String, at point: (Double, Double), anchor: String = "middle") {
    elements.append(
      "<text x=\"\(Self.number(px(point.0)))\" y=\"\(Self.number(py(point.1)))\" class=\"label\" text-anchor=\"\(anchor)\">\(Self.escaped(text))</text>"
    )
  }

  /// A vertical line at data x, dashed, with a caption on text row `row`
  /// (0 at the top), left of the line when it is in the right half.
  mutating func marker(x: Double, color: String, caption: String, row: Int = 0) {
    let position = Self.number(px(x))
    let onLeft = px(x) > (left + width - right) / 2
    elements.append(
      "<line x1=\"\(position)\" y1=\"\(Self.number(top))\" x2=\"\(position)\" y2=\"\(Self.number(height - bottom))\" stroke=\"\(color)\" stroke-dasharray=\"5,3\" stroke-width=\"1.5\"/>"
    )
    elements.append(
      "<text x=\"\(Self.number(px(x) + (onLeft ? -3 : 3)))\" y=\"\(Self.number(top + 12 + 12 * Double(row)))\" class=\"label\" fill=\"\(color)\" text-anchor=\"\(onLeft ? "end" : "start")\">\(Self.escaped(caption))</text>"
    )
  }

  /// The chart as an `<svg>` element with an accessible title.
  func svg(title: String) -> String {
    "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"plot\" viewBox=\"0 0 \(Self.number(width)) \(Self.number(height))\" width=\"\(Self.number(width))\" height=\"\(Self.number(height))\" role=\"img\"><title>\(Self.escaped(title))</title>"
      + elements.joined() + "</svg>"
  }
}
