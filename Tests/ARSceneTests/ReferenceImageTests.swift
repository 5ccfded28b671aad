import CVisionCore
import CVisionSynthetic
import XCTest

@testable import ARScene

/// Validation of reference images with the reasons the issue names, the
/// 100-image limit, and recognition of a synthetic poster by a session.
final class ReferenceImageTests: XCTestCase {
  /// Picture `index` of the synthetic room (seed 1) as printed.
  static func poster(_ index: Int32, width: Int = 320, height: Int = 240) throws -> PixelBuffer {
    try SyntheticRoomRenderer.withScene { scene in
      var rgb = [UInt8](repeating: 0, count: width * height * 3)
      XCTAssertEqual(
        vc_synthetic_scene_render_reference_image(
          scene, index, Int32(width), Int32(height), &rgb, Int32(width * 3)), VC_STATUS_OK)
      return try PixelBuffer(format: .rgb8, width: width, height: height, bytes: rgb)
    }
  }

  private func gray(width: Int, height: Int, _ value: (Int, Int) -> UInt8) throws -> PixelBuffer {
    var bytes = [UInt8](repeating: 0, count: width * height)
    for y in 0..<height { for x in 0..<width { bytes[y * width + x] = value(x, y) } }
    return try PixelBuffer(format: .gray8, width: width, height: height, bytes: bytes)
  }

  private func rejection(_ image: ReferenceImage) -> ARSceneError? {
    do {
      _ = try image.validate()
      return nil
    } catch {
      return error
    }
  }

  func testTexturedPosterIsAcceptedWithAQualityScore() throws {
    let poster = try ReferenceImage(image: Self.poster(0), name: "poster", physicalWidth: 0.5)
    let validation = try poster.validate()
    XCTAssertNil(validation.issue)
    XCTAssertGreaterThan(validation.featureCount, 100)
    XCTAssertTrue((40...100).contains(validation.quality), "\(validation.quality)")
    XCTAssertEqual(poster.physicalSize.y, 0.375, accuracy: 1e-6)
  }

  func testRejectionsNameTheImageAndTheReason() throws {
    let tiny = try ReferenceImage(
      image: gray(width: 40, height: 30) { x, y in UInt8((x * 37 + y * 91) % 256) }, name: "tiny",
      physicalWidth: 0.1)
    let tinyError = try XCTUnwrap(rejection(tiny))
    XCTAssertEqual(tinyError.code, .invalidImage)
    XCTAssertTrue(tinyError.message.contains("'tiny': too small"), tinyError.message)

    let flat = try ReferenceImage(
      image: gray(width: 200, height: 200) { _, _ in 128 }, name: "flat", physicalWidth: 0.1)
    let flatError = try XCTUnwrap(rejection(flat))
    XCTAssertTrue(flatError.message.contains("'flat': too little texture"), flatError.message)

    let checkerboard = try ReferenceImage(
      image: gray(width: 320, height: 320) { x, y in (x / 20 + y / 20) % 2 == 0 ? 30 : 220 },
      name: "tiles", physicalWidth: 0.3)
    let tilesError = try XCTUnwrap(rejection(checkerboard))
    XCTAssertTrue(tilesError.message.contains("'tiles': repetitive pattern"), tilesError.message)

    XCTAssertThrowsError(
      try ReferenceImage(image: Self.poster(0), name: "zero", physicalWidth: 0)
    ) { error in
      XCTAssertTrue("\(error)".contains("'zero': physical width"), "\(error)")
    }
  }

