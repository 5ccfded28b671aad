import ARScene
import Foundation
import XCTest

@testable import ARSceneDatasets

/// The convention check on synthetic data, where ground truth is exact: depth
/// moved between frames with the written poses must land on the other frame's
/// depth almost everywhere, and a wrong convention must not.
final class SyntheticReprojectionAgreementTests: XCTestCase {
  private func sequence(noise: Bool) throws -> (any DatasetSequence, URL) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reproj-\(UUID())")
    var generator = SyntheticSequenceGenerator()
    generator.frameCount = 31
    generator.width = 160
    generator.height = 120
    generator.seed = 9
    generator.sensorNoise = noise
    try generator.write(to: folder)
    return (try SequenceLoader.open(folder), folder)
  }

  func testNoiseFreeDepthAgreesAlmostEverywhere() throws {
    let (sequence, folder) = try sequence(noise: false)
    defer { try? FileManager.default.removeItem(at: folder) }
    // Frames 2/3 s apart: far enough that a wrong convention cannot pass.
    let agreement = try ReprojectionAgreement.measure(sequence, frameGap: 20, every: 5, step: 2)
    XCTAssertGreaterThan(agreement.compared, 5000)
    // What disagrees is what one frame sees and the other cannot: surfaces
    // uncovered or hidden between the views, and edge pixels (coarse at
    // 160x120). Measured 0.958 here.
    XCTAssertGreaterThan(agreement.fraction, 0.95, "\(agreement)")

    let inverted = sequence.groundTruth.map {
      TimedPose(
        timestamp: $0.timestamp, rotation: $0.rotation.conjugate,
        translation: -$0.rotation.conjugate.rotate($0.translation))
    }
    let wrong = try ReprojectionAgreement.measure(
      sequence, frameGap: 20, every: 5, groundTruth: inverted, step: 2)
    XCTAssertLessThan(wrong.fraction, 0.5, "inverted poses must fail the check: \(wrong)")
  }

  func testKinectLikeNoiseLowersAgreementOnlyModestly() throws {
    let (sequence, folder) = try sequence(noise: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let agreement = try ReprojectionAgreement.measure(sequence, frameGap: 20, every: 5, step: 2)
    XCTAssertGreaterThan(agreement.fraction, 0.7, "\(agreement)")
  }
}
