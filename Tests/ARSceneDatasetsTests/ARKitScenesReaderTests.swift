import ARScene
import ARSceneDatasets
import Foundation
import XCTest

/// ARKitScenes folders: no real one is in ../shared/datasets, so the test
/// writes the layout from a known trajectory (a steady turn about a tilted
/// axis while moving along a line) and checks the reader recovers it at the
/// frames' own times, which fall between the trajectory's samples.
final class ARKitScenesReaderTests: XCTestCase {
  private let video = FormatFixtures.arkitVideo

  private func truth(_ t: Double) -> TimedPose { FormatFixtures.arkitTruth(t) }

  private func makeFolder() throws -> URL { try FormatFixtures.arkitScenes(self) }

  func testTrajectoryIsInvertedAndInterpolatedAtFrameTimes() throws {
    let folder = try makeFolder()
    let sequence = try SequenceLoader.open(folder)
    XCTAssertEqual(sequence.format, "arkitscenes")
    XCTAssertEqual(sequence.description.name, video)
    XCTAssertEqual(sequence.frames.map(\.timestamp), [10.05, 10.333, 10.95, 11.5])
    XCTAssertEqual(sequence.description.sensors, [.color, .depth, .groundTruth])
    XCTAssertEqual(sequence.description.depthUnitsPerMeter, 1000)
    XCTAssertEqual(
      sequence.problems,
      [
        "lowres_wide.traj: 1 of 4 frames fall outside the trajectory or in a gap over 0.2 s"
          + " (no ground truth)"
      ])

    XCTAssertEqual(sequence.groundTruth.count, 3)
    for pose in sequence.groundTruth {
      let expected = truth(pose.timestamp)
      XCTAssertEqual(
        pose.rotation.angle(to: expected.rotation), 0, accuracy: 1e-9, "\(pose.timestamp)")
      let error = pose.translation - expected.translation
      XCTAssertEqual((error * error).sum().squareRoot(), 0, accuracy: 1e-9, "\(pose.timestamp)")
    }

    XCTAssertEqual(sequence.description.camera.fx, 30, "the first frame's intrinsics")
    let second = try sequence.loadFrame(sequence.frames[1])
    XCTAssertEqual(second.intrinsics.fx, 30.1, accuracy: 1e-12, "each frame keeps its own")
    XCTAssertEqual(second.intrinsics.cx, 15.8)
    let depth = try XCTUnwrap(second.depth)
    XCTAssertEqual(depth.unitsPerMeter, 1000)
    XCTAssertEqual(
      SequenceFixtures.pixels(depth.depthMap),
      SequenceFixtures.pixels(try SequenceFixtures.depthImage(seed: 1)))
  }

  /// The reader states the LiDAR's depth noise; a native copy keeps it, and
  /// a replay takes it unless its configuration chose one (issue 47).
  func testTheLiDARDepthNoiseIsStatedKeptAndAdopted() throws {
    let sequence = try SequenceLoader.open(try makeFolder())
    XCTAssertEqual(sequence.description.depthNoise, 0.0075)
    let copy = FileManager.default.temporaryDirectory
      .appendingPathComponent("arkit-noise-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: copy) }
    _ = try SequenceConverter.convert(sequence, to: copy)
    let native = try SequenceLoader.open(copy)
    XCTAssertEqual(native.format, "native")
    XCTAssertEqual(native.description.depthNoise, 0.0075)

    let adopted = Replay(sequence: native).configuration
    XCTAssertEqual(adopted.tracking.depthNoise, 0.0075)
    var chosen = WorldTrackingConfiguration()
    chosen.tracking.depthNoise = 0.003
    XCTAssertEqual(
      Replay(sequence: native, configuration: chosen).configuration.tracking.depthNoise, 0.003)
    let kinect = try SequenceLoader.open(try FormatFixtures.sevenScenes(self))
    XCTAssertNil(kinect.description.depthNoise)
    XCTAssertEqual(
      Replay(sequence: kinect).configuration.tracking.depthNoise,
      WorldTrackingConfiguration.TrackingOptions().depthNoise)
  }

  func testBadFilesNameTheFile() throws {
    let folder = try makeFolder()
    let frames = folder.appendingPathComponent("\(video)_frames")
    let traj = frames.appendingPathComponent("lowres_wide.traj")
    try SequenceFixtures.write("10.0 0 0 0 1 2\n", to: traj)
    var error = SequenceFixtures.datasetError { try SequenceLoader.open(folder) }
    XCTAssertEqual(error?.file, traj.path)
    XCTAssertEqual(error?.line, 1)
    XCTAssertTrue(
      error?.message.contains("expected 7 fields") ?? false, "\(String(describing: error))")

    let pincam = frames.appendingPathComponent("lowres_wide_intrinsics/\(video)_10.050.pincam")
    try SequenceFixtures.write("32 24 -30 30 16 12\n", to: pincam)
    error = SequenceFixtures.datasetError { try SequenceLoader.open(folder) }
    XCTAssertEqual(error?.file, pincam.path)
    XCTAssertTrue(
      error?.message.contains("focal lengths must be > 0") ?? false, "\(String(describing: error))")

    try FileManager.default.removeItem(at: pincam)
    error = SequenceFixtures.datasetError { try SequenceLoader.open(folder) }
    XCTAssertEqual(error?.file, pincam.path)
    XCTAssertTrue(
      error?.message.contains("does not exist") ?? false, "\(String(describing: error))")

    try SequenceFixtures.write(
      try SequenceFixtures.colorImage(), to: frames.appendingPathComponent("lowres_wide/frame.png"))
    error = SequenceFixtures.datasetError { try SequenceLoader.open(folder) }
    XCTAssertTrue(
      error?.message.contains("<video id>_<timestamp>.png") ?? false, "\(String(describing: error))"
    )
  }
}
