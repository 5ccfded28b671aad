import ARScene
import ARSceneDatasets
import Foundation
import XCTest

/// The camera motions and scenario scripts: smooth, where they claim to be,
/// and validated before anything is written.
final class SyntheticMotionTests: XCTestCase {
  private func forward(_ pose: CameraPose) -> SIMD3<Double> { -pose.rotation.matrixColumns.2 }

  func testEveryMotionIsSmoothAndRepeatable() {
    for kind in SyntheticMotion.allCases {
      let motion = kind.motion(seed: 3, scenario: .normal)
      for t in stride(from: -0.1, through: 5.0, by: 0.37) {
        let a = motion.pose(at: t)
        XCTAssertEqual(a, motion.pose(at: t), "\(kind.rawValue) is a function of time")
        let b = motion.pose(at: t + 1e-3)
        let step = b.position - a.position
        XCTAssertLessThan((step * step).sum().squareRoot(), 2e-3, "\(kind.rawValue) at \(t)")
        XCTAssertLessThan(a.rotation.angle(to: b.rotation), 2e-3, "\(kind.rawValue) at \(t)")
        XCTAssertEqual(a.rotation.norm, 1, accuracy: 1e-9)
      }
    }
  }

  func testOrbitCirclesTheTableLookingAtIt() {
    let orbit = OrbitMotion()
    for t in stride(from: 0.0, through: 20, by: 1.3) {
      let pose = orbit.pose(at: t)
      let offset = pose.position - orbit.centre
      XCTAssertEqual(
        (offset.x * offset.x + offset.z * offset.z).squareRoot(), orbit.radius, accuracy: 1e-9)
      let toCentre = -offset / (offset * offset).sum().squareRoot()
      XCTAssertEqual((forward(pose) * toCentre).sum(), 1, accuracy: 1e-9)
    }
  }

  func testPanTurnsOnTheSpotFromOneEndOfItsSweep() {
    for pan in [PanMotion(), PanMotion.towardsBareWall] {
      XCTAssertEqual(pan.heading(at: 0), pan.centreHeading - pan.amplitude, accuracy: 1e-12)
      XCTAssertEqual(
        pan.heading(at: pan.period / 2), pan.centreHeading + pan.amplitude, accuracy: 1e-12)
      for t in stride(from: 0.0, through: 7, by: 0.7) {
        XCTAssertEqual(pan.pose(at: t).position, pan.position)
        // Image up stays in the vertical plane: a pan never rolls.
        XCTAssertEqual(pan.pose(at: t).rotation.matrixColumns.0.y, 0, accuracy: 1e-12)
      }
    }
  }

  func testSpinAddsOneFullTurnAndReturnsToTheBaseMotion() {
    let base = HandheldWalk(seed: 1)
    let spin = SpinningMotion(base: base, start: 1, end: 2)
    for t in [0.0, 0.5, 1.0] {
      XCTAssertEqual(
        spin.pose(at: t).rotation.angle(to: base.pose(at: t).rotation), 0, accuracy: 1e-9)
    }
    for t in [2.0, 2.5] {
      XCTAssertEqual(
        spin.pose(at: t).rotation.angle(to: base.pose(at: t).rotation), 0, accuracy: 1e-6)
    }
    XCTAssertEqual(spin.spin(at: 1.5), .pi, accuracy: 1e-12)
    XCTAssertEqual(spin.pose(at: 1.5).position, base.pose(at: 1.5).position)
    XCTAssertEqual(spin.peakRate, 1.875 * 2 * .pi, accuracy: 1e-12)
  }

  func testRelocalizeWalksAreSmoothOutsideTheirGap() throws {
    let duration = 12.0
    for scenario in [SyntheticScenario.relocalize, .relocalizeElsewhere] {
      let motion = SyntheticMotion.walk.motion(seed: 2, scenario: scenario, duration: duration)
      let gap = try XCTUnwrap(scenario.gap(duration: duration))
      // Frames come right up to the gap and right after it, so the motion
      // must be smooth there too (inside it nothing is rendered or measured).
      let times =
        Array(stride(from: 0.0, to: gap.lowerBound, by: 0.37)) + [gap.lowerBound - 1e-3]
        + [gap.upperBound] + Array(stride(from: gap.upperBound, to: duration, by: 0.37))
      for t in times {
        let a = motion.pose(at: t)
        let b = motion.pose(at: t + 1e-3)
        XCTAssertLessThan((b.position - a.position).length, 2e-3, "\(scenario.rawValue) at \(t)")
        XCTAssertLessThan(a.rotation.angle(to: b.rotation), 2e-3, "\(scenario.rawValue) at \(t)")
      }
    }
  }

