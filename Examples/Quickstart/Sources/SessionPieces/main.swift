// The pieces under SessionRunner: a Session fed one frame at a time, a
// raycast, and a world map saved and opened again by a later session.
import ARScene
import ARSceneDatasets
import Foundation

let folder = CommandLine.arguments.dropFirst().first ?? "Datasets/generated/room-walk"
let sequence = try SequenceLoader.open(URL(fileURLWithPath: folder))

var configuration = WorldTrackingConfiguration()
configuration.planeDetection = [.horizontal]
let session = try Session(configuration: configuration)
for record in sequence.frames {
  // A CapturedFrame: the colour image, depth and IMU samples, intrinsics.
  let update = try session.process(try sequence.loadFrame(record))
  if record.index % 30 == 0 {
    let light = update.frame.lightEstimate?.ambientIntensity ?? 0  // 1000 lm is neutral
    print("frame \(record.index): \(update.frame.camera.trackingState), light \(Int(light)) lm")
  }
}

// A ray through the image's (0.5, 0.7), onto a horizontal surface.
let camera = session.currentFrame!.camera
if let query = RaycastQuery(
  screenPoint: SIMD2(0.5, 0.7), camera: camera, allowing: .existingPlaneGeometry,
  alignment: .horizontal), let hit = try session.raycast(query).first
{
  let surface = hit.anchor?.classification.rawValue ?? "surface"
  print("raycast: \(String(format: "%.2f", hit.distance)) m to the \(surface)")
}

// Save the room; a later session starts in it, relocalizing until it sees a
// place it knows.
let url = FileManager.default.temporaryDirectory.appendingPathComponent("room.arscenemap")
try session.currentWorldMap().write(to: url)
var later = configuration
later.initialWorldMap = try WorldMap(contentsOf: url)
let laterSession = try Session(configuration: later)
for record in sequence.frames[45...] {
  let update = try laterSession.process(try sequence.loadFrame(record))
  guard update.frame.camera.trackingState == .normal else { continue }
  print(
    "later session: in the saved map from frame \(record.index): \(update.frame.camera.transform)")
  break
}
