internal import CVisionCore

/// A reference image found in one picture by ``ReferenceImageDetector``.
public struct ImageDetection: Equatable, Sendable {
  /// The reference's name and its index in the detector's list.
  public var name: String
  /// The reference's index in ``ReferenceImageDetector/referenceImages``.
  public var referenceIndex: Int
  /// The reference's top-left, top-right, bottom-right and bottom-left
  /// corners in the picture's pixels.
  public var corners: [SIMD2<Float>]
  /// Row-major 3x3 homography from the reference's pixels to the picture's,
  /// normalised so that the last element is 1.
  public var homography: [Float]
  /// 0...1: the fraction of the reference's points expected in the picture
  /// that were found there and agree with the homography.
  public var score: Float
  /// Point correspondences that agree with the homography.
  public var inlierCount: Int
  /// The image anchor's pose in the camera's frame (ARKit axes: camera looks
  /// down -Z; the image's +Y points out of it towards the viewer).
  public var cameraFromImage: Transform

  init(core: vc_image_detection_t) {
    name = String(cString: core.name)
    referenceIndex = Int(core.reference_index)
    let c = core.corners
    corners = [SIMD2(c.0, c.1), SIMD2(c.2, c.3), SIMD2(c.4, c.5), SIMD2(c.6, c.7)]
    let h = core.homography
    homography = [h.0, h.1, h.2, h.3, h.4, h.5, h.6, h.7, h.8]
    score = core.score
    inlierCount = Int(core.inlier_count)
    cameraFromImage = Transform(coreColumnMajor: core.camera_from_image)
  }
}

extension Transform {
  /// The core's column-major 4x4 floats (a C array, imported as a tuple).
  init(
    coreColumnMajor m: (
      Float, Float, Float, Float, Float, Float, Float, Float,
      Float, Float, Float, Float, Float, Float, Float, Float
    )
  ) {
    self.init(
      SIMD4(m.0, m.1, m.2, m.3), SIMD4(m.4, m.5, m.6, m.7), SIMD4(m.8, m.9, m.10, m.11),
      SIMD4(m.12, m.13, m.14, m.15))
  }
}
