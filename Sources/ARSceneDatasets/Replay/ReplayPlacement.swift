import ARScene
import Foundation

/// The placed objects of a replay: performs its ``ScriptedInteraction``s on
/// their ticks, moves the objects every tick and words what happened as
/// events (`objectPlaced`, `placementRejected`, `raycastUpdated`,
/// `objectMoved` with `"cause"`: "settling", "drag", "rotate" or
/// "mapCorrection" (following its surface after a loop closure moved it,
/// until it settles),
/// `objectHidden` while relocalizing and `objectShown` after), each with
/// `"object": {"id", "name", "transform": [16
/// column-major floats, world_from_object], "anchor", "settled"}` (`id`
/// and `transform` null for a rejected tap).
final class ReplayPlacement {
  private let controller: PlacementController
  /// Not yet performed, in order of time (ties keep the command line's
  /// order).
  /// The script in time order, and how many of it are done: an index, so
  /// that taking the next costs nothing however long the script is.
  private let script: [ScriptedInteraction]
  private var performed = 0
  /// Objects still following a map correction.
  private var correcting: Set<UUID> = []
  private(set) var placedCount = 0
  private(set) var rejectedCount = 0

  init(interactions: [ScriptedInteraction], restoring anchors: [WorldMapAnchor] = []) throws {
    controller = try PlacementController()
    controller.restore(anchors)
    script = interactions.enumerated().sorted {
      ($0.element.time, $0.offset) < ($1.element.time, $1.offset)
    }.map(\.element)
  }

  /// Interactions scripted after the last frame, never performed.
  var unperformed: [ScriptedInteraction] { Array(script[performed...]) }

  /// The objects, as a saved world map holds them.
  var worldMapAnchors: [WorldMapAnchor] { controller.worldMapAnchors }

  /// The session started over: its objects go with its world.
  func removeAll() { controller.removeAll() }

  /// The events of one tick of the loop: its frames' anchor changes taken,
  /// the interactions due by then performed, then the objects moved; and
  /// each tap's outcome, for the coaching.
  func events(after update: TickUpdate, stamp: EventStamp, session: Session) -> (
    events: [JSONLine], outcomes: [CoachingInput.Placement]
  ) {
    var events: [JSONLine] = []
    var outcomes: [CoachingInput.Placement] = []
    for frameUpdate in update.frameUpdates {
      controller.observe(frameUpdate)
      if frameUpdate.isMapCorrected { correcting.formUnion(controller.objects.map(\.identifier)) }
    }
    while performed < script.count, script[performed].time <= stamp.t + 1e-9 {
      let next = script[performed]
      performed += 1
      let done = perform(next, camera: update.tick.camera, session: session, stamp: stamp)
      events += done.events
      outcomes += done.outcome.map { [$0] } ?? []
    }
    for event in controller.advance(update.tick, in: session) {
      switch event {
      case .moved(let object):
        var line = Replay.header(type: "objectMoved", stamp)
        line.add("object", Self.objectJSON(object))
        let corrected = correcting.contains(object.identifier)
        line.add("cause", corrected ? "mapCorrection" : "settling")
        if corrected, object.isSettled { correcting.remove(object.identifier) }
        events.append(line)
      case .raycastUpdated(let object, let result):
        var line = Replay.header(type: "raycastUpdated", stamp)
        line.add("object", Self.objectJSON(object))
        line.add("result", Self.resultJSON(result))
        events.append(line)
      case .hidden(let object):
        var line = Replay.header(type: "objectHidden", stamp)
        line.add("object", Self.objectJSON(object))
        events.append(line)
      case .shown(let object):
        var line = Replay.header(type: "objectShown", stamp)
        line.add("object", Self.objectJSON(object))
        events.append(line)
      }
    }
    return (events, outcomes)
  }

