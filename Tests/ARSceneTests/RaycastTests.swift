import Foundation
import XCTest

@testable import ARScene

/// ``Session/raycast(_:)`` against the synthetic room, whose true depth and
/// plane heights are known exactly.
final class RaycastTests: XCTestCase {
  private static let frames = RoomWalk.frames(20)

  /// Normalised image points at pixel centres on a 7 x 5 grid.
  private static let grid: [SIMD2<Float>] = (0..<5).flatMap { row in
    (0..<7).map { column in
      let u = 20 + 46 * column
      let v = 20 + 50 * row
      return SIMD2(
        (Float(u) + 0.5) / Float(RoomWalk.intrinsics.width),
        (Float(v) + 0.5) / Float(RoomWalk.intrinsics.height))
    }
  }

  private func session(
    processing count: Int, detection: WorldTrackingConfiguration.PlaneDetection = []
  )
    throws -> Session
  {
    var configuration = RoomWalk.configuration
    configuration.planeDetection = detection
    let session = try Session(configuration: configuration)
    for captured in Self.frames.prefix(count) { _ = try session.process(captured) }
    return session
  }

  func testTheEstimatedPlaneAnswersOnTheFirstFrameAtTheTrueDepth() throws {
    let session = try session(processing: 1)
    let camera = try XCTUnwrap(session.currentFrame?.camera)
    let depth = try RoomWalk.trueDepth(at: 0)
    let floorY = try RoomWalk.sessionHeight("floor")
    var checked = 0
    var horizontal = 0
    for point in Self.grid {
      guard let truth = RoomWalk.trueDistance(at: point, depth: depth) else { continue }
      let query = try XCTUnwrap(
        RaycastQuery(screenPoint: point, camera: camera, allowing: .estimatedPlane, alignment: .any)
      )
      // A pixel on an edge or a curve may give no plane; every answer must
      // be right.
      guard let hit = try session.raycast(query).first else { continue }
      checked += 1
      // Within 5 mm, or 0.5 % beyond a metre: far away a patch of a few
      // pixels spans decimetres (the shelf's uneven row of book spines at
      // 4.6 m is off by 2 cm). A slope is a patch on a curved object or
      // across a small step, where a plane is only an approximation.
      let tolerance: Float = hit.targetAlignment == .any ? 0.03 : max(0.005, 0.005 * truth)
      XCTAssertEqual(
        hit.distance, truth, accuracy: tolerance, "at \(point), \(hit.targetAlignment)")
      XCTAssertNil(hit.anchor)
      XCTAssertEqual(hit.target, .estimatedPlane)
      let normal = hit.worldTransform.columns.1
      XCTAssertLessThan(
        SIMD3(normal.x, normal.y, normal.z).dotWithRay(query.direction), 0, "+Y faces the ray")
      if hit.targetAlignment == .horizontal {
        horizontal += 1
        XCTAssertEqual(normal.y, 1, accuracy: 1e-6, "a level surface snaps to level")
        if abs(hit.worldTransform.translation.y - floorY) < 0.05 {
          XCTAssertEqual(hit.worldTransform.translation.y, floorY, accuracy: 0.005)
        }
      }
    }
    XCTAssertGreaterThanOrEqual(checked, 20, "most grid points see a flat surface")
    XCTAssertGreaterThanOrEqual(horizontal, 5, "the floor and the table are in view")
  }

  func testARayFromElsewhereMeetsTheDepthWhereTheCamerasOwnRayDoes() throws {
    let session = try session(processing: 1)
    let camera = try XCTUnwrap(session.currentFrame?.camera)
    var compared = 0
    for point in Self.grid {
      let own = try XCTUnwrap(
        RaycastQuery(screenPoint: point, camera: camera, allowing: .estimatedPlane, alignment: .any)
      )
      // 30 cm behind and 10 cm beside the camera: the ray is marched through
      // the depth instead of read off one pixel.
      let origin = own.origin - 0.3 * own.direction + SIMD3(0.1, 0, 0)
      guard let hit = try session.raycast(own).first else { continue }
      let target = hit.worldTransform.translation
      let other = RaycastQuery(
        origin: origin, direction: target - origin, allowing: .estimatedPlane, alignment: .any)
      guard let marched = try session.raycast(other).first else { continue }
      compared += 1
      let offset = marched.worldTransform.translation - target
      XCTAssertLessThan((offset * offset).sum().squareRoot(), 0.01, "at \(point)")
    }
    XCTAssertGreaterThanOrEqual(compared, 15)
  }

