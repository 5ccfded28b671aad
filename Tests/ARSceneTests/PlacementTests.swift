import Foundation
import XCTest

@testable import ARScene

/// ``PlacementController`` on the synthetic room (exact depth, known floor
/// and table heights), driven at 60 ticks per second with a 30 Hz camera:
/// every other tick processes a frame.
final class PlacementTests: XCTestCase {
  /// 2.5 s of the walk around the table.
  private static let frames = RoomWalk.frames(75)

  private func makeSession() throws -> Session {
    var configuration = RoomWalk.configuration
    configuration.planeDetection = [.horizontal, .vertical]
    return try Session(configuration: configuration)
  }

  /// Processes frame `index` and advances the session and the placement by
  /// the two ticks of its 1/30 s; returns the object positions after each
  /// tick and the events.
  private func run(
    frame index: Int, session: Session, placement: PlacementController, id: UUID
  ) throws -> (positions: [SIMD3<Float>], events: [PlacementEvent]) {
    let update = try session.process(Self.frames[index])
    placement.observe(update)
    var positions: [SIMD3<Float>] = []
    var events: [PlacementEvent] = []
    for half in 0..<2 {
      let tick = Tick(
        index: 2 * index + half, time: update.frame.timestamp + Double(half) / 60,
        duration: 1.0 / 60, camera: update.frame.camera, isCameraPredicted: half == 1)
      session.advance(tick)
      events += placement.advance(tick, in: session)
      positions.append(try XCTUnwrap(placement.object(id)).transform.translation)
    }
    return (positions, events)
  }

  /// The session's world from the room's: the first camera's pose in both.
  private func sessionFromRoom(_ session: Session) throws -> Transform {
    try XCTUnwrap(session.currentFrame).camera.transform * RoomWalk.pose(at: 0).rigidInverse
  }

  func testATapIsAnsweredOnItsOwnFrameAndSettlesOnTheFloorThenStaysPut() throws {
    let session = try makeSession()
    let placement = try PlacementController()
    _ = try session.process(Self.frames[0])
    XCTAssertTrue(session.planeAnchors.isEmpty, "no plane anchor yet on the first frame")
    let tap = try XCTUnwrap(
      RoomWalk.screenPoints(on: "floor", time: 0, near: SIMD2(0.5, 0.8)).first)
    let placed = try placement.place(
      name: "chair", constraint: PlacementConstraint(on: .floor), at: tap, in: session
    ).get()
    XCTAssertNil(placed.anchorIdentifier, "placed on the estimated surface")
    let depth = try RoomWalk.trueDepth(at: 0)
    let truth = try sessionFromRoom(session).transformPoint(
      XCTUnwrap(RoomWalk.trueRoomPoint(at: tap, time: 0, depth: depth)))
    let floorY = try RoomWalk.sessionHeight("floor")
    let first = placed.transform.translation
    XCTAssertLessThan(distance(first, truth), 0.01, "on the tap's own frame, where the tap was")
    XCTAssertEqual(placed.transform.columns.1.y, 1, accuracy: 1e-5, "standing upright")

    var positions = [first]
    var attached: UUID?
    for index in 1..<Self.frames.count {
      positions += try run(
        frame: index, session: session, placement: placement, id: placed.identifier
      ).positions
      attached = placement.object(placed.identifier)?.anchorIdentifier ?? attached
    }
    XCTAssertNotNil(attached, "the object joins the floor's anchor once there is one")
    // Ticks are 1/60 s; the first tick is the tap's.
    let settledTick =
      positions.lastIndex { abs($0.y - floorY) >= 0.01 || distance($0, truth) >= 0.01 }
      .map { $0 + 1 } ?? 0
    let settled = Double(settledTick) / 60
    let rest = positions[min(30, positions.count)...]
    let mean = rest.reduce(SIMD3<Float>.zero, +) / Float(rest.count)
    let spread = (rest.map { ($0 - mean) * ($0 - mean) }.reduce(.zero, +) / Float(rest.count))
      .sum().squareRoot()
    let largestStep = zip(positions, positions.dropFirst()).map { distance($0, $1) }.max() ?? 0
    print(
      String(
        format:
          "placement on the floor: first-frame error %.2f mm, within 1 cm from %.3f s, "
          + "std after 0.5 s %.3f mm, largest tick step %.3f mm, final height error %.2f mm",
        1000 * distance(first, truth), settled, 1000 * spread, 1000 * largestStep,
        1000 * abs(positions.last!.y - floorY)))
    XCTAssertLessThanOrEqual(settled, 0.5, "within 1 cm of the true surface within 0.5 s")
    XCTAssertLessThanOrEqual(spread, 0.001, "stays put while the camera moves")
    XCTAssertLessThanOrEqual(largestStep, 0.005, "never a jump")
  }

