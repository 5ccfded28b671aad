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
