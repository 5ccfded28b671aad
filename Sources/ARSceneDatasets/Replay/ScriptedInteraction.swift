import ARScene
import Foundation

/// A touch a replay performs at a set session time, as `arscene replay
/// --tap/--drag/--rotate` write them: comma-separated `key=value` fields.
///
/// - tap: `t=1.5,x=0.5,y=0.7,object=chair,on=floor` places an object named
///   `object` where the image point (x, y) (normalised, 0...1 from the
///   top-left) meets a surface; `on` is a class (floor, table, seat,
///   ceiling, wall), an alignment (horizontal, vertical) or `any` (the
///   default).
/// - drag: `t=2.5,object=chair,x=0.6,y=0.7` moves the latest object of that
///   name along its surface to where (x, y) meets it.
/// - rotate: `t=3,object=chair,degrees=45` turns it about its surface's
///   normal, counter-clockwise seen from above.
///
/// Each happens on the first frame at or after `t` (seconds since the first
/// frame).
public struct ScriptedInteraction: Equatable, Sendable {
  public enum Action: Equatable, Sendable {
    case tap(point: SIMD2<Float>, constraint: PlacementConstraint)
    case drag(point: SIMD2<Float>)
    case rotate(radians: Float)
  }

  public var time: Double
  /// The object's name: the one to place, or the latest placed one to move.
  public var object: String
  public var action: Action

  public init(time: Double, object: String, action: Action) {
    self.time = time
    self.object = object
    self.action = action
  }

  /// Parses `--tap` text; the error names the option and the bad field.
  public init(tap text: String) throws(DatasetError) {
    let fields = try Self.fields(text, option: "--tap", allowed: ["t", "x", "y", "object", "on"])
    let surface = fields["on"] ?? "any"
    guard let constraint = PlacementConstraint(surfaceName: surface) else {
      throw Self.error(
        "--tap", text,
        "on=\(surface) is not a surface; use one of \(PlacementConstraint.surfaceNames.joined(separator: ", "))"
      )
    }
    try self.init(
      time: Self.time(fields, "--tap", text), object: Self.name(fields, "--tap", text),
      action: .tap(point: Self.point(fields, "--tap", text), constraint: constraint))
  }

  /// Parses `--drag` text.
  public init(drag text: String) throws(DatasetError) {
    let fields = try Self.fields(text, option: "--drag", allowed: ["t", "x", "y", "object"])
    try self.init(
      time: Self.time(fields, "--drag", text), object: Self.name(fields, "--drag", text),
      action: .drag(point: Self.point(fields, "--drag", text)))
  }

  /// Parses `--rotate` text.
  public init(rotate text: String) throws(DatasetError) {
    let fields = try Self.fields(text, option: "--rotate", allowed: ["t", "object", "degrees"])
    let degrees = try Self.number(fields, "degrees", "--rotate", text)
    try self.init(
      time: Self.time(fields, "--rotate", text), object: Self.name(fields, "--rotate", text),
      action: .rotate(radians: Float(degrees * .pi / 180)))
  }

  /// The most scripted touches one command line takes: parsing repeated
  /// options costs the argument parser time that grows with their square
  /// (2,000 took 1.9 s, 20,000 almost a minute), so more are refused
  /// before parsing.
  public static let maximumCount = 1000

  /// Checks a script: every drag and rotation must move an object that a
  /// tap places at or before its time. Otherwise it would do nothing, and a
  /// mistyped name would pass unnoticed.
  public static func checkMoves(_ script: [ScriptedInteraction]) throws(DatasetError) {
    for move in script {
      let option: String
      switch move.action {
      case .tap: continue
      case .drag: option = "--drag"
      case .rotate: option = "--rotate"
      }
      let placed = script.contains {
        if case .tap = $0.action { return $0.object == move.object && $0.time <= move.time }
        return false
      }
      guard !placed else { continue }
      let names = Set(
        script.compactMap { (step) -> String? in
          if case .tap = step.action { return step.object }
          return nil
        }
      ).sorted()
      throw DatasetError(
        "\(option) at \(move.time) s moves object=\(move.object), but no --tap places an object"
          + " of that name by then"
          + (names.isEmpty ? "" : " (--tap places: \(names.joined(separator: ", ")))"))
    }
  }

  // MARK: - Parsing

  private static func error(_ option: String, _ text: String, _ problem: String) -> DatasetError {
    DatasetError("\(option) \"\(text)\": \(problem)")
  }

  private static func fields(_ text: String, option: String, allowed: [String])
    throws(DatasetError) -> [String: String]
  {
    var fields: [String: String] = [:]
    for part in text.split(separator: ",", omittingEmptySubsequences: false) {
      let pair = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let key = pair[0].trimmingCharacters(in: .whitespaces)
      guard pair.count == 2, !key.isEmpty else {
        throw error(option, text, "field \"\(part)\" is not key=value")
      }
      guard allowed.contains(key) else {
        throw error(
          option, text,
          "unknown field \"\(key)\"; the fields are \(allowed.joined(separator: ", "))")
      }
      guard fields[key] == nil else { throw error(option, text, "field \(key) is given twice") }
      fields[key] = pair[1].trimmingCharacters(in: .whitespaces)
    }
    return fields
  }

  private static func number(
    _ fields: [String: String], _ key: String, _ option: String, _ text: String
  ) throws(DatasetError) -> Double {
    guard let value = fields[key] else { throw error(option, text, "field \(key) is missing") }
    guard let number = Double(value), number.isFinite else {
      throw error(option, text, "\(key)=\(value) is not a finite number")
    }
    return number
  }

  private static func time(_ fields: [String: String], _ option: String, _ text: String)
    throws(DatasetError) -> Double
  {
    let t = try number(fields, "t", option, text)
    guard t >= 0 else { throw error(option, text, "t=\(t) must be >= 0 seconds") }
    return t
  }

  private static func point(_ fields: [String: String], _ option: String, _ text: String)
    throws(DatasetError) -> SIMD2<Float>
  {
    var point = SIMD2<Float>()
    for (index, key) in ["x", "y"].enumerated() {
      let value = try number(fields, key, option, text)
      guard (0...1).contains(value) else {
        throw error(option, text, "\(key)=\(value) must be in 0...1 (normalised image coordinates)")
      }
      point[index] = Float(value)
    }
    return point
  }

  private static func name(_ fields: [String: String], _ option: String, _ text: String)
    throws(DatasetError) -> String
  {
    guard let name = fields["object"] else { throw error(option, text, "field object is missing") }
    guard !name.isEmpty else { throw error(option, text, "object= needs a name") }
    return name
  }
}
