extension CoachingCatalog {
  /// English wording. Sentences that come from Apple's human-interface
  /// guidelines for AR are kept word for word ("Try moving your phone more
  /// slowly.", "Tap a location to place the chair."), since people have met
  /// them in other apps.
  func englishText(for condition: CoachingCondition) -> String {
    let device = englishDeviceNoun
    let object = object(default: "object")
    switch condition {
    case .gettingStarted:
      return "Move your \(device) slowly to get started."
    case .moveSideways:
      return
        "Try moving your \(device) from side to side. Turning it in place isn't enough to start."
    case .excessiveMotion:
      return "Try moving your \(device) more slowly."
    case .insufficientFeatures:
      return
        "Point your \(device) at something with more detail or pattern, like a rug or a bookshelf."
    case .insufficientLight:
      return "Try turning on more lights and moving around."
    case .relocalizing:
      return "Return to the previous area to resume."
    case .startOver:
      return "Can't find where you left off? Go back to the previous area, or start over."
    case .findSurface(let goal):
      return "Move your \(device) slowly to find \(englishSearchedSurface(goal))."
    case .surfaceSearchHint:
      return "Unable to find a surface. Try moving to the side or repositioning your \(device)."
    case .surfaceSearchAdvice:
      return
        "Try moving around, turning on more lights, and making sure your \(device) is pointed at a surface with some texture or pattern."
    case .surfaceFound:
      return "Tap a location to place the \(object)."
    case .placementRejected(.wrongSurface(let kind)):
      let (goesOn, tapOn) = englishSurface(kind)
      return "The \(object) goes on \(goesOn). Tap a spot on \(tapOn)."
    case .placementRejected(.outsideSurface):
      return "The \(object) needs more room. Tap a spot closer to the middle of the surface."
    case .placementRejected(.noSurface):
      return
        "There's no surface there for the \(object) yet. Move your \(device) slowly over that spot, then tap it again."
    case .findImage(let name):
      return "Point your \(device) at the \(name)."
    case .imageSearchHint(let name):
      return
        "Unable to find the \(name). Hold your \(device) so all of it is in view, and turn on more lights if it's dark."
    case .takeBreak:
      return "You've been at it for a while. How about a short break?"
    }
  }

  private var englishDeviceNoun: String {
    switch device {
    case .phone: "phone"
    case .iPad: "iPad"
    case .camera: "camera"
    case .device: "device"
    }
  }

  private func englishSearchedSurface(_ goal: CoachingGoal) -> String {
    switch goal {
    case .horizontalPlane: "the floor or a table"
    case .verticalPlane: "a wall"
    case .anyPlane, .tracking, .image: "a surface"
    }
  }

  /// Where an object goes, as said after "goes on", and where to tap, as
  /// said after "Tap a spot on".
  private func englishSurface(_ kind: CoachingInput.SurfaceKind) -> (String, String) {
    switch kind {
    case .classification(.floor): ("the floor", "the floor")
    case .classification(.wall): ("a wall", "a wall")
    case .classification(.ceiling): ("the ceiling", "the ceiling")
    case .classification(.table): ("a table", "a table")
    case .classification(.seat): ("a seat", "a seat")
    case .classification(.none): ("a surface", "a surface")
    case .alignment(.horizontal):
      ("a level surface, like the floor or a table", "the floor or a table")
    case .alignment(.vertical): ("an upright surface, like a wall", "a wall")
    }
  }
}