  func testAlignmentFiltersTheEstimatedPlane() throws {
    let session = try session(processing: 1)
    let camera = try XCTUnwrap(session.currentFrame?.camera)
    var sawFloorOnly = false
    for point in Self.grid {
      func hits(_ alignment: RaycastQuery.TargetAlignment) throws -> [RaycastResult] {
        try session.raycast(
          XCTUnwrap(
            RaycastQuery(
              screenPoint: point, camera: camera, allowing: .estimatedPlane, alignment: alignment)))
      }
      let any = try hits(.any)
      guard let found = any.first?.targetAlignment else { continue }
      for wanted in [RaycastQuery.TargetAlignment.horizontal, .vertical] {
        XCTAssertEqual(try hits(wanted).isEmpty, found != wanted, "\(wanted) at \(point)")
      }
      if found == .horizontal { sawFloorOnly = true }
    }
    XCTAssertTrue(sawFloorOnly)
  }

  func testPlaneAnchorsAreHitInsideTheirBoundaryOrAnywhereWhenInfinite() throws {
    let session = try session(processing: 20, detection: [.horizontal, .vertical])
    let camera = try XCTUnwrap(session.currentFrame?.camera)
    let floorY = try RoomWalk.sessionHeight("floor")
    let floor = try XCTUnwrap(
      session.planeAnchors.first { abs($0.transform.translation.y - floorY) < 0.02 })

    // Straight down from the camera onto the floor's centre, then far
    // beyond the room: the boundary matters only for geometry.
    let centre = floor.transform.transformPoint(floor.center)
    for (point, inside) in [(centre, true), (centre + SIMD3(6, 0, 0), false)] {
      let origin = camera.transform.translation
      let geometry = try session.raycast(
        RaycastQuery(
          origin: origin, direction: point - origin, allowing: .existingPlaneGeometry,
          alignment: .horizontal))
      let infinite = try session.raycast(
        RaycastQuery(
          origin: origin, direction: point - origin, allowing: .existingPlaneInfinite,
          alignment: .horizontal))
      let onFloor = { (results: [RaycastResult]) in
        results.first { $0.anchor?.identifier == floor.identifier }
      }
      XCTAssertEqual(onFloor(geometry) != nil, inside, "geometry at \(point)")
      let hit = try XCTUnwrap(onFloor(infinite), "infinite at \(point)")
      XCTAssertEqual(hit.target, .existingPlaneInfinite)
      XCTAssertEqual(hit.targetAlignment, .horizontal)
      let expected = (point - origin)
      XCTAssertEqual(hit.distance, (expected * expected).sum().squareRoot(), accuracy: 0.01)
      XCTAssertEqual(
        hit.worldTransform.translation.y, floor.transform.translation.y, accuracy: 1e-4)
      XCTAssertEqual(
        try session.raycast(
          RaycastQuery(
            origin: origin, direction: point - origin, allowing: .existingPlaneInfinite,
            alignment: .vertical)
        ).contains { $0.anchor?.identifier == floor.identifier }, false)
      XCTAssertEqual(infinite.map(\.distance), infinite.map(\.distance).sorted(), "nearest first")
    }
  }

  func testBadQueriesAreRefusedWithTheirReason() throws {
    let session = try session(processing: 1)
    for (direction, word) in [
      (SIMD3<Float>(0, 0, 0), "zero length"), (SIMD3<Float>(.nan, 0, 1), "direction[0]"),
    ] {
      XCTAssertThrowsError(
        try session.raycast(
          RaycastQuery(
            origin: .zero, direction: direction, allowing: .estimatedPlane, alignment: .any))
      ) { error in
        let error = error as! ARSceneError
        XCTAssertEqual(error.code, .invalidArgument)
        XCTAssertTrue(error.message.contains(word), error.message)
      }
    }
    XCTAssertThrowsError(
      try session.raycast(
        RaycastQuery(
          origin: SIMD3(.infinity, 0, 0), direction: SIMD3(0, 0, -1), allowing: .estimatedPlane,
          alignment: .any)))
    session.raycastConfiguration.patchRadius = 1
    XCTAssertThrowsError(
      try session.raycast(
        RaycastQuery(
          origin: .zero, direction: SIMD3(0, 0, -1), allowing: .estimatedPlane, alignment: .any))
    ) { XCTAssertTrue(($0 as! ARSceneError).message.contains("patchRadius"), "\($0)") }
    XCTAssertNil(
      RaycastQuery(
        screenPoint: SIMD2(.nan, 0.5), camera: session.currentFrame!.camera,
        allowing: .estimatedPlane, alignment: .any))
  }

