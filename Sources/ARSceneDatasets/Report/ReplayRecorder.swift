import ARScene
import Foundation

/// What a replay showed, kept for its report (``ReplayReport``): per frame
/// the tracking state, the camera's place and the stage timings; the
/// measured poses; the coaching's messages and the placed objects from the
/// events; the anchors at the end; and, for a few frames spread over the
/// sequence, what was in view for a thumbnail.
package final class ReplayRecorder {
  /// One processed frame.
  package struct FrameSample {
    package var index: Int
    /// Seconds since the first frame.
    package var time: Double
    package var trackingState: Camera.TrackingState
    /// The camera's position in the engine's world (metres, ARKit axes).
    package var position: SIMD3<Float>
    package var timings: [StageTiming]
  }

  /// A coaching change: the message shown from `time` on (nil: none).
  package struct CoachingChange {
    package var time: Double
    package var text: String?
    package var urgency: String?
  }

  /// A frame kept for a thumbnail, with what was in view.
  package struct Thumbnail {
    package var position: Int
    package var time: Double
    package var camera: Camera
    package var planes: [PlaneAnchor]
    package var images: [ImageAnchor]
  }

  package private(set) var frames: [FrameSample] = []
  package private(set) var poses: [TimedPose] = []
  package private(set) var coaching: [CoachingChange] = []
  /// Placed objects by id: name, last position and when it was placed.
  package private(set) var objects:
    [String: (name: String, position: SIMD3<Float>, placedAt: Double)] = [:]
  package private(set) var finalPlanes: [PlaneAnchor] = []
  package private(set) var finalImages: [ImageAnchor] = []
  package private(set) var thumbnails: [Thumbnail] = []
  /// The scene's mesh after the last frame, when the replay made one.
  package private(set) var finalMesh: SceneMesh?
  private let thumbnailPositions: Set<Int>
  private let keepsTimings: Bool
  private var firstTimestamp: Double?

  /// A recorder for a replay of `frameCount` frames, keeping
  /// `thumbnailCount` thumbnails spread evenly over them, and the stage
  /// timings only when `keepsTimings` (they differ from run to run; a replay
  /// without them gives the same report every time).
  package init(frameCount: Int, thumbnailCount: Int = 6, keepsTimings: Bool = true) {
    self.keepsTimings = keepsTimings
    let count = max(min(thumbnailCount, frameCount), 0)
    thumbnailPositions = Set(
      (0..<count).map { (2 * $0 + 1) * frameCount / (2 * count) })
  }

  /// A frame's update (`Replay.run`'s `onFrame`).
  package func record(_ update: FrameUpdate) {
    let frame = update.frame
    let first = firstTimestamp ?? frame.timestamp
    firstTimestamp = first
    frames.append(
      FrameSample(
        index: frame.index, time: frame.timestamp - first,
        trackingState: frame.camera.trackingState, position: frame.camera.transform.translation,
        timings: keepsTimings ? frame.timings : []))
    finalPlanes = update.planeAnchors
    finalImages = update.anchors.compactMap { $0 as? ImageAnchor }
    if thumbnailPositions.contains(frames.count - 1) {
      thumbnails.append(
        Thumbnail(
          position: frames.count - 1, time: frame.timestamp - first, camera: frame.camera,
          planes: finalPlanes, images: finalImages))
    }
  }

  /// A measured pose, in the ground truth's camera convention (`pose`).
  package func record(pose: TimedPose) { poses.append(pose) }

  package func record(mesh: SceneMesh) { finalMesh = mesh }

  /// An event line (`emit`): coaching messages and placed objects are kept.
  package func record(line: String) {
    guard
      line.contains(#""type":"coaching""#) || line.contains(#""type":"objectPlaced""#)
        || line.contains(#""type":"objectMoved""#),
      let json = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
      let type = json["type"] as? String, let time = json["t"] as? Double
    else { return }
    if type == "coaching" {
      let message = json["message"] as? [String: Any]
      coaching.append(
        CoachingChange(
          time: time, text: message?["text"] as? String, urgency: message?["urgency"] as? String))
    } else if let object = json["object"] as? [String: Any], let id = object["id"] as? String,
      let name = object["name"] as? String, let transform = object["transform"] as? [Double],
      transform.count == 16
    {
      objects[id] = (
        name, SIMD3(Float(transform[12]), Float(transform[13]), Float(transform[14])),
        objects[id]?.placedAt ?? time
      )
    }
  }
}