  func testAnObjectDroppedPastItsPlanesEdgeGlidesBackInside() throws {
    let session = try makeSession()
    let placement = try PlacementController()
    _ = try session.process(Self.frames[0])
    let tap = try XCTUnwrap(
      RoomWalk.screenPoints(on: "floor", time: 0, near: SIMD2(0.5, 0.8)).first)
    let id = try placement.place(name: "lamp", constraint: .anySurface, at: tap, in: session)
      .get().identifier
    for index in 1..<30 {
      _ = try run(frame: index, session: session, placement: placement, id: id)
    }
    let anchorID = try XCTUnwrap(placement.object(id)?.anchorIdentifier)
    let anchor = try XCTUnwrap(session.planeAnchors.first { $0.identifier == anchorID })

    // Drag to a point 20 cm beyond the boundary's vertex farthest from the
    // centre, on the plane extended.
    let centre = SIMD2(anchor.center.x, anchor.center.z)
    let far = try XCTUnwrap(anchor.boundary.max { distance($0, centre) < distance($1, centre) })
    let outside = far + 0.2 * (far - centre) / distance(far, centre)
    let world = anchor.transform.transformPoint(SIMD3(outside.x, 0, outside.y))
    let camera = try XCTUnwrap(session.currentFrame?.camera)
    let screen = try XCTUnwrap(camera.screenPoint(ofWorldPoint: world)).point
    let dropped = try XCTUnwrap(placement.drag(id, to: screen, camera: camera, in: session))
    XCTAssertFalse(
      anchor.boundaryContains(anchorPoint(dropped.transform.translation, anchor)),
      "dropped outside")
    var positions = [dropped.transform.translation]
    for index in 30..<Self.frames.count {
      positions += try run(frame: index, session: session, placement: placement, id: id).positions
    }
    let now = try XCTUnwrap(session.planeAnchors.first { $0.identifier == anchorID })
    XCTAssertTrue(
      now.boundaryContains(anchorPoint(positions.last!, now)),
      "ends inside: \(anchorPoint(positions.last!, now)) of \(now.boundary), attached to "
        + "\(String(describing: placement.object(id)?.anchorIdentifier)), was \(anchorID)")
    let largestStep = zip(positions, positions.dropFirst()).map { distance($0, $1) }.max() ?? 0
    XCTAssertLessThanOrEqual(largestStep, 0.25 / 60 + 1e-4, "pushed back gently, speed capped")
  }

  func testEveryConstraintViolationIsRejectedWithACoachableReason() throws {
    let session = try makeSession()
    let placement = try PlacementController()
    XCTAssertEqual(
      placement.place(name: "x", constraint: .anySurface, at: SIMD2(0.5, 0.5), in: session)
        .failureValue, .notTracking, "no frame yet")
    for index in 0..<Self.frames.count { _ = try session.process(Self.frames[index]) }
    let t = Double(Self.frames.count - 1) / 30
    let floorTap = try XCTUnwrap(
      RoomWalk.screenPoints(on: "floor", time: t, near: SIMD2(0.5, 0.9)).first)
    let tableTap = try XCTUnwrap(
      RoomWalk.screenPoints(on: "table top", time: t, near: SIMD2(0.5, 0.5)).first)

    let onWall = placement.place(
      name: "picture", constraint: PlacementConstraint(on: .wall), at: floorTap, in: session)
    XCTAssertEqual(onWall.failureValue, .wrongAlignment(found: .horizontal, needed: .vertical))
    XCTAssertEqual(
      CoachingInput.Placement(onWall), .rejected(.wrongSurface(expected: .alignment(.vertical))))

    let floor = try XCTUnwrap(session.planeAnchors.first { $0.classification == .floor })
    XCTAssertEqual(floor.classificationStatus, .known)
    let game = placement.place(
      name: "board game", constraint: PlacementConstraint(on: .table), at: floorTap, in: session)
    XCTAssertEqual(game.failureValue, .wrongClassification(found: .floor, needed: [.table]))
    XCTAssertEqual(
      CoachingInput.Placement(game),
      .rejected(.wrongSurface(expected: .classification(.table))))

    let chair = placement.place(
      name: "chair", constraint: PlacementConstraint(on: .floor), at: tableTap, in: session)
    if case .wrongClassification(let found, let needed) = chair.failureValue {
      XCTAssertNotEqual(found, .floor)
      XCTAssertEqual(needed, [.floor])
    } else {
      XCTFail("a chair on the table: \(chair)")
    }
    XCTAssertEqual(placement.objects.count, 0, "nothing placed by a rejected tap")

    // Straight up into the empty air of the room's centre: the ceiling is
    // 2.5 m above and out of view.
    let camera = try XCTUnwrap(session.currentFrame?.camera)
    let up = placement.place(
      name: "x", constraint: .anySurface,
      along: RaycastQuery(
        origin: camera.transform.translation, direction: SIMD3(0, 1, 0), allowing: .estimatedPlane,
        alignment: .any), in: session)
    XCTAssertEqual(up.failureValue, .noSurface)
    XCTAssertEqual(CoachingInput.Placement(up), .rejected(.noSurface))

    let accepted = placement.place(
      name: "chair", constraint: PlacementConstraint(on: .floor), at: floorTap, in: session)
    XCTAssertEqual(try accepted.get().anchorIdentifier, floor.identifier)
    XCTAssertEqual(CoachingInput.Placement(accepted), .placed)
  }