  func testDuplicatesAndTooManyImagesAreErrorsNamingTheImage() throws {
    let a = try ReferenceImage(image: Self.poster(0), name: "a", physicalWidth: 0.5)
    let copy = try ReferenceImage(image: Self.poster(0), name: "copy", physicalWidth: 0.5)
    XCTAssertThrowsError(try ReferenceImageDetector(referenceImages: [a, copy])) { error in
      XCTAssertTrue(
        "\(error)".contains("'copy': duplicate content (the same picture as reference 'a')"),
        "\(error)")
    }
    XCTAssertThrowsError(try ReferenceImageDetector(referenceImages: [a, a])) { error in
      XCTAssertTrue("\(error)".contains("'a': duplicate name"), "\(error)")
    }
    let small = try gray(width: 64, height: 64) { x, y in UInt8((x ^ y) & 0xFF) }
    let many = try (0...100).map {
      try ReferenceImage(image: small, name: "image\($0)", physicalWidth: 0.1)
    }
    var configuration = WorldTrackingConfiguration()
    configuration.detectionImages = many
    XCTAssertThrowsError(try configuration.validate()) { error in
      XCTAssertTrue("\(error)".contains("101 reference images"), "\(error)")
      XCTAssertTrue("\(error)".contains("'image100'"), "\(error)")
    }
    configuration.detectionImages = []
    configuration.maximumNumberOfTrackedImages = 21
    XCTAssertThrowsError(try configuration.validate())
  }

  /// A session looking at one of the room's posters recognises it among
  /// all of them and reports its pose relative to the camera as the scene's
  /// ground truth has it (within 1 cm and 1 degree), frame after frame.
  /// With the recognition worker on (2 threads, the default) or off, the
  /// poster is recognised in the first frame and joins the second (what
  /// recognition finds in one frame is followed into the next), with the same
  /// poses either way.
  func testSessionRecognisesAPosterWithItsPose() throws {
    let one = try recognisePoster(workerThreads: 1)
    let two = try recognisePoster(workerThreads: 2)
    XCTAssertEqual(one.firstFrame, 1, "found in frame 0, followed into frame 1")
    XCTAssertEqual(one.firstFrame, two.firstFrame)
    XCTAssertEqual(one.poses, two.poses, "the same poses with one thread or two")
  }

  private func recognisePoster(workerThreads: Int) throws -> (
    firstFrame: Int?, poses: [[Float]]
  ) {
    let truth = try Self.roomPictures()
    XCTAssertGreaterThan(truth.count, 1)
    let pictures = try truth.enumerated().map { index, entry in
      let image = entry.image
      let width = 480
      let height = Int((Float(width) * image.physical_height / image.physical_width).rounded())
      return try ReferenceImage(
        image: Self.poster(Int32(index), width: width, height: height),
        name: truth[index].name, physicalWidth: image.physical_width)
    }
    var configuration = WorldTrackingConfiguration()
    configuration.detectionImages = pictures
    configuration.workerThreads = workerThreads
    let session = try Session(configuration: configuration)
    let target = truth[0].image
    let worldFromImage = Transform(coreColumnMajor: target.world_from_image)
    let k = CameraIntrinsics(fx: 300, fy: 300, cx: 159.5, cy: 119.5, width: 320, height: 240)
    var tracked = 0
    var firstFrame: Int?
    var poses: [[Float]] = []
    for index in 0..<6 {
      // In front of the poster, 0.9 m out along its +Y, drifting sideways;
      // the camera's +Y is the picture's up (-Z), its +Z the picture's +Y.
      let imageFromCamera = Transform(
        SIMD4(1, 0, 0, 0), SIMD4(0, 0, -1, 0), SIMD4(0, 1, 0, 0),
        SIMD4(0.01 * Float(index) - 0.03, 0.9, 0.02, 1))
      let worldFromCamera = worldFromImage * imageFromCamera
      let (color, depth) = try SyntheticRoomRenderer.render(worldFromCamera, intrinsics: k)
      let update = try session.process(
        CapturedFrame(
          timestamp: Double(index) / 30, intrinsics: k, capturedImage: color, depth: depth))
      guard let anchor = update.anchors.compactMap({ $0 as? ImageAnchor }).first else { continue }
      XCTAssertEqual(anchor.referenceImage.name, truth[0].name)
      firstFrame = firstFrame ?? index
      poses.append(anchor.transform.columnMajor)
      let measured = update.frame.camera.transform.rigidInverse * anchor.transform
      let expected = imageFromCamera.rigidInverse
      let offset = measured.translation - expected.translation
      XCTAssertLessThan((offset * offset).sum().squareRoot(), 0.01, "frame \(index)")
      let turn = (measured.rigidInverse * expected).rotation
      let degrees = 2 * acos(min(1, abs(turn.w))) * 180 / .pi
      XCTAssertLessThan(degrees, 1, "frame \(index)")
      if anchor.isTracked { tracked += 1 }
    }
    XCTAssertGreaterThanOrEqual(tracked, 5, "recognised on the first frame, followed after")
    XCTAssertEqual(session.imageAnchors.count, 1)
    return (firstFrame, poses)
  }

