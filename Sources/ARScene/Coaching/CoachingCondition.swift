/// A situation the coaching has words for. The controller decides which
/// conditions hold; the catalog words them; the hysteresis decides which one
/// is shown.
enum CoachingCondition: Hashable, Sendable {
  /// No pose yet (`notAvailable` or `limited(.initializing)`).
  case gettingStarted
  /// Still initializing without depth, and the motion so far cannot start
  /// tracking or give metres: no first pose for
  /// ``CoachingConfiguration/moveSidewaysDelay``, or the scale is unknown
  /// for ``UnknownScaleReason/tooLittleAcceleration``. The camera only
  /// turns, stands still or moves too evenly; moving it sideways helps.
  case moveSideways
  case excessiveMotion
  /// `limited(.insufficientFeatures)`: too little texture in view.
  case insufficientFeatures
  case insufficientLight
  case relocalizing
  /// Relocalizing for ``CoachingConfiguration/startOverDelay``.
  case startOver
  /// Looking for the goal's surface, before
  /// ``CoachingConfiguration/searchHintDelay``.
  case findSurface(CoachingGoal)
  /// Still no surface after ``CoachingConfiguration/searchHintDelay``.
  case surfaceSearchHint
  /// Still no surface after ``CoachingConfiguration/searchAdviceDelay``.
  case surfaceSearchAdvice
  /// The goal's surface is there and nothing is placed yet.
  case surfaceFound
  case placementRejected(CoachingInput.Placement.Rejection)
  /// Looking for the goal's image, before the hint delay.
  case findImage(String)
  /// Still no image after ``CoachingConfiguration/searchHintDelay``.
  case imageSearchHint(String)
  case takeBreak

  /// The message key: stable, the same in every language.
  var key: String {
    switch self {
    case .gettingStarted: "gettingStarted"
    case .moveSideways: "moveSideways"
    case .excessiveMotion: "excessiveMotion"
    case .insufficientFeatures: "insufficientFeatures"
    case .insufficientLight: "insufficientLight"
    case .relocalizing: "relocalizing"
    case .startOver: "startOver"
    case .findSurface: "findSurface"
    case .surfaceSearchHint: "surfaceSearchHint"
    case .surfaceSearchAdvice: "surfaceSearchAdvice"
    case .surfaceFound: "surfaceFound"
    case .placementRejected(.wrongSurface): "placementWrongSurface"
    case .placementRejected(.outsideSurface): "placementOutsideSurface"
    case .placementRejected(.noSurface): "placementNoSurface"
    case .findImage: "findImage"
    case .imageSearchHint: "imageSearchHint"
    case .takeBreak: "takeBreak"
    }
  }

  var urgency: CoachingMessage.Urgency {
    switch self {
    case .excessiveMotion: .timeSensitive
    case .insufficientFeatures, .insufficientLight, .moveSideways, .relocalizing, .startOver,
      .surfaceSearchHint, .surfaceSearchAdvice, .placementRejected, .imageSearchHint:
      .active
    case .gettingStarted, .findSurface, .surfaceFound, .findImage, .takeBreak: .passive
    }
  }

  var action: CoachingMessage.Action {
    switch self {
    case .excessiveMotion: .moveSlower
    case .insufficientLight: .addLight
    case .insufficientFeatures: .pointAtTexturedSurface
    case .gettingStarted, .moveSideways, .findSurface, .surfaceSearchHint, .surfaceSearchAdvice,
      .findImage, .imageSearchHint:
      .moveAround
    case .surfaceFound, .placementRejected: .tapToPlace
    case .relocalizing: .returnToPreviousArea
    case .startOver: .startOver
    case .takeBreak: .takeBreak
    }
  }

  /// Problems and searches take the whole screen; hints about the next tap
  /// or a break leave the app's interface alone, since the person needs it.
  var hideAppUI: Bool {
    switch self {
    case .surfaceFound, .placementRejected, .takeBreak: false
    default: true
    }
  }

  /// Which condition is shown when several hold: lower ranks first. Ranks
  /// follow urgency (a less urgent condition never outranks a more urgent
  /// one), so the rank decides only among equals: camera problems first,
  /// because nothing else works until they are fixed, then the answer to a
  /// tap, because the person is waiting for it, then long searches; among
  /// the passive hints, getting started first and the next tap last.
  var rank: Int {
    switch self {
    case .excessiveMotion: 0
    case .insufficientLight: 1
    case .insufficientFeatures: 2
    case .moveSideways: 3
    case .startOver: 4
    case .relocalizing: 5
    case .placementRejected: 6
    case .surfaceSearchAdvice: 7
    case .surfaceSearchHint: 8
    case .imageSearchHint: 9
    case .gettingStarted: 10
    case .takeBreak: 11
    case .findSurface: 12
    case .findImage: 13
    case .surfaceFound: 14
    }
  }

  /// Whether the condition is smoothed: it must hold for
  /// ``CoachingConfiguration/onsetDelay`` before it shows, and gaps shorter
  /// than ``CoachingConfiguration/releaseDelay`` do not end it. Conditions
  /// read straight from per-frame state are, because that state is noisy;
  /// those that come out of a timer (the timer already is the persistence)
  /// or answer the person's own tap (the answer must come at once) are not,
  /// and begin and end exactly when their timer says.
  var isSmoothed: Bool {
    switch self {
    case .surfaceSearchHint, .surfaceSearchAdvice, .imageSearchHint, .startOver, .takeBreak,
      .placementRejected:
      false
    default: true
    }
  }

  /// Whether the condition answers a tap, so it may replace a message of
  /// the same urgency before that message's minimum display time: the
  /// person is waiting for the answer to what they just did.
  var answersTap: Bool {
    if case .placementRejected = self { return true }
    return false
  }
}