  func testNothingIsHitBeforeTheFirstFrame() throws {
    let session = try Session(configuration: RoomWalk.configuration)
    XCTAssertEqual(
      try session.raycast(
        RaycastQuery(
          origin: .zero, direction: SIMD3(0, -1, -1), allowing: .estimatedPlane, alignment: .any)),
      [])
  }

  func testScreenPointsAndWorldPointsRoundTrip() throws {
    var camera = Camera(intrinsics: RoomWalk.intrinsics, transform: RoomWalk.pose(at: 0.4))
    camera.trackingState = .normal
    for point in Self.grid {
      let direction = try XCTUnwrap(camera.worldDirection(throughScreenPoint: point))
      let world = camera.transform.translation + 2.5 * direction
      let back = try XCTUnwrap(camera.screenPoint(ofWorldPoint: world))
      XCTAssertTrue(back.isInFront)
      XCTAssertEqual(back.point.x, point.x, accuracy: 1e-5)
      XCTAssertEqual(back.point.y, point.y, accuracy: 1e-5)
    }
  }

  func testTheLoopCastsTrackedRaycastsOnEveryTick() throws {
    let loop = try SessionLoop(session: try Session(configuration: RoomWalk.configuration))
    _ = try loop.tick(processing: [Self.frames[0]])
    let camera = try XCTUnwrap(loop.session.currentFrame?.camera)
    var updates = 0
    let tracked = try XCTUnwrap(
      loop.session.trackedRaycast(
        XCTUnwrap(
          RaycastQuery(
            screenPoint: SIMD2(0.5, 0.9), camera: camera, allowing: .estimatedPlane,
            alignment: .any))
      ) { _ in updates += 1 })
    XCTAssertEqual(updates, 1)
    for index in 1..<6 {
      _ = try loop.tick()  // predicted: the same depth, no change
      _ = try loop.tick(processing: [Self.frames[index]])
    }
    XCTAssertGreaterThan(updates, 1, "new frames' depth reached the handler through the loop")
    XCTAssertFalse(tracked.isStopped)
  }

  func testTrackedRaycastsUpdateUntilStoppedOrReset() throws {
    var configuration = RoomWalk.configuration
    configuration.planeDetection = [.horizontal]
    let session = try Session(configuration: configuration)
    _ = try session.process(Self.frames[0])
    let camera = try XCTUnwrap(session.currentFrame?.camera)
    let query = try XCTUnwrap(
      RaycastQuery(
        screenPoint: SIMD2(0.5, 0.9), camera: camera, allowing: .estimatedPlane, alignment: .any))
    var updates: [[RaycastResult]] = []
    let tracked = try XCTUnwrap(session.trackedRaycast(query) { updates.append($0) })
    XCTAssertEqual(updates.count, 1, "the first results come at once")
    XCTAssertEqual(tracked.results, updates.last)
    let tick = { (index: Int) in
      Tick(
        index: index, time: Double(index) / 60, duration: 1.0 / 60, camera: camera,
        isCameraPredicted: true)
    }
    session.advance(tick(1))
    XCTAssertEqual(updates.count, 1, "an unchanged world wakes nobody")
    for index in 1..<6 {
      _ = try session.process(Self.frames[index])
      session.advance(tick(2 * index))
    }
    XCTAssertGreaterThan(updates.count, 1, "new depth from new viewpoints moves the hit a little")
    for results in updates {
      XCTAssertEqual(results.count, 1)
      XCTAssertEqual(
        results[0].worldTransform.translation.y, updates[0][0].worldTransform.translation.y,
        accuracy: 0.005)
    }
    tracked.stop()
    let stoppedAt = updates.count
    _ = try session.process(Self.frames[6])
    session.advance(tick(14))
    XCTAssertEqual(updates.count, stoppedAt, "no update after stop()")
    XCTAssertTrue(session.trackedRaycasts.isEmpty)

    let second = try XCTUnwrap(session.trackedRaycast(query) { _ in })
    try session.reset()
    XCTAssertTrue(second.isStopped, "a reset stops tracked raycasts")
    XCTAssertNil(session.currentFrame)
    XCTAssertNil(
      session.trackedRaycast(
        RaycastQuery(origin: .zero, direction: .zero, allowing: .estimatedPlane, alignment: .any)
      ) { _ in }, "an uncastable query is not tracked")
  }
}

extension SIMD3<Float> {
  fileprivate func dotWithRay(_ ray: SIMD3<Float>) -> Float { (self * ray).sum() }
}