  func testAnObjectFollowsItsPlaneIntoThePlaneThatAbsorbedIt() throws {
    let session = try makeSession()
    let placement = try PlacementController()
    for index in 0..<20 { _ = try session.process(Self.frames[index]) }
    let tap = try XCTUnwrap(
      RoomWalk.screenPoints(on: "floor", time: 19.0 / 30, near: SIMD2(0.5, 0.8)).first)
    let object = try placement.place(name: "chair", constraint: .anySurface, at: tap, in: session)
      .get()
    let old = try XCTUnwrap(object.anchorIdentifier)
    let absorber = UUID()
    let frame = try XCTUnwrap(session.currentFrame)
    let removed = try XCTUnwrap(session.planeAnchors.first { $0.identifier == old })
    placement.observe(
      FrameUpdate(
        frame: frame, removedAnchors: [AnchorRemoval(anchor: removed, absorbedBy: absorber)]))
    XCTAssertEqual(placement.object(object.identifier)?.anchorIdentifier, absorber)
    placement.observe(
      FrameUpdate(frame: frame, removedAnchors: [AnchorRemoval(anchor: removed, absorbedBy: nil)]))
    XCTAssertEqual(
      placement.object(object.identifier)?.anchorIdentifier, absorber,
      "other removals do not matter")
  }

  func testGesturesSelectDragTurnAndScaleOnlyWhenAllowed() throws {
    let session = try makeSession()
    for index in 0..<20 { _ = try session.process(Self.frames[index]) }
    let camera = try XCTUnwrap(session.currentFrame?.camera)
    let tap = try XCTUnwrap(
      RoomWalk.screenPoints(on: "floor", time: 19.0 / 30, near: SIMD2(0.5, 0.8)).first)
    let placement = try PlacementController()
    let object = try placement.place(name: "chair", constraint: .anySurface, at: tap, in: session)
      .get()

    let pixel = SIMD2<Float>(1 / 320, 1 / 240)
    XCTAssertEqual(
      placement.object(at: tap + SIMD2(30, 0) * pixel, camera: camera)?.identifier,
      object.identifier)
    XCTAssertNil(
      placement.object(at: tap + SIMD2(0, 45) * pixel, camera: camera), "45 px is too far")

    let turned = try XCTUnwrap(placement.rotate(object.identifier, by: .pi / 2))
    let before = object.transform.columns.2
    let after = turned.transform.columns.2
    XCTAssertEqual(
      (SIMD3(before.x, before.y, before.z) * SIMD3(after.x, after.y, after.z)).sum(), 0,
      accuracy: 1e-4)
    XCTAssertEqual(turned.transform.translation, object.transform.translation)
    XCTAssertEqual(turned.transform.columns.1, object.transform.columns.1, "about the normal")

    XCTAssertNil(placement.pinch(object.identifier, by: 2), "scaling is off by default")
    var scaling = PlacementConfiguration()
    scaling.allowsScaling = true
    let scalable = try PlacementController(configuration: scaling)
    let other = try scalable.place(name: "toy", constraint: .anySurface, at: tap, in: session).get()
    XCTAssertEqual(scalable.pinch(other.identifier, by: 2)?.scale, 2)
    XCTAssertEqual(scalable.pinch(other.identifier, by: 100)?.scale, 10, "clamped to the range")

    let moved = try XCTUnwrap(
      placement.drag(object.identifier, to: tap + SIMD2(0, 0.05), camera: camera, in: session))
    XCTAssertEqual(
      moved.transform.translation.y, object.transform.translation.y, accuracy: 0.002,
      "along the floor")
    XCTAssertGreaterThan(distance(moved.transform.translation, object.transform.translation), 0.02)
  }

