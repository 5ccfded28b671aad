/// A JSON value written one way only: keys sorted, two-space indentation,
/// arrays of plain values on one line, numbers in Swift's shortest
/// round-trip form. The same description therefore always gives the same
/// bytes, which keeps generated sequences diffable and replays reproducible.
indirect enum CanonicalJSON {
  case object([String: CanonicalJSON])
  case array([CanonicalJSON])
  case string(String)
  /// Already in JSON number syntax (finite).
  case number(String)

  static func number(_ value: Double) -> CanonicalJSON { .number("\(value)") }
  static func number(_ value: Float) -> CanonicalJSON { .number("\(value)") }
  static func number(_ value: Int) -> CanonicalJSON { .number("\(value)") }

  /// The text, ending in a newline.
  var text: String {
    var out = ""
    write(to: &out, indent: "")
    out += "\n"
    return out
  }

  private var isContainer: Bool {
    switch self {
    case .object, .array: true
    case .string, .number: false
    }
  }

  private func write(to out: inout String, indent: String) {
    switch self {
    case .string(let value):
      Self.writeString(value, to: &out)
    case .number(let value):
      out += value
    case .array(let items) where !items.contains(where: \.isContainer):
      out += "["
      for (i, item) in items.enumerated() {
        if i > 0 { out += ", " }
        item.write(to: &out, indent: indent)
      }
      out += "]"
    case .array(let items):
      let inner = indent + "  "
      out += "[\n"
      for (i, item) in items.enumerated() {
        out += inner
        item.write(to: &out, indent: inner)
        out += i + 1 < items.count ? ",\n" : "\n"
      }
      out += indent + "]"
    case .object(let members):
      let inner = indent + "  "
      let keys = members.keys.sorted()
      out += "{\n"
      for (i, key) in keys.enumerated() {
        out += inner
        Self.writeString(key, to: &out)
        out += ": "
        members[key]?.write(to: &out, indent: inner)
        out += i + 1 < keys.count ? ",\n" : "\n"
      }
      out += indent + "}"
    }
  }

  private static func writeString(_ value: String, to out: inout String) {
    out += JSONLine.quoted(value)
  }
}
