import XCTest

@testable import ARSceneDatasets

/// The machine unit: measured from real ORB runs, its spread telling a
/// machine whose speed changed, and times divided by it.
final class MachineUnitTests: XCTestCase {
  func testCheckpointsMeasureORBAndTheirSpread() throws {
    var sampler = MachineUnitSampler()
    XCTAssertNil(sampler.unit, "no unit before the first checkpoint")
    try sampler.checkpoint()
    let first = try XCTUnwrap(sampler.unit)
    XCTAssertEqual(first.samples, MachineUnitSampler.samplesPerCheckpoint)
    XCTAssertEqual(first.spread, 0, "one checkpoint cannot spread")
    // ORB on 640x480 takes milliseconds on any machine of our kind, never
    // microseconds (nothing timed) or seconds.
    XCTAssertTrue((0.3...200).contains(first.milliseconds), "\(first.milliseconds) ms")
    try sampler.checkpoint()
    let second = try XCTUnwrap(sampler.unit)
    XCTAssertEqual(second.samples, 2 * MachineUnitSampler.samplesPerCheckpoint)
    XCTAssertGreaterThanOrEqual(second.spread, 0)
  }

  func testASpreadOverAQuarterSaysTheSpeedChanged() {
    let steady = MachineUnit(milliseconds: 4, spread: 0.25, samples: 21)
    XCTAssertFalse(steady.speedChanged)
    XCTAssertNil(steady.speedWarning)
    let changed = MachineUnit(milliseconds: 4, spread: 0.3, samples: 21)
    XCTAssertTrue(changed.speedChanged)
    XCTAssertTrue(try XCTUnwrap(changed.speedWarning).contains("30%"))
    XCTAssertEqual(changed.units(6), 1.5)
    XCTAssertTrue(changed.summary.contains("U = 4.000 ms"), changed.summary)
    XCTAssertTrue(changed.summary.contains("median of 21 samples"), changed.summary)
  }

  func testMeasureRefusesNoCheckpoints() {
    XCTAssertThrowsError(try MachineUnit.measure(checkpoints: 0)) { error in
      XCTAssertTrue("\(error)".contains("at least 1 checkpoint"), "\(error)")
    }
  }
}