  /// relocalize-elsewhere must never show the camera a place it mapped before
  /// the gap. The room's shell is an empty box to the cameras on the walk's
  /// circle, with furniture only inside the circle, so a point of the shell
  /// that a camera outside the furniture sees is one inside its frustum:
  /// rays cast from every post-gap view onto the shell must land outside
  /// every pre-gap frustum. Furniture can only hide more from the pre-gap
  /// views, which look across the room; the post-gap views look outwards, at
  /// the walls beside the circle, with nothing in between.
  func testRelocalizeElsewhereNeverSeesWhatTheWalkSawBeforeTheGap() throws {
    let duration = 12.0  // 360 frames at 30 Hz
    let gap = try XCTUnwrap(SyntheticScenario.relocalizeElsewhere.gap(duration: duration))
    let camera = SyntheticSequenceGenerator().intrinsics
    let paths = [HandheldWalk.Path()] + (1...6).map { HandheldWalk.Path.drawn(seed: $0) }
    for (index, path) in paths.enumerated() {
      func motion(_ scenario: SyntheticScenario) -> any CameraMotion {
        SyntheticMotion.walk.motion(seed: 1, scenario: scenario, path: path, duration: duration)
      }
      let elsewhere = motion(.relocalizeElsewhere)
      let before = stride(from: 0.0, to: gap.lowerBound, by: 0.1).map { elsewhere.pose(at: $0) }
      let after = stride(from: gap.upperBound, to: duration, by: 0.25).map {
        elsewhere.pose(at: $0)
      }
      // Before the gap the walk looks at the room's middle, after it away.
      for pose in before {
        XCTAssertLessThan(outwardness(pose), -0.5, "path \(index) looks inwards before the gap")
      }
      for pose in after {
        XCTAssertGreaterThan(outwardness(pose), 0.5, "path \(index) looks outwards after it")
      }

      let seen = sharedView(after: after, before: before, camera: camera)
      XCTAssertEqual(seen.share, 0, "path \(index): post-gap points a pre-gap view saw")
      // Close enough to a wall to look at it, far enough for depth (0.4 m).
      XCTAssertGreaterThan(seen.nearest, 0.6, "path \(index): nearest surface in view")

      // The same measure finds the mapped place relocalize comes back to.
      let returning = motion(.relocalize)
      let back = sharedView(
        after: stride(from: gap.upperBound, to: duration, by: 0.25).map { returning.pose(at: $0) },
        before: stride(from: 0.0, to: gap.lowerBound, by: 0.1).map { returning.pose(at: $0) },
        camera: camera)
      XCTAssertGreaterThan(back.share, 0.5, "path \(index): relocalize returns")
    }
  }

  /// How much a camera looks away from the room's vertical axis: the cosine
  /// between its horizontal gaze and its horizontal offset from the axis.
  private func outwardness(_ pose: CameraPose) -> Double {
    let gaze = forward(pose) * SIMD3(1, 0, 1)
    let offset = pose.position * SIMD3(1, 0, 1)
    return (gaze * offset).sum() / (gaze.length * offset.length)
  }

  /// Casts a grid of rays from each of `after`'s views onto the room's shell
  /// (6 x 5 x 2.7 m, floor at y = 0, centred on the origin: the room scene's
  /// fixed geometry) and returns the share of the points hit that lie inside
  /// some frustum of `before`, with the nearest hit's distance.
  private func sharedView(
    after: [CameraPose], before: [CameraPose], camera: CameraIntrinsics
  ) -> (share: Double, nearest: Double) {
    let low = SIMD3<Double>(-3, 0, -2.5)
    let high = SIMD3<Double>(3, 2.7, 2.5)
    var hits = 0
    var shared = 0
    var nearest = Double.infinity
    for view in after {
      for v in stride(from: 0, to: camera.height, by: 40) {
        for u in stride(from: 0, to: camera.width, by: 40) {
          let ray = view.rotation.rotate(
            SIMD3((Double(u) - camera.cx) / camera.fx, -(Double(v) - camera.cy) / camera.fy, -1))
          var distance = Double.infinity
          for axis in 0..<3 where ray[axis] != 0 {
            let wall = ray[axis] > 0 ? high[axis] : low[axis]
            distance = min(distance, (wall - view.position[axis]) / ray[axis])
          }
          let point = view.position + ray * distance
          nearest = min(nearest, (point - view.position).length)
          hits += 1
          if before.contains(where: { inFrustum(point, of: $0, camera: camera) }) { shared += 1 }
        }
      }
    }
    return (Double(shared) / Double(hits), nearest)
  }

