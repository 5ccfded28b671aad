import Foundation

/// The parts of an EuRoC `sensor.yaml` the reader uses: the sensor's pose on
/// the body (`T_BS`, body_from_sensor), and for cameras the resolution,
/// pinhole intrinsics and distortion. EuRoC writes these files in one fixed
/// style (OpenCV's `%YAML:1.0`, flow lists in brackets that may span lines),
/// so a small reader of that style is enough and needs no YAML library.
struct EuRoCSensorFile {
  var path: String
  var bodyFromSensor: RigidTransform
  /// `resolution: [width, height]`.
  var resolution: [Double]?
  /// `intrinsics: [fu, fv, cu, cv]`.
  var intrinsics: [Double]?
  var cameraModel: String?
  var distortionModel: String?
  var distortion: [Double]?
  var rate: Double?

  init(url: URL) throws(DatasetError) {
    path = url.path
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw DatasetError(file: path, code: .ioError, "cannot be read")
    }
    let lines = String(decoding: data, as: UTF8.self)
      .split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
      .map { line in line.prefix { $0 != "#" } }  // comments; %YAML has none
    let transformLine = lines.firstIndex { $0.trimmingCharacters(in: .whitespaces) == "T_BS:" }
    guard let transformLine else {
      throw DatasetError(file: path, "missing T_BS (the sensor's pose on the body)")
    }
    let (matrix, matrixLine) = try Self.list(
      "data", in: lines, from: transformLine + 1, path: path, required: true)
    guard let matrix, let transform = RigidTransform(rowMajor: matrix) else {
      throw DatasetError(
        file: path, line: matrixLine,
        "T_BS data must be 16 numbers (row-major 4x4) of a rigid transform: last row 0 0 0 1,"
          + " rotation orthonormal within 0.01 with determinant +1")
    }
    bodyFromSensor = transform
    resolution = try Self.list("resolution", in: lines, path: path).values
    intrinsics = try Self.list("intrinsics", in: lines, path: path).values
    distortion = try Self.list("distortion_coefficients", in: lines, path: path).values
    cameraModel = Self.scalar("camera_model", in: lines)
    distortionModel = Self.scalar("distortion_model", in: lines)
    if let text = Self.scalar("rate_hz", in: lines) {
      guard let value = Double(text), value.isFinite, value > 0 else {
        throw DatasetError(file: path, "rate_hz must be a number > 0, got '\(text)'")
      }
      rate = value
    }
  }

  /// The line index of top-level or nested `key:` at or after `start`.
  private static func line(of key: String, in lines: [Substring], from start: Int) -> Int? {
    guard start < lines.count else { return nil }
    return lines[start...].firstIndex { line in
      line.trimmingCharacters(in: .whitespaces).hasPrefix(key + ":")
    }
  }

  /// The text after `key:` on its line, e.g. "pinhole".
  private static func scalar(_ key: String, in lines: [Substring]) -> String? {
    guard let index = line(of: key, in: lines, from: 0),
      let colon = lines[index].firstIndex(of: ":")
    else { return nil }
    let value = lines[index][lines[index].index(after: colon)...]
      .trimmingCharacters(in: .whitespaces)
    return value.isEmpty ? nil : value
  }

  /// The numbers of `key: [a, b, …]`, which may run over several lines, and
  /// the 1-based line of the key.
  private static func list(
    _ key: String, in lines: [Substring], from start: Int = 0, path: String,
    required: Bool = false
  ) throws(DatasetError) -> (values: [Double]?, line: Int?) {
    guard let index = line(of: key, in: lines, from: start) else {
      if required { throw DatasetError(file: path, "missing \(key)") }
      return (nil, nil)
    }
    var text = ""
    var end = index
    while end < lines.count {
      text += lines[end] + " "
      if lines[end].contains("]") { break }
      end += 1
    }
    guard let open = text.firstIndex(of: "["), let close = text.firstIndex(of: "]"),
      open < close
    else {
      throw DatasetError(file: path, line: index + 1, "\(key) must be a list in brackets [ … ]")
    }
    var values: [Double] = []
    for field in text[text.index(after: open)..<close].split(separator: ",") {
      let number = field.trimmingCharacters(in: .whitespaces)
      guard let value = Double(number), value.isFinite else {
        throw DatasetError(
          file: path, line: index + 1, "\(key): '\(number)' is not a finite number")
      }
      values.append(value)
    }
    return (values, index + 1)
  }
}
