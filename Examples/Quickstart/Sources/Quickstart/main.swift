// Plays a recorded sequence through a session with its 60 Hz loop, coaching
// and placement, and places a chair where the coaching asks for a tap.
import ARScene
import ARSceneDatasets
import Foundation

let folder = CommandLine.arguments.dropFirst().first ?? "Datasets/generated/room-walk"
let sequence = try SequenceLoader.open(URL(fileURLWithPath: folder))

var configuration = WorldTrackingConfiguration()
configuration.planeDetection = [.horizontal, .vertical]  // none by default, as in ARKit
let runner = try SessionRunner(
  configuration: configuration, coaching: CoachingCatalog(objectName: "chair"))

var chair: PlacedObject?
for try await update in try runner.updates(replaying: sequence) {
  let time = String(format: "%5.2f s", update.tick.time)
  for case let plane as PlaneAnchor in update.addedAnchors {
    print("\(time)  found a plane: \(plane.alignment), \(plane.classification)")
  }
  if let message = update.changedCoachingMessage {
    print("\(time)  coaching: \(message?.text ?? "(cleared)")")
  }
  // "Tap a location to place the chair.": tap the floor below the middle.
  if chair == nil, update.coaching?.message?.action == .tapToPlace,
    case .success(let placed) = runner.place(
      "chair", on: PlacementConstraint(on: .floor), at: SIMD2(0.5, 0.8))
  {
    chair = placed
    print("\(time)  placed the chair: \(placed.transform)")
  }
}
print("tracking: \(runner.session.currentFrame?.camera.trackingState.description ?? "none")")
print("planes: \(runner.session.planeAnchors.count)")
print("chair: \(chair?.transform.description ?? "not placed")")
