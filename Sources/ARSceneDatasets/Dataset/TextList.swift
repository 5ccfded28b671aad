import Foundation

/// The data lines of a TUM-style text list (rgb.txt, groundtruth.txt, …):
/// whitespace-separated fields, `#` comments, blank lines ignored. It keeps
/// each line's number so that every later complaint can point at it.
struct TextList {
  struct Entry {
    /// 1-based, counting comment and blank lines, as an editor shows it.
    var line: Int
    var fields: [Substring]
  }

  /// Full path, for errors.
  var path: String
  /// Name relative to the sequence folder, for problems.
  var name: String
  var entries: [Entry]

  /// Reads `name` inside `folder`; nil when there is no such file. With
  /// `commas`, fields are also separated by commas (EuRoC's CSV files, whose
  /// `#` header lines are comments too).
  static func read(
    _ name: String, in folder: URL, commas: Bool = false
  ) throws(DatasetError) -> TextList? {
    let url = folder.appendingPathComponent(name)
    guard FileManager.default.fileExists(atPath: url.path) else { return nil }
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw DatasetError(file: url.path, code: .ioError, "cannot be read")
    }
    // Swift reads "\r\n" as one character, a newline, so files written on
    // Windows keep their line numbers.
    var entries: [Entry] = []
    for (offset, rawLine) in String(decoding: data, as: UTF8.self)
      .split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
      .enumerated()
    {
      let fields = rawLine.split(whereSeparator: {
        $0 == " " || $0 == "\t" || $0 == "\r" || (commas && $0 == ",")
      })
      guard let first = fields.first, !first.hasPrefix("#") else { continue }
      entries.append(Entry(line: offset + 1, fields: fields))
    }
    return TextList(path: url.path, name: name, entries: entries)
  }

  /// An error about one line of this file.
  func error(_ entry: Entry, code: DatasetError.Code = .invalidInput, _ message: String)
    -> DatasetError
  {
    DatasetError(file: path, line: entry.line, code: code, message)
  }

  /// Checks that a line has exactly the fields its format names, e.g.
  /// `"timestamp path"`.
  func requireFields(_ entry: Entry, _ layout: String) throws(DatasetError) {
    let expected = layout.split(separator: " ").count
    guard entry.fields.count == expected else {
      throw error(
        entry, "expected \(expected) fields (\(layout)), found \(entry.fields.count)")
    }
  }

  /// Field `index` as a finite number; `name` says which value it is.
  func number(_ entry: Entry, _ index: Int, _ name: String) throws(DatasetError) -> Double {
    guard index < entry.fields.count else { throw error(entry, "missing \(name)") }
    let text = entry.fields[index]
    guard let value = Double(text) else {
      throw error(entry, "\(name) '\(text)' is not a number")
    }
    guard value.isFinite else { throw error(entry, "\(name) is \(text), not a finite number") }
    return value
  }

  /// Field `index` as whole nanoseconds (EuRoC's clock), returned in
  /// seconds. The digits are read as an integer and split into seconds and
  /// nanoseconds, so that the result rounds once, to the ~0.2 µs a Double
  /// holds at 1.4e9 s; a fraction of a nanosecond
  /// ("1403715274312143104.0000", as ORB-SLAM3 writes) is accepted and dropped.
  func nanoseconds(_ entry: Entry, _ index: Int, _ name: String) throws(DatasetError) -> Double {
    guard index < entry.fields.count else { throw error(entry, "missing \(name)") }
    let text = entry.fields[index]
    let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    let isDigits = { (part: Substring) in part.allSatisfy { $0.isASCII && $0.isNumber } }
    guard let whole = parts.first, !whole.isEmpty, isDigits(whole),
      parts.count == 1 || isDigits(parts[1]), let ns = Int64(whole)
    else {
      throw error(entry, "\(name) '\(text)' is not a whole number of nanoseconds >= 0")
    }
    return Double(ns / 1_000_000_000) + Double(ns % 1_000_000_000) / 1e9
  }

  /// Field 0 as nanoseconds, in seconds: the `time` of EuRoC's lists.
  func nanosecondTimestamp(_ entry: Entry) throws(DatasetError) -> Double {
    try nanoseconds(entry, 0, "timestamp")
  }

  /// Parses every line with `parse`, keeping time strictly increasing: a line
  /// whose timestamp equals the previous one is dropped and reported in
  /// `problems` (recorders sometimes write a sample twice), a timestamp that
  /// goes backwards is an error (the file is out of order or two files were
  /// concatenated).
  ///
  /// The timestamp is field 0 in seconds, or what `time` reads from the line
  /// (nanoseconds for EuRoC). It stops after `limit` lines kept, or at the
  /// first line later than `through` seconds: what a command that uses no
  /// more would never look at is not parsed (or its file checked).
  func timeOrdered<Value>(
    _ layout: String, limit: Int? = nil, through: Double? = nil, problems: inout [String],
    time: ((Entry) throws(DatasetError) -> Double)? = nil,
    _ parse: (Entry) throws(DatasetError) -> Value
  ) throws(DatasetError) -> [(timestamp: Double, line: Int, value: Value)] {
    var result: [(timestamp: Double, line: Int, value: Value)] = []
    result.reserveCapacity(min(entries.count, limit ?? entries.count))
    for entry in entries {
      if let limit, result.count >= limit { break }
      try requireFields(entry, layout)
      let timestamp: Double
      if let time {
        timestamp = try time(entry)
      } else {
        timestamp = try number(entry, 0, "timestamp")
      }
      if let previous = result.last {
        if timestamp == previous.timestamp {
          problems.append(
            "\(name):\(entry.line): duplicate timestamp \(timestamp) dropped"
              + " (line \(previous.line) with the same time is kept)")
          continue
        }
        if timestamp < previous.timestamp {
          throw error(
            entry,
            "timestamp \(timestamp) goes backwards (line \(previous.line) has \(previous.timestamp));"
              + " timestamps must increase")
        }
      }
      if let through, timestamp > through { break }
      result.append((timestamp, entry.line, try parse(entry)))
    }
    return result
  }
}
