import ARScene
import Foundation

/// Reads and writes `sequence.json`, the one file a native sequence adds to
/// the TUM layout. Reading names the offending key in every error; writing is
/// byte-for-byte deterministic (see ``CanonicalJSON``).
enum SequenceJSON {
  /// A parsed file and what it said beyond the description itself.
  struct Contents {
    var description: SequenceDescription
    /// Whether the file lists its sensors (otherwise they are inferred from
    /// the lists present).
    var declaresSensors: Bool
    var problems: [String]
  }

  static let fileName = "sequence.json"
  /// Depth units per metre beyond a micrometre per unit are no sensor's.
  static let maxDepthScale = 1e6
  /// A depth sensor whose one reading is off by a metre at a metre measures
  /// nothing.
  static let maxDepthNoise = 1.0

  /// Reads and decodes the sequence.json at `url`.
  static func read(_ url: URL, defaultName: String) throws(DatasetError) -> Contents {
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw DatasetError(file: url.path, code: .ioError, "cannot be read")
    }
    return try decode(data, path: url.path, defaultName: defaultName)
  }

  static func decode(
    _ data: Data, path: String, defaultName: String
  ) throws(DatasetError) -> Contents {
    let file: FileModel
    do {
      file = try JSONDecoder().decode(FileModel.self, from: data)
    } catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty {
      throw syntaxError(in: data, path: path)
    } catch let error as DecodingError {
      throw DatasetError(file: path, message(for: error))
    } catch {
      throw DatasetError(file: path, "is not valid JSON: \(error.localizedDescription)")
    }
    var problems: [String] = []
    let camera = try intrinsics(file.camera, key: "camera", path: path)
    let distortion = try file.camera?.distortion.map { (values) throws(DatasetError) in
      if let problem = LensUndistortion.problem(with: values) {
        throw DatasetError(file: path, "\"camera.distortion\" \(problem)")
      }
      return values
    }
    var description = SequenceDescription(
      name: file.name ?? defaultName, camera: camera, distortion: distortion,
      provenance: file.provenance, licence: file.licence)

    if let depth = file.depth {
      guard let scale = depth.scale else {
        throw DatasetError(file: path, "missing \"depth.scale\"")
      }
      // Read as a Double: a Float field made 1e300 "not valid JSON".
      guard scale.isFinite, scale > 0, scale <= Self.maxDepthScale else {
        throw DatasetError(
          file: path,
          "\"depth.scale\" must be > 0 and at most \(Int(Self.maxDepthScale)) depth units per"
            + " metre (1000 for millimetres, 5000 for TUM), got \(scale)")
      }
      description.depthUnitsPerMeter = Float(scale)
      if depth.intrinsics != nil {
        description.depthIntrinsics = try intrinsics(
          depth.intrinsics, key: "depth.intrinsics", path: path)
      }
      if let values = depth.colorFromDepth {
        guard values.count == 16, let transform = Transform(rowMajor: values) else {
          throw DatasetError(
            file: path,
            "\"depth.colorFromDepth\" must be 16 numbers (a row-major 4x4 matrix), got \(values.count)"
          )
        }
        description.colorFromDepth = transform
      }
      if let noise = depth.noise {
        description.depthNoise = Float(try depthNoise(noise, path: path))
      }
    }

    if let frameRate = file.frameRate {
      guard frameRate > 0 else {
        throw DatasetError(file: path, "\"frameRate\" must be > 0, got \(frameRate)")
      }
      description.frameRate = frameRate
    }

    if let names = file.sensors {
      var sensors: Set<SequenceDescription.Sensor> = []
      for name in names {
        if let sensor = SequenceDescription.Sensor(rawValue: name) {
          sensors.insert(sensor)
        } else {
          let known = SequenceDescription.Sensor.allCases.map(\.rawValue).joined(separator: ", ")
          problems.append("\(fileName): unknown sensor \"\(name)\" ignored (known: \(known))")
        }
      }
      description.sensors = sensors
    }

    if let values = file.groundTruth?.gravity {
      description.gravity = try gravity(values, key: "groundTruth.gravity", path: path)
    }

    if let convention = file.groundTruth?.convention {
      description.groundTruthConvention = convention
      if convention != "opencv" {
        problems.append(
          "\(fileName): ground-truth convention \"\(convention)\" is passed through unconverted;"
            + " readers expect \"opencv\"")
      }
    }
    return Contents(
      description: description, declaresSensors: file.sensors != nil, problems: problems)
  }

  /// The file's text for `description`; the same description always gives
  /// the same bytes.
  static func encode(_ description: SequenceDescription) -> String {
    var top: [String: CanonicalJSON] = [
      "name": .string(description.name),
      "camera": camera(description.camera, distortion: description.distortion),
      "sensors": .array(
        SequenceDescription.Sensor.allCases.filter(description.sensors.contains)
          .map { .string($0.rawValue) }),
      "groundTruth": groundTruth(description),
    ]
    if let scale = description.depthUnitsPerMeter {
      var depth: [String: CanonicalJSON] = ["scale": .number(scale)]
      if let intrinsics = description.depthIntrinsics {
        depth["intrinsics"] = camera(intrinsics, distortion: nil)
      }
      if let transform = description.colorFromDepth {
        depth["colorFromDepth"] = .array(transform.rowMajor.map { .number($0) })
      }
      if let noise = description.depthNoise { depth["noise"] = .number(noise) }
      top["depth"] = .object(depth)
    }
    if let frameRate = description.frameRate { top["frameRate"] = .number(frameRate) }
    if let provenance = description.provenance { top["provenance"] = .string(provenance) }
    if let licence = description.licence { top["licence"] = .string(licence) }
    return CanonicalJSON.object(top).text
  }

  /// A stated depth noise: finite, > 0 and at most ``maxDepthNoise``.
  static func depthNoise(_ noise: Double, path: String) throws(DatasetError) -> Double {
    guard noise.isFinite, noise > 0, noise <= Self.maxDepthNoise else {
      throw DatasetError(
        file: path,
        "\"depth.noise\" must be > 0 and at most \(Self.maxDepthNoise) (sigma = noise * z²"
          + " metres for one reading; 0.0015 for a Kinect), got \(noise)")
    }
    return noise
  }

  /// A gravity direction read from a file: three finite numbers, not all
  /// zero, returned at unit length.
  static func gravity(
    _ values: [Double], key: String, path: String
  ) throws(DatasetError) -> SIMD3<Double> {
    guard values.count == 3, values.allSatisfy(\.isFinite) else {
      throw DatasetError(
        file: path, "\"\(key)\" must be 3 finite numbers (a direction), got \(values)")
    }
    let direction = SIMD3(values[0], values[1], values[2])
    let length = (direction * direction).sum().squareRoot()
    guard length > 1e-9 else {
      throw DatasetError(file: path, "\"\(key)\" must not be the zero vector")
    }
    return direction / length
  }

  private static func groundTruth(_ description: SequenceDescription) -> CanonicalJSON {
    var members: [String: CanonicalJSON] = [
      "convention": .string(description.groundTruthConvention)
    ]
    if let gravity = description.gravity {
      members["gravity"] = .array([gravity.x, gravity.y, gravity.z].map { .number($0) })
    }
    return .object(members)
  }

  private static func camera(_ camera: CameraIntrinsics, distortion: [Double]?) -> CanonicalJSON {
    var members: [String: CanonicalJSON] = [
      "width": .number(camera.width), "height": .number(camera.height),
      "fx": .number(camera.fx), "fy": .number(camera.fy),
      "cx": .number(camera.cx), "cy": .number(camera.cy),
    ]
    if let distortion { members["distortion"] = .array(distortion.map { .number($0) }) }
    return .object(members)
  }

  private static func intrinsics(
    _ model: CameraModel?, key: String, path: String
  ) throws(DatasetError) -> CameraIntrinsics {
    guard let model else { throw DatasetError(file: path, "missing \"\(key)\"") }
    func value(_ field: String, _ value: Double?) throws(DatasetError) -> Double {
      guard let value else { throw DatasetError(file: path, "missing \"\(key).\(field)\"") }
      return value
    }
    func focal(_ field: String, _ raw: Double?) throws(DatasetError) -> Double {
      let focal = try value(field, raw)
      guard focal > 0 else {
        throw DatasetError(file: path, "\"\(key).\(field)\" must be > 0 pixels, got \(focal)")
      }
      return focal
    }
    func size(_ field: String, _ raw: Double?) throws(DatasetError) -> Int {
      let size = try value(field, raw)
      guard let pixels = Int(exactly: size), pixels > 0 else {
        throw DatasetError(
          file: path, "\"\(key).\(field)\" must be a whole number of pixels > 0, got \(size)")
      }
      return pixels
    }
    let intrinsics = CameraIntrinsics(
      fx: try focal("fx", model.fx), fy: try focal("fy", model.fy),
      cx: try value("cx", model.cx), cy: try value("cy", model.cy),
      width: try size("width", model.width), height: try size("height", model.height))
    if let problem = intrinsics.problem { throw DatasetError(file: path, "\"\(key)\": \(problem)") }
    return intrinsics
  }

  /// Where and why the text is not JSON. JSONDecoder only says that it is not;
  /// JSONSerialization says "around character N", which becomes a line.
  private static func syntaxError(in data: Data, path: String) -> DatasetError {
    var detail = "the text is not JSON"
    do {
      _ = try JSONSerialization.jsonObject(with: data)
    } catch {
      if let debug = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String {
        detail = debug
      }
    }
    var line: Int?
    if let range = detail.range(of: "character "),
      let offset = Int(detail[range.upperBound...].prefix(while: \.isNumber))
    {
      line = 1 + data.prefix(max(0, offset)).filter { $0 == UInt8(ascii: "\n") }.count
    }
    return DatasetError(file: path, line: line, "is not valid JSON: \(detail)")
  }

  /// Turns a decoder error into words that name the key, e.g.
  /// `"camera.fx" must be a number`.
  private static func message(for error: DecodingError) -> String {
    func keyPath(_ path: [any CodingKey]) -> String {
      path.reduce(into: "") { text, key in
        if let index = key.intValue {
          text += "[\(index)]"
        } else {
          text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
        }
      }
    }
    func kind(_ type: Any.Type) -> String {
      switch type {
      case is String.Type: return "a string"
      case is Double.Type, is Float.Type, is Int.Type: return "a number"
      default: return "\(type)".hasPrefix("Array") ? "an array" : "an object"
      }
    }
    switch error {
    case .typeMismatch(_, let context) where context.codingPath.isEmpty:
      return "must hold a JSON object at the top level"
    case .typeMismatch(let type, let context):
      return "\"\(keyPath(context.codingPath))\" must be \(kind(type))"
    case .valueNotFound(let type, let context):
      return "\"\(keyPath(context.codingPath))\" must be \(kind(type)), not null"
    case .keyNotFound(let key, let context):
      return "missing \"\(keyPath(context.codingPath + [key]))\""
    case .dataCorrupted(let context):
      return "\"\(keyPath(context.codingPath))\": \(context.debugDescription)"
    @unknown default:
      return "is not a valid sequence description: \(error)"
    }
  }

  // The file as the decoder sees it: everything optional, so that a missing
  // key gets a message naming it instead of a generic "key not found".
  private struct FileModel: Decodable {
    var name: String?
    var camera: CameraModel?
    var depth: DepthModel?
    var frameRate: Double?
    var sensors: [String]?
    var groundTruth: GroundTruthModel?
    var provenance: String?
    var licence: String?
  }

  private struct CameraModel: Decodable {
    var width: Double?
    var height: Double?
    var fx: Double?
    var fy: Double?
    var cx: Double?
    var cy: Double?
    var distortion: [Double]?
  }

  private struct DepthModel: Decodable {
    var scale: Double?
    var intrinsics: CameraModel?
    var colorFromDepth: [Double]?
    var noise: Double?
  }

  private struct GroundTruthModel: Decodable {
    var convention: String?
    var gravity: [Double]?
  }
}
