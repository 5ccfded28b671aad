import XCTest

@testable import ARScene

/// The life of image anchors, with made-up observations: born on the first
/// sighting, tracked while seen, not tracked only after the loss delay (no
/// flicker on a missed frame), removed after the grace period, and removed
/// at once when a swap of the active set drops their picture.
final class ImageAnchorRegistryTests: XCTestCase {
  private func picture(_ name: String) throws -> ReferenceImage {
    try ReferenceImage(
      image: PixelBuffer(
        format: .gray8, width: 64, height: 64, bytes: [UInt8](repeating: 128, count: 64 * 64)),
      name: name, physicalWidth: 0.3)
  }

  private func tick(
    _ index: Int, at time: Double, predicted: Bool = false, camera: Transform = .identity
  ) -> Tick {
    Tick(
      index: index, time: time, duration: 1.0 / 30,
      camera: Camera(
        intrinsics: CameraIntrinsics(fx: 500, fy: 500, cx: 320, cy: 240, width: 640, height: 480),
        transform: camera, trackingState: .normal),
      isCameraPredicted: predicted)
  }

  /// A camera at the origin turned about +Y (positive: to the left).
  private func turned(_ degrees: Float) -> Transform {
    let a = degrees * .pi / 180
    return Transform(
      SIMD4(cos(a), 0, -sin(a), 0), SIMD4(0, 1, 0, 0), SIMD4(sin(a), 0, cos(a), 0),
      SIMD4(0, 0, 0, 1))
  }

  /// The poster 1 m in front of the origin, facing it (its +Y towards +Z).
  private func facing(_ name: String) -> TrackedImageRecord {
    TrackedImageRecord(
      name: name,
      worldFromImage: Transform(
        SIMD4(1, 0, 0, 0), SIMD4(0, 0, 1, 0), SIMD4(0, -1, 0, 0), SIMD4(0, 0, -1, 1)))
  }

  private func seen(_ name: String, x: Float = 0) -> TrackedImageRecord {
    TrackedImageRecord(
      name: name,
      worldFromImage: Transform(
        SIMD4(1, 0, 0, 0), SIMD4(0, 1, 0, 0), SIMD4(0, 0, 1, 0), SIMD4(x, 0, -1, 1)))
  }

  func testAnchorLivesThroughTheGracePeriodWithoutFlicker() throws {
    var registry = ImageAnchorRegistry(
      referenceImages: [try picture("poster")], gracePeriod: 1, trackingLossDelay: 0.1)
    registry.record([seen("poster")])
    var changes = registry.advance(tick(0, at: 0))
    XCTAssertEqual(changes.added.map(\.referenceImage.name), ["poster"])
    let identifier = try XCTUnwrap(changes.added.first?.identifier)
    XCTAssertTrue(changes.added[0].isTracked)

    // One frame without the poster: still tracked, nothing changes.
    registry.record([])
    changes = registry.advance(tick(1, at: 1.0 / 30))
    XCTAssertTrue(changes.added.isEmpty && changes.updated.isEmpty && changes.removed.isEmpty)
    XCTAssertEqual(registry.anchors.map(\.isTracked), [true])

    // Seen again and moved: one update, same identifier.
    registry.record([seen("poster", x: 0.01)])
    changes = registry.advance(tick(2, at: 2.0 / 30))
    XCTAssertEqual(changes.updated.map(\.identifier), [identifier])

    // Out of sight: not tracked once 0.1 s have passed, kept until 1 s.
    var lostAt: Double?
    var removedAt: Double?
    for index in 3..<60 {
      let time = Double(index) / 30
      registry.record([])
      changes = registry.advance(tick(index, at: time))
      if changes.updated.contains(where: { !$0.isTracked }) { lostAt = time }
      if changes.removed.contains(where: { $0.identifier == identifier }) { removedAt = time }
    }
    let lost = try XCTUnwrap(lostAt)
    let removed = try XCTUnwrap(removedAt)
    XCTAssertEqual(lost - 2.0 / 30, 0.1, accuracy: 1.0 / 30 + 1e-9)
    XCTAssertEqual(removed - 2.0 / 30, 1.0, accuracy: 1.0 / 30 + 1e-9)
    XCTAssertTrue(registry.anchors.isEmpty)

    // Back in view after removal: a new anchor with a new identifier.
    registry.record([seen("poster")])
    changes = registry.advance(tick(60, at: 2))
    XCTAssertEqual(changes.added.count, 1)
    XCTAssertNotEqual(changes.added[0].identifier, identifier)
  }

  func testPictureThatLeftTheViewIsNotTrackedAtOnce() throws {
    var registry = ImageAnchorRegistry(
      referenceImages: [try picture("poster")], gracePeriod: 1, trackingLossDelay: 0.1)
    registry.record([facing("poster")])
    _ = registry.advance(tick(0, at: 0))

    // Turned 10 degrees: most of the 0.3 m poster is still in view, so a
    // frame without it is a missed frame and the delay applies.
    registry.record([])
    var changes = registry.advance(tick(1, at: 1.0 / 30, camera: turned(10)))
    XCTAssertTrue(changes.updated.isEmpty)
    XCTAssertEqual(registry.anchors.map(\.isTracked), [true])

    // A predicted camera is no evidence: only the timer can end tracking.
    changes = registry.advance(tick(3, at: 1.5 / 30, predicted: true, camera: turned(40)))
    XCTAssertTrue(changes.updated.isEmpty)

    // A processed frame whose camera looks 40 degrees away: the poster is
    // wholly outside the image, so the anchor is not tracked on this frame,
    // long before the delay, and kept for the grace period.
    registry.record([])
    changes = registry.advance(tick(4, at: 2.0 / 30, camera: turned(40)))
    XCTAssertEqual(changes.updated.map(\.isTracked), [false])
    XCTAssertEqual(registry.anchors.count, 1)
  }

  func testTimersRunOnTicksWithoutFrames() throws {
    var registry = ImageAnchorRegistry(
      referenceImages: [try picture("poster")], gracePeriod: 0.5, trackingLossDelay: 0.1)
    registry.record([seen("poster")])
    _ = registry.advance(tick(0, at: 0))
    // Predicted ticks (no frame): nothing is seen, the timers still run.
    var removed = false
    for index in 1...40 {
      removed =
        removed
        || !registry.advance(tick(index, at: Double(index) / 60, predicted: true))
          .removed.isEmpty
    }
    XCTAssertTrue(removed)
  }

  func testSwapRemovesAnchorsOfDroppedPicturesOnly() throws {
    let a = try picture("a")
    let b = try picture("b")
    var registry = ImageAnchorRegistry(
      referenceImages: [a, b], gracePeriod: 1, trackingLossDelay: 0.1)
    registry.record([seen("a"), seen("b")])
    let added = registry.advance(tick(0, at: 0)).added
    XCTAssertEqual(added.map(\.referenceImage.name), ["a", "b"])
    registry.replaceReferenceImages([b, try picture("c")])
    registry.record([seen("b")])
    let changes = registry.advance(tick(1, at: 1.0 / 30))
    XCTAssertEqual(changes.removed.map(\.referenceImage.name), ["a"])
    XCTAssertEqual(registry.anchors.map(\.identifier), [added[1].identifier])
  }
}
