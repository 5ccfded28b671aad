import ARScene
import Foundation

/// How well the finished mesh agrees with the frames' own depth: the mesh's
/// depth rendered from each sampled frame's camera (`Session.sceneDepth(for:)`)
/// against that frame's registered depth. Each camera is placed as the
/// finished map places its frame (`Session.refinedTrajectory()`), the world
/// the mesh was last fused in: after a loop closure, the poses reported
/// before it are in the world as it was.
public struct MeshDepthAgreement: Equatable, Sendable {
  public var frames = 0
  /// Over the readings nearer than the fusion's limit where the mesh is seen.
  public var medianAbsoluteDifference = 0.0
  public var p90AbsoluteDifference = 0.0
  /// Of the readings nearer than the fusion's limit, the fraction the mesh
  /// covers.
  public var readingsCovered = 0.0
  /// Of the pixels without a reading, the fraction the mesh fills.
  public var missingFilled = 0.0

  /// A frame to measure at: its timestamp, its camera and its depth.
  public typealias Sample = (timestamp: Double, camera: Camera, depth: DepthData)

  /// Measures the session's mesh against `samples`, counting readings up to
  /// `maximumDepth` metres.
  public init(session: Session, samples: [Sample], maximumDepth: Float) throws(ARSceneError) {
    let placed = try Self.refinedTransforms(of: session)
    var differences: [Float] = []
    var readings = 0
    var covered = 0
    var missing = 0
    var filled = 0
    for sample in samples {
      var camera = sample.camera
      if let transform = placed[Self.microseconds(sample.timestamp)] {
        camera.transform = transform
      }
      let rendered = try Self.metres(try session.sceneDepth(for: camera))
      let measured = try Self.metres(sample.depth)
      guard rendered.count == measured.count else { continue }
      frames += 1
      for (mesh, reading) in zip(rendered, measured) {
        if reading > 0 && reading < maximumDepth {
          readings += 1
          if mesh > 0 {
            covered += 1
            differences.append(abs(mesh - reading))
          }
        } else if !(reading > 0) {
          missing += 1
          if mesh > 0 { filled += 1 }
        }
      }
    }
    differences.sort()
    if !differences.isEmpty {
      medianAbsoluteDifference = Double(differences[differences.count / 2])
      p90AbsoluteDifference = Double(differences[differences.count * 9 / 10])
    }
    readingsCovered = readings > 0 ? Double(covered) / Double(readings) : 0
    missingFilled = missing > 0 ? Double(filled) / Double(missing) : 0
  }

  /// The refined trajectory's poses by timestamp in whole microseconds.
  static func refinedTransforms(of session: Session) throws(ARSceneError) -> [Int64: Transform] {
    var transforms: [Int64: Transform] = [:]
    for pose in try session.refinedTrajectory() {
      transforms[microseconds(pose.timestamp)] = pose.transform
    }
    return transforms
  }

  static func microseconds(_ seconds: Double) -> Int64 { Int64((seconds * 1e6).rounded()) }

  /// A depth map's readings in metres, row by row (0 where none).
  static func metres(_ depth: DepthData) throws(ARSceneError) -> [Float] {
    let map = depth.depthMap
    return map.withUnsafeBytes { bytes in
      var values: [Float] = []
      values.reserveCapacity(map.width * map.height)
      for row in 0..<map.height {
        let start = row * map.bytesPerRow
        for column in 0..<map.width {
          switch map.format {
          case .depthFloat32:
            let value = bytes.loadUnaligned(fromByteOffset: start + 4 * column, as: Float.self)
            values.append(value.isFinite && value > 0 ? value : 0)
          default:
            let raw = bytes.loadUnaligned(fromByteOffset: start + 2 * column, as: UInt16.self)
            values.append(raw == 65535 ? 0 : Float(raw) / depth.unitsPerMeter)
          }
        }
      }
      return values
    }
  }

  public var readableText: String {
    "Mesh against the depth of \(frames) frames: |difference| median"
      + String(
        format: " %.2f cm, 90th percentile %.2f cm", 100 * medianAbsoluteDifference,
        100 * p90AbsoluteDifference)
      + String(format: " over the %.1f%% of readings the mesh covers;", 100 * readingsCovered)
      + String(format: " it fills %.1f%% of the pixels without a reading.", 100 * missingFilled)
  }
}