  private func inFrustum(
    _ point: SIMD3<Double>, of pose: CameraPose, camera: CameraIntrinsics
  ) -> Bool {
    let local = pose.rotation.conjugate.rotate(point - pose.position)
    let depth = -local.z
    guard depth > 0 else { return false }
    let u = local.x / depth * camera.fx + camera.cx
    let v = -local.y / depth * camera.fy + camera.cy
    return u >= 0 && u < Double(camera.width) && v >= 0 && v < Double(camera.height)
  }

  func testScenarioEventsAreCentredAndFitShortSequences() {
    let event = ScenarioEvent(nominal: 2, maximumFraction: 0.6)
    XCTAssertEqual(event.interval(in: 10), 4...6)
    XCTAssertEqual(event.interval(in: 1), 0.2...0.8)
    XCTAssertNil(SyntheticScenario.normal.exposure(duration: 3))
    XCTAssertNotNil(SyntheticScenario.dark.exposure(duration: 3))
    XCTAssertNotNil(SyntheticScenario.fast.spin(duration: 3))
    XCTAssertEqual(SyntheticScenario.interruption.covered(duration: 3), 1...2)
    XCTAssertEqual(SyntheticScenario.noSurface.scene, .clutter)
    XCTAssertEqual(SyntheticScenario.noSurface.rawValue, "no-surface")
  }

  func testExposureDipFallsToItsFloorAndRecovers() {
    let dip = ExposureDip(interval: 2...6)
    XCTAssertEqual(dip.gain(at: 1), 1)
    XCTAssertEqual(dip.gain(at: 2), 1, accuracy: 1e-12)
    XCTAssertEqual(dip.gain(at: 4), 0.02, accuracy: 1e-12)
    XCTAssertEqual(dip.gain(at: 6), 1, accuracy: 1e-12)
    var previous = 1.0
    for t in stride(from: 2.0, through: 3.0, by: 0.1) {
      XCTAssertLessThanOrEqual(dip.gain(at: t), previous + 1e-12, "falls monotonically")
      previous = dip.gain(at: t)
    }
  }

  func testTimeRangesAreRunsOfFrames() {
    let times = [0.0, 0.1, 0.2, 0.3, 0.4, 0.5]
    XCTAssertEqual(
      TimeRange.runs([true, true, false, false, true, true], times: times),
      [TimeRange(from: 0, to: 0.1), TimeRange(from: 0.4, to: 0.5)])
    XCTAssertEqual(
      TimeRange.runs([false, true, false, false, false, false], times: times),
      [
        TimeRange(from: 0.1, to: 0.1)
      ])
    XCTAssertEqual(TimeRange.runs([], times: []), [])
  }

  func testGeneratorRejectsBadSettingsBeforeWritingAnything() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("arscene-synthetic-invalid-\(UUID().uuidString)")
    func rejects(_ change: (inout SyntheticSequenceGenerator) -> Void, _ fragment: String) {
      var generator = SyntheticSequenceGenerator()
      change(&generator)
      XCTAssertThrowsError(try generator.write(to: folder)) { error in
        XCTAssertTrue("\(error)".contains(fragment), "\(error) lacks \(fragment)")
      }
      XCTAssertFalse(FileManager.default.fileExists(atPath: folder.path), "nothing written")
    }
    rejects({ $0.frameCount = 0 }, "--frames")
    rejects({ $0.width = 8 }, "image size")
    rejects({ $0.height = 100_000 }, "image size")
    rejects({ $0.frameRate = .nan }, "frame rate")
    rejects({ $0.imuRate = 0 }, "IMU rate")
    rejects({ $0.shutterFraction = 2 }, "shutter")
    rejects({ $0.imuNoise.gyroscopeNoiseSigma = -1 }, "IMU noise")
    rejects(
      {
        $0.scenario = .noSurface
        $0.scene = .room
      }, "clutter")
    rejects(
      {
        $0.scenario = .textureless
        $0.scene = .clutter
      }, "room")

    // Scenarios that do not depend on the room's walls work in the clutter.
    for scenario in [SyntheticScenario.normal, .dark, .fast, .interruption] {
      var generator = SyntheticSequenceGenerator()
      generator.scenario = scenario
      generator.scene = .clutter
      XCTAssertNoThrow(try generator.validate(), scenario.rawValue)
      XCTAssertEqual(generator.resolvedScene, .clutter)
    }
  }
}

extension SIMD3 where Scalar == Double {
  fileprivate var length: Double { (self * self).sum().squareRoot() }
}
