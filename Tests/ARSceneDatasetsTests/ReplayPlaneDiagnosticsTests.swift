import ARScene
import ARSceneDatasets
import Foundation
import XCTest

/// Depth that cannot give planes is named in the replay's summary: no
/// depth, all-zero depth, depth mostly holes, a scale off by 1000.
final class ReplayPlaneDiagnosticsTests: XCTestCase {
  private let camera = CameraIntrinsics(fx: 30, fy: 30, cx: 16, cy: 12, width: 32, height: 24)

  /// A four-frame native sequence whose depth maps hold `depth(x, y)` raw
  /// units, `unitsPerMeter` of them per metre; nil `unitsPerMeter` writes
  /// no depth at all.
  private func sequence(
    unitsPerMeter: Float?, depth: (Int, Int) -> UInt16 = { _, _ in 2000 }
  ) throws -> any DatasetSequence {
    let folder = try SequenceFixtures.temporaryFolder(self)
    let writer = try NativeSequenceWriter(
      directory: folder,
      description: SequenceDescription(
        name: "depth-check", camera: camera, depthUnitsPerMeter: unitsPerMeter, frameRate: 10))
    var values = [UInt16]()
    for y in 0..<camera.height { for x in 0..<camera.width { values.append(depth(x, y)) } }
    let map = try PixelBuffer(
      format: .depthUInt16, width: camera.width, height: camera.height,
      bytes: values.withUnsafeBytes { Array($0) })
    for index in 0..<4 {
      try writer.append(
        CapturedFrame(
          timestamp: Double(index) / 10, intrinsics: camera,
          capturedImage: try SequenceFixtures.colorImage(seed: index),
          depth: unitsPerMeter.map { DepthData(depthMap: map, unitsPerMeter: $0) }),
        groundTruth: nil)
    }
    try writer.finish()
    return try SequenceLoader.open(folder)
  }

  private func replay(
    _ sequence: any DatasetSequence,
    detection: WorldTrackingConfiguration.PlaneDetection = [.horizontal, .vertical]
  ) throws -> (summary: ReplaySummary, lastLine: String) {
    var configuration = WorldTrackingConfiguration()
    configuration.planeDetection = detection
    var lines: [String] = []
    let summary = try Replay(
      sequence: sequence, configuration: configuration,
      options: ReplayOptions(includeTimings: false)
    ).run(emit: { lines.append($0) })
    XCTAssertFalse(
      lines.contains { $0.contains(#""type":"anchorAdded""#) }, "no planes from unusable depth")
    return (summary, lines.last ?? "")
  }

  /// The one diagnostic, checked in the summary, its text and its event.
  private func assertDiagnostic(
    _ result: (summary: ReplaySummary, lastLine: String), contains parts: [String],
    file: StaticString = #filePath, line: UInt = #line
  ) throws {
    let diagnostics = result.summary.depthDiagnostics
    XCTAssertEqual(diagnostics.count, 1, "\(diagnostics)", file: file, line: line)
    let message = diagnostics.first ?? ""
    for part in parts {
      XCTAssertTrue(message.contains(part), "'\(message)' lacks '\(part)'", file: file, line: line)
    }
    XCTAssertTrue(
      result.summary.readableText.contains("Depth unusable for planes: \(message)"),
      result.summary.readableText, file: file, line: line)
    let event = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(result.lastLine.utf8)) as? [String: Any])
    let planes = try XCTUnwrap(event["planes"] as? [String: Any], file: file, line: line)
    XCTAssertEqual(planes["depthDiagnostics"] as? [String], diagnostics, file: file, line: line)
  }

  func testGoodDepthHasNoDiagnostic() throws {
    let result = try replay(try sequence(unitsPerMeter: 1000))
    XCTAssertEqual(result.summary.depthDiagnostics, [])
    XCTAssertEqual(result.summary.medianDepthMeters ?? 0, 2, accuracy: 1e-9)
    XCTAssertEqual(result.summary.meanValidDepthFraction, 1, accuracy: 1e-6)
    XCTAssertFalse(result.summary.readableText.contains("Depth unusable"))
    XCTAssertFalse(result.summary.readableText.contains("Not tracked"))
  }

  /// Up without an accelerometer is judged only on frames with a measured
  /// pose; when it stays undecided the summary counts them instead of
  /// blaming the floor, so tracking that hardly started reads as the cause.
  func testUndecidedUpCountsTheFramesItWasJudgedOn() throws {
    let result = try replay(try sequence(unitsPerMeter: 1000))
    XCTAssertEqual(result.summary.worldUp?.source, .undecided)
    let measured = result.summary.framesWithMeasuredPose
    XCTAssertLessThan(measured, 4, "a 32x24 random image is hardly tracked")
    let text = result.summary.readableText
    XCTAssertTrue(
      text.contains(
        "They are judged in frames with a measured pose (\(measured == 0 ? "none" : "\(measured)") here)"
      ),
      text)
    XCTAssertFalse(text.contains("not enough floor"), text)
  }

  func testNoDepthAtAll() throws {
    let result = try replay(try sequence(unitsPerMeter: nil))
    try assertDiagnostic(
      result,
      contains: [
        "no depth", "none of the 4 frames has a depth map",
        "only from the points tracking follows, once an IMU has given metres",
      ])
    // Four frames are too few for tracking without depth to start, and the
    // summary says why.
    XCTAssertTrue(
      result.summary.readableText.contains(
        "Not tracked: none of the 4 frames has a depth map, and tracking without depth never"
          + " started"),
      result.summary.readableText)
  }

  func testAllZeroDepth() throws {
    let result = try replay(try sequence(unitsPerMeter: 1000) { _, _ in 0 })
    try assertDiagnostic(result, contains: ["depth is all zero", "4 depth maps"])
    XCTAssertNil(result.summary.medianDepthMeters)
  }

  func testDepthMostlyHoles() throws {
    // Columns 0, 1, 16 and 17 have depth: an eighth of the pixels, also of
    // those the core's statistics sample (every second column).
    let result = try replay(
      try sequence(unitsPerMeter: 1000) { x, _ in (x / 2) % 8 == 0 ? 2000 : 0 })
    try assertDiagnostic(result, contains: ["mostly holes", "%"])
    XCTAssertLessThan(result.summary.meanValidDepthFraction, 0.2)
  }

  /// Millimetres with a scale of 1 unit per metre: 2 m reads as 2 km.
  func testMillimetresReadAsMetres() throws {
    let result = try replay(try sequence(unitsPerMeter: 1))
    try assertDiagnostic(
      result,
      contains: [
        "median depth is 2000.0 m", "millimetres read as metres", "scale off by 1000?",
        "depthUnitsPerMeter",
      ])
  }

  /// 1000 times too many units per metre: 2 m reads as 2 mm.
  func testDepthScaleOffByAThousandTheOtherWay() throws {
    let result = try replay(try sequence(unitsPerMeter: 1_000_000))
    try assertDiagnostic(
      result, contains: ["median depth is 0.0020 m", "under 5 cm", "scale off by 1000?"])
  }

  func testNothingIsDiagnosedWithDetectionOff() throws {
    let result = try replay(try sequence(unitsPerMeter: 1), detection: [])
    XCTAssertEqual(result.summary.depthDiagnostics, [])
  }
}