  func testAnObjectOutOfViewGetsAnArrowOnTheScreensEdge() throws {
    var camera = Camera(intrinsics: RoomWalk.intrinsics)
    camera.trackingState = .normal
    // The camera looks down -Z from the origin.
    XCTAssertNil(OffScreenIndicator(pointingAt: SIMD3(0, 0, -2), from: camera), "in view")
    let right = try XCTUnwrap(OffScreenIndicator(pointingAt: SIMD3(5, 0, -1), from: camera))
    XCTAssertEqual(right.edgePoint.x, 1, accuracy: 1e-6)
    XCTAssertEqual(right.angle, 0, accuracy: 0.01)
    XCTAssertFalse(right.isBehind)
    let above = try XCTUnwrap(OffScreenIndicator(pointingAt: SIMD3(0, 5, -1), from: camera))
    XCTAssertEqual(above.edgePoint.y, 0, accuracy: 1e-6)
    XCTAssertEqual(above.angle, -.pi / 2, accuracy: 0.01)
    let behindLeft = try XCTUnwrap(OffScreenIndicator(pointingAt: SIMD3(-1, 0, 3), from: camera))
    XCTAssertTrue(behindLeft.isBehind)
    XCTAssertEqual(behindLeft.edgePoint.x, 0, accuracy: 1e-6, "turn left")
  }

  func testTheSpringNeverOvershootsAndRespectsItsSpeedCap() {
    var spring = CriticallyDampedSpring(at: .zero)
    let goal = SIMD3<Float>(0.02, 0, 0)
    var previous: Float = 0
    for _ in 0..<60 {
      spring.step(towards: goal, dt: 1.0 / 60, rate: 12, maximumSpeed: 0.25)
      XCTAssertLessThanOrEqual(spring.position.x, goal.x + 1e-7, "no overshoot")
      XCTAssertGreaterThanOrEqual(spring.position.x, previous, "monotonic")
      previous = spring.position.x
    }
    XCTAssertEqual(spring.position.x, goal.x, accuracy: 1e-5)
    var far = CriticallyDampedSpring(at: .zero)
    far.step(towards: SIMD3(1, 0, 0), dt: 1.0 / 60, rate: 12, maximumSpeed: 0.25)
    XCTAssertEqual(far.position.x, 0.25 / 60, accuracy: 1e-6, "capped")
  }

  func testIdentifiersCountFromTheSeedAndBadConfigurationsAreNamed() throws {
    let session = try makeSession()
    _ = try session.process(Self.frames[0])
    let tap = try XCTUnwrap(
      RoomWalk.screenPoints(on: "floor", time: 0, near: SIMD2(0.5, 0.8)).first)
    var configuration = PlacementConfiguration()
    configuration.identifierSeed = 41
    let placement = try PlacementController(configuration: configuration)
    let object = try placement.place(name: "a", constraint: .anySurface, at: tap, in: session).get()
    XCTAssertEqual(object.identifier, AnchorIdentifier.uuid(kind: .placedObject, coreID: 42))
    configuration.maximumSpeed = 0
    XCTAssertThrowsError(try PlacementController(configuration: configuration)) {
      XCTAssertTrue(($0 as! ARSceneError).message.contains("maximumSpeed"), "\($0)")
    }
    XCTAssertNil(PlacementConstraint(surfaceName: "sofa"))
    XCTAssertEqual(PlacementConstraint(surfaceName: "floor"), PlacementConstraint(on: .floor))
    XCTAssertEqual(PlacementConstraint(surfaceName: "vertical")?.alignment, .vertical)
  }

  private func anchorPoint(_ world: SIMD3<Float>, _ anchor: PlaneAnchor) -> SIMD2<Float> {
    let local = anchor.transform.rigidInverse.transformPoint(world)
    return SIMD2(local.x, local.z)
  }
}

private func distance<V: SIMD>(_ a: V, _ b: V) -> Float where V.Scalar == Float {
  ((a - b) * (a - b)).sum().squareRoot()
}

extension Result {
  fileprivate var failureValue: Failure? {
    if case .failure(let failure) = self { return failure }
    return nil
  }
}