  /// The active set is swapped while the session runs: anchors of pictures
  /// that left the set are removed on the next frame; a set of 101 is
  /// refused and changes nothing.
  func testDetectionImagesAreSwappedAtRunTime() throws {
    let truth = try Self.roomPictures()
    XCTAssertGreaterThanOrEqual(truth.count, 2)
    func picture(_ index: Int) throws -> ReferenceImage {
      let image = truth[index].image
      let height = Int((480 * image.physical_height / image.physical_width).rounded())
      return try ReferenceImage(
        image: Self.poster(Int32(index), width: 480, height: height),
        name: truth[index].name, physicalWidth: image.physical_width)
    }
    var configuration = WorldTrackingConfiguration()
    configuration.detectionImages = [try picture(0)]
    let session = try Session(configuration: configuration)
    let k = CameraIntrinsics(fx: 300, fy: 300, cx: 159.5, cy: 119.5, width: 320, height: 240)
    let imageFromCamera = Transform(
      SIMD4(1, 0, 0, 0), SIMD4(0, 0, -1, 0), SIMD4(0, 1, 0, 0), SIMD4(0, 0.9, 0, 1))
    let worldFromCamera =
      Transform(coreColumnMajor: truth[0].image.world_from_image) * imageFromCamera
    let (color, depth) = try SyntheticRoomRenderer.render(worldFromCamera, intrinsics: k)
    func frame(_ index: Int) -> CapturedFrame {
      CapturedFrame(
        timestamp: Double(index) / 30, intrinsics: k, capturedImage: color, depth: depth)
    }
    // Recognised in frame 0, followed into frame 1.
    let first = try session.process(frame(0))
    XCTAssertTrue(first.addedAnchors.isEmpty)
    let found = try session.process(frame(1))
    XCTAssertEqual(
      found.addedAnchors.compactMap { ($0 as? ImageAnchor)?.referenceImage.name },
      [
        truth[0].name
      ])

    let many = try (0...100).map { index in
      try ReferenceImage(
        image: PixelBuffer(
          format: .gray8, width: 64, height: 64, bytes: [UInt8](repeating: 9, count: 64 * 64)),
        name: "image\(index)", physicalWidth: 0.1)
    }
    XCTAssertThrowsError(try session.setDetectionImages(many)) { error in
      XCTAssertTrue("\(error)".contains("at most 100"), "\(error)")
    }
    XCTAssertEqual(session.configuration.detectionImages.count, 1)

    try session.setDetectionImages([try picture(1)])
    XCTAssertEqual(
      session.configuration.detectionImages.map(\.name), [truth[1].name])
    let second = try session.process(frame(2))
    XCTAssertEqual(
      second.removedAnchors.compactMap { ($0.anchor as? ImageAnchor)?.referenceImage.name },
      [truth[0].name])
    XCTAssertTrue(session.imageAnchors.isEmpty, "the poster in view is no longer looked for")
  }

  /// The synthetic room's reference pictures with their names, read from
  /// the scene (names copied while it lives).
  private static func roomPictures() throws -> [(
    name: String, image: vc_synthetic_reference_image_t
  )] {
    try SyntheticRoomRenderer.withScene { scene in
      var count: Int32 = 0
      XCTAssertEqual(vc_synthetic_scene_get_reference_images(scene, nil, 0, &count), VC_STATUS_OK)
      var images = [vc_synthetic_reference_image_t](
        repeating: vc_synthetic_reference_image_t(), count: Int(count))
      XCTAssertEqual(
        vc_synthetic_scene_get_reference_images(scene, &images, count, &count), VC_STATUS_OK)
      return images.map { (name: String(cString: $0.name), image: $0) }
    }
  }
}
