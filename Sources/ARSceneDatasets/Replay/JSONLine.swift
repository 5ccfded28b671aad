import Foundation

/// One JSON object written with its keys in insertion order and every float
/// at a fixed precision, so the same values always give the same bytes (which
/// `JSONSerialization` does not promise).
package struct JSONLine: Sendable {
  private var fields: [(String, String)] = []

  package init() {}

  package var text: String {
    "{" + fields.map { "\(Self.quoted($0.0)):\($0.1)" }.joined(separator: ",") + "}"
  }

  package mutating func add(_ key: String, _ value: String) {
    fields.append((key, Self.quoted(value)))
  }
  package mutating func add(_ key: String, _ value: Int) { fields.append((key, String(value))) }
  package mutating func add(_ key: String, _ value: Bool) {
    fields.append((key, value ? "true" : "false"))
  }
  package mutating func add(_ key: String, _ value: JSONLine) { fields.append((key, value.text)) }
  package mutating func addNull(_ key: String) { fields.append((key, "null")) }

  /// A float with `decimals` digits after the point; NaN and infinities become null.
  package mutating func add(_ key: String, _ value: Double, decimals: Int = 6) {
    fields.append((key, Self.number(value, decimals: decimals)))
  }

  package mutating func add(_ key: String, _ values: [Double], decimals: Int = 6) {
    fields.append(
      (key, "[" + values.map { Self.number($0, decimals: decimals) }.joined(separator: ",") + "]"))
  }

  /// An array of arrays of floats, such as a polygon's [[x, z], ...].
  package mutating func add(_ key: String, _ rows: [[Double]], decimals: Int = 6) {
    let text = rows.map {
      "[" + $0.map { Self.number($0, decimals: decimals) }.joined(separator: ",") + "]"
    }
    fields.append((key, "[" + text.joined(separator: ",") + "]"))
  }

  /// An array of objects.
  package mutating func add(_ key: String, _ objects: [JSONLine]) {
    fields.append((key, "[" + objects.map(\.text).joined(separator: ",") + "]"))
  }

  /// An array of unsigned integers, such as point identifiers.
  package mutating func add(_ key: String, _ values: [UInt64]) {
    fields.append((key, "[" + values.map(String.init).joined(separator: ",") + "]"))
  }

  package mutating func add(_ key: String, _ values: [String]) {
    fields.append((key, "[" + values.map(Self.quoted).joined(separator: ",") + "]"))
  }

  static func number(_ value: Double, decimals: Int) -> String {
    guard value.isFinite else { return "null" }
    let text = String(format: "%.\(decimals)f", value)
    // "-0.000" and "0.000" are the same number; print one of them.
    return text.hasPrefix("-") && text.dropFirst().allSatisfy { $0 == "0" || $0 == "." }
      ? String(text.dropFirst()) : text
  }

  /// A JSON string literal: quotes, backslashes and control characters escaped.
  static func quoted(_ string: String) -> String {
    var out = "\""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }
}