  private func perform(
    _ interaction: ScriptedInteraction, camera: Camera, session: Session, stamp: EventStamp
  ) -> (events: [JSONLine], outcome: CoachingInput.Placement?) {
    // Moves go to the newest object of the name (looked up only for them).
    var latest: PlacedObject? { controller.newestObject(named: interaction.object) }
    switch interaction.action {
    case .tap(let point, let constraint):
      let outcome = controller.place(
        name: interaction.object, constraint: constraint, at: point, in: session)
      switch outcome {
      case .success(let object):
        placedCount += 1
        var line = Replay.header(type: "objectPlaced", stamp)
        line.add("object", Self.objectJSON(object))
        line.add("screenPoint", [Double(point.x), Double(point.y)], decimals: 4)
        return ([line], CoachingInput.Placement(outcome))
      case .failure(let rejection):
        rejectedCount += 1
        return (
          [rejected(interaction.object, rejection, stamp)], CoachingInput.Placement(outcome)
        )
      }
    case .drag(let point):
      guard let latest else { return ([unknownObject(interaction, stamp)], nil) }
      guard
        let moved = controller.drag(latest.identifier, to: point, camera: camera, in: session)
      else { return ([], nil) }
      var line = Replay.header(type: "objectMoved", stamp)
      line.add("object", Self.objectJSON(moved))
      line.add("cause", "drag")
      return ([line], nil)
    case .rotate(let radians):
      guard let latest else { return ([unknownObject(interaction, stamp)], nil) }
      guard let turned = controller.rotate(latest.identifier, by: radians) else {
        return ([], nil)
      }
      var line = Replay.header(type: "objectMoved", stamp)
      line.add("object", Self.objectJSON(turned))
      line.add("cause", "rotate")
      return ([line], nil)
    }
  }

  private func rejected(_ name: String, _ rejection: PlacementRejection, _ stamp: EventStamp)
    -> JSONLine
  {
    var line = Replay.header(type: "placementRejected", stamp)
    line.add("object", Self.unplacedJSON(name))
    line.add("reason", rejection.kind)
    switch rejection {
    case .wrongAlignment(let found, let needed):
      line.add("found", found.rawValue)
      line.add("needed", [needed.rawValue])
    case .wrongClassification(let found, let needed):
      line.add("found", found.rawValue)
      line.add(
        "needed", PlaneAnchor.Classification.allCases.filter { needed.contains($0) }.map(\.rawValue)
      )
    case .noSurface, .notTracking:
      break
    }
    line.add("message", rejection.description)
    return line
  }

  /// A drag or turn of an object no tap has placed: said, not thrown, so
  /// the rest of the script still runs.
  private func unknownObject(_ interaction: ScriptedInteraction, _ stamp: EventStamp) -> JSONLine {
    var line = Replay.header(type: "placementRejected", stamp)
    line.add("object", Self.unplacedJSON(interaction.object))
    line.add("reason", "unknownObject")
    line.add("message", "no object named \(interaction.object) has been placed")
    return line
  }

  static func objectJSON(_ object: PlacedObject) -> JSONLine {
    var json = JSONLine()
    json.add("id", object.identifier.uuidString)
    json.add("name", object.name)
    json.add("transform", object.transform.columnMajor.map(Double.init), decimals: 6)
    if let anchor = object.anchorIdentifier {
      json.add("anchor", anchor.uuidString)
    } else {
      json.addNull("anchor")
    }
    json.add("settled", object.isSettled)
    return json
  }

  private static func unplacedJSON(_ name: String) -> JSONLine {
    var json = JSONLine()
    json.addNull("id")
    json.add("name", name)
    json.addNull("transform")
    return json
  }

  private static func resultJSON(_ result: RaycastResult) -> JSONLine {
    var json = JSONLine()
    json.add("target", result.target.rawValue)
    json.add("alignment", result.targetAlignment.rawValue)
    if let anchor = result.anchor {
      json.add("anchor", anchor.identifier.uuidString)
    } else {
      json.addNull("anchor")
    }
    json.add("distance", Double(result.distance), decimals: 4)
    json.add("transform", result.worldTransform.columnMajor.map(Double.init), decimals: 6)
    return json
  }
}
