import ARScene
import XCTest

@testable import ARSceneDatasets

/// The timeline of `replay --loop`: passes one frame period apart, inertial
/// samples moved with their frames and none lost or repeated at the seam.
final class ReplayTimelineTests: XCTestCase {
  private let records = [10.0, 10.1, 10.2].enumerated().map {
    FrameRecord(index: $0.offset, timestamp: $0.element, colorPath: "/rgb/\($0.offset).png")
  }

  private func sample(_ t: Double) -> IMUSample {
    IMUSample(timestamp: t, acceleration: [0, 9.81, 0], rotationRate: [0, Float(t), 0])
  }

  private func frame(at t: Double, imu: [Double]) throws -> CapturedFrame {
    CapturedFrame(
      timestamp: t, intrinsics: CameraIntrinsics(fx: 1, fy: 1, cx: 0, cy: 0, width: 2, height: 2),
      capturedImage: try PixelBuffer(format: .gray8, width: 2, height: 2, bytes: [0, 0, 0, 0]),
      imuSamples: imu.map(sample))
  }

  func testPassesFollowOneFramePeriodApart() {
    let timeline = ReplayTimeline(records: records, passes: 3)
    XCTAssertEqual(timeline.count, 9)
    XCTAssertEqual(timeline.passDuration, 0.3, accuracy: 1e-12)
    let timestamps = timeline.map(\.timestamp)
    for (got, expected) in zip(timestamps, [10.0, 10.1, 10.2, 10.3, 10.4, 10.5, 10.6, 10.7, 10.8]) {
      XCTAssertEqual(got, expected, accuracy: 1e-9)
    }
    XCTAssertEqual(Array(timeline.prefix(3)), records, "the first pass is the sequence as it is")
    XCTAssertEqual(timeline[7].index, 1, "records keep their index in the sequence")
    XCTAssertEqual(timeline.source(at: 7), records[1])
    XCTAssertEqual(timeline.pass(at: 7), 2)
  }

  func testASingleFrameLoopsAtTheStatedRate() {
    let timeline = ReplayTimeline(records: [records[0]], passes: 4, fallbackFrameRate: 20)
    for (got, expected) in zip(timeline.map(\.timestamp), [10.0, 10.05, 10.1, 10.15]) {
      XCTAssertEqual(got, expected, accuracy: 1e-9)
    }
    XCTAssertEqual(timeline.count, 4)
  }

  func testAPauseDoesNotStretchTheSeam() {
    var paused = records
    paused.append(FrameRecord(index: 3, timestamp: 14.2, colorPath: "/rgb/3.png"))
    paused.append(FrameRecord(index: 4, timestamp: 14.3, colorPath: "/rgb/4.png"))
    let timeline = ReplayTimeline(records: paused, passes: 2)
    XCTAssertEqual(timeline[5].timestamp, 14.4, accuracy: 1e-9, "one median interval after 14.3")
  }

  func testInertialSamplesMoveWithTheirFrames() throws {
    // Samples every 0.05 s from 9.95 to 10.25: after the last frame (10.2)
    // comes 10.25, which the seam into the next pass must keep.
    let imu = [9.95, 10.0, 10.05, 10.1, 10.15, 10.2, 10.25].map(sample)
    let timeline = ReplayTimeline(records: records, passes: 3)

    let first = try frame(at: 10.0, imu: [9.95, 10.0])
    let unchanged = timeline.place(first, at: 0, imu: imu)
    XCTAssertEqual(unchanged.timestamp, 10.0)
    XCTAssertEqual(unchanged.imuSamples, first.imuSamples)

    // The seam: the sample after the first pass's last frame, then those up
    // to the first frame moved on a pass, each once and after 10.2.
    let seam = timeline.place(first, at: 3, imu: imu)
    XCTAssertEqual(seam.timestamp, 10.3, accuracy: 1e-9)
    let seamTimes = seam.imuSamples.map(\.timestamp)
    XCTAssertEqual(seamTimes.count, 2, "\(seamTimes)")
    XCTAssertEqual(seamTimes[0], 10.25, accuracy: 1e-9)
    XCTAssertEqual(seamTimes[1], 10.3, accuracy: 1e-9)
    XCTAssertEqual(seam.imuSamples[1].rotationRate, sample(10.0).rotationRate)

    let later = timeline.place(try frame(at: 10.1, imu: [10.05, 10.1]), at: 7, imu: imu)
    XCTAssertEqual(later.timestamp, 10.7, accuracy: 1e-9)
    let laterTimes = later.imuSamples.map(\.timestamp)
    XCTAssertEqual(laterTimes.count, 2)
    XCTAssertEqual(laterTimes[0], 10.65, accuracy: 1e-9)
    XCTAssertEqual(laterTimes[1], 10.7, accuracy: 1e-9)
  }
}
