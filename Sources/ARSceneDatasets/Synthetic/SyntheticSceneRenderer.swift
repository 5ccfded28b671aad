import ARScene
internal import CVisionSynthetic
import Foundation

/// Owns a core synthetic scene (vc_synthetic_scene_t) and asks it for
/// frames and ground truth; the one place the generator touches the C API.
final class SyntheticSceneRenderer {
  /// What the simulated sensor does to one frame.
  struct Exposure {
    var gain = 1.0
    /// Seeds the frame's sensor noise; nil renders exactly.
    var noiseSeed: UInt64?
    var lensCovered = false
    /// Poses when the shutter opens and closes, for motion blur; nil for none.
    var shutter: (open: Transform, close: Transform)?
  }

  struct Frame {
    var color: PixelBuffer
    var depth: PixelBuffer
    /// Fraction of pixels on textured surfaces.
    var detailedFraction: Double
  }

  private let handle: OpaquePointer

  init(scene: SyntheticSequenceGenerator.Scene, seed: UInt64, plainSurfaces: Bool) throws {
    var options = vc_synthetic_scene_options_t()
    vc_synthetic_scene_options_init(&options)
    options.kind =
      switch scene {
      case .room: VC_SYNTHETIC_SCENE_ROOM
      case .clutter: VC_SYNTHETIC_SCENE_CLUTTER
      }
    options.seed = seed
    options.texture_mode =
      plainSurfaces ? VC_SYNTHETIC_TEXTURE_PLAIN_SURFACES : VC_SYNTHETIC_TEXTURE_FULL
    var created: OpaquePointer?
    try Self.check(
      vc_synthetic_scene_create_with_options(&options, &created),
      "cannot create the \(scene.rawValue) scene")
    guard let created else { throw DatasetError("cannot create the \(scene.rawValue) scene") }
    handle = created
  }

  deinit { vc_synthetic_scene_destroy(handle) }

  func render(
    _ worldFromCamera: Transform, intrinsics: CameraIntrinsics, exposure: Exposure,
    depthUnitsPerMeter: Float
  ) throws -> Frame {
    let width = intrinsics.width
    let height = intrinsics.height
    var rgb = [UInt8](repeating: 0, count: width * height * 3)
    var depth = [UInt16](repeating: 0, count: width * height)
    var k = Self.intrinsics(intrinsics)
    var options = vc_synthetic_render_options_t()
    vc_synthetic_render_options_init(&options)
    options.exposure_gain = Float(exposure.gain)
    options.sensor_noise_enabled = exposure.noiseSeed == nil ? 0 : 1
    options.noise_seed = exposure.noiseSeed ?? 0
    options.lens_covered = exposure.lensCovered ? 1 : 0
    if let shutter = exposure.shutter {
      options.motion_blur_enabled = 1
      Self.store(shutter.open, into: &options.world_from_camera_shutter_open)
      Self.store(shutter.close, into: &options.world_from_camera_shutter_close)
    }
    var info = vc_synthetic_render_info_t()
    let matrix = worldFromCamera.columnMajor
    let status = rgb.withUnsafeMutableBufferPointer { rgbBuffer in
      depth.withUnsafeMutableBufferPointer { depthBuffer in
        vc_synthetic_scene_render_with_options(
          handle, matrix, &k, &options, rgbBuffer.baseAddress, Int32(width * 3),
          depthBuffer.baseAddress, Int32(width * 2), depthUnitsPerMeter, &info)
      }
    }
    try Self.check(status, "rendering failed")
    let color = try PixelBuffer(format: .rgb8, width: width, height: height, bytes: rgb)
    let depthMap = try PixelBuffer(
      format: .depthUInt16, width: width, height: height,
      bytes: depth.withUnsafeBytes { Array($0) })
    return Frame(color: color, depth: depthMap, detailedFraction: Double(info.detailed_fraction))
  }

  /// The scene's annotated planes.
  func planes() throws -> [SyntheticAnnotations.Plane] {
    try planeList(vc_synthetic_scene_get_planes, "cannot list planes")
  }

  /// Every surface the scene draws (each face of each box, each rectangle):
  /// the ground truth of a reconstructed mesh.
  func surfaces() throws -> [SyntheticAnnotations.Plane] {
    try planeList(vc_synthetic_scene_get_surfaces, "cannot list surfaces")
  }

  private func planeList(
    _ get: (
      OpaquePointer?, UnsafeMutablePointer<vc_synthetic_plane_t>?, Int32,
      UnsafeMutablePointer<Int32>?
    ) -> vc_status_t,
    _ failure: String
  ) throws -> [SyntheticAnnotations.Plane] {
    var count: Int32 = 0
    try Self.check(get(handle, nil, 0, &count), failure)
    var planes = [vc_synthetic_plane_t](repeating: vc_synthetic_plane_t(), count: Int(count))
    try Self.check(get(handle, &planes, count, &count), failure)
    return planes.map { plane in
      let polygon = Self.floats(plane.polygon)
      return SyntheticAnnotations.Plane(
        name: String(cString: plane.name),
        alignment: plane.alignment == VC_PLANE_ALIGNMENT_HORIZONTAL ? "horizontal" : "vertical",
        classification: Self.classification(plane.classification),
        center: SIMD3(Self.floats(plane.center)[0...2]),
        normal: SIMD3(Self.floats(plane.normal)[0...2]),
        polygon: (0..<4).map { SIMD3(polygon[(3 * $0)..<(3 * $0 + 3)]) },
        area: plane.area)
    }
  }

  /// The scene's reference pictures: name, placement and size.
  func referenceImages() throws -> [(name: String, worldFromImage: Transform, size: SIMD2<Float>)] {
    var count: Int32 = 0
    try Self.check(
      vc_synthetic_scene_get_reference_images(handle, nil, 0, &count),
      "cannot list reference images")
    var images = [vc_synthetic_reference_image_t](
      repeating: vc_synthetic_reference_image_t(), count: Int(count))
    try Self.check(
      vc_synthetic_scene_get_reference_images(handle, &images, count, &count),
      "cannot list reference images")
    return try images.map { image in
      guard let transform = Transform(columnMajor: Self.floats(image.world_from_image)) else {
        throw DatasetError("reference image placement is not a 4x4 matrix")
      }
      return (
        String(cString: image.name), transform,
        SIMD2(image.physical_width, image.physical_height)
      )
    }
  }

  /// Reference picture `index` as printed, width x height pixels.
  func referencePicture(_ index: Int, width: Int, height: Int) throws -> PixelBuffer {
    var rgb = [UInt8](repeating: 0, count: width * height * 3)
    let status = rgb.withUnsafeMutableBufferPointer { buffer in
      vc_synthetic_scene_render_reference_image(
        handle, Int32(index), Int32(width), Int32(height), buffer.baseAddress, Int32(width * 3))
    }
    try Self.check(status, "cannot render reference image \(index)")
    return try PixelBuffer(format: .rgb8, width: width, height: height, bytes: rgb)
  }

  /// The fraction of each reference picture the camera sees.
  func referenceVisibility(_ worldFromCamera: Transform, intrinsics: CameraIntrinsics) throws
    -> [Double]
  {
    var k = Self.intrinsics(intrinsics)
    var count: Int32 = 0
    let matrix = worldFromCamera.columnMajor
    try Self.check(
      vc_synthetic_scene_get_reference_visibility(handle, matrix, &k, nil, 0, &count),
      "cannot measure reference visibility")
    var fractions = [Float](repeating: 0, count: Int(count))
    try Self.check(
      vc_synthetic_scene_get_reference_visibility(handle, matrix, &k, &fractions, count, &count),
      "cannot measure reference visibility")
    return fractions.map(Double.init)
  }

  // MARK: - C plumbing

  private static func check(_ status: vc_status_t, _ what: String) throws {
    guard status == VC_STATUS_OK else {
      throw DatasetError("\(what): \(String(cString: vc_synthetic_last_error_message()))")
    }
  }

  private static func intrinsics(_ k: CameraIntrinsics) -> vc_camera_intrinsics_t {
    vc_camera_intrinsics_t(
      fx: k.fx, fy: k.fy, cx: k.cx, cy: k.cy, width: Int32(k.width), height: Int32(k.height))
  }

  /// The elements of a fixed-size C array (imported as a tuple).
  private static func floats<T>(_ tuple: T) -> [Float] {
    withUnsafeBytes(of: tuple) { Array($0.bindMemory(to: Float.self)) }
  }

  private static func store<T>(_ transform: Transform, into tuple: inout T) {
    let values = transform.columnMajor
    withUnsafeMutableBytes(of: &tuple) { bytes in
      let floats = bytes.bindMemory(to: Float.self)
      for (i, value) in values.enumerated() where i < floats.count { floats[i] = value }
    }
  }

  private static func classification(_ value: vc_plane_classification_t) -> String {
    switch value {
    case VC_PLANE_CLASSIFICATION_WALL: "wall"
    case VC_PLANE_CLASSIFICATION_FLOOR: "floor"
    case VC_PLANE_CLASSIFICATION_CEILING: "ceiling"
    case VC_PLANE_CLASSIFICATION_TABLE: "table"
    case VC_PLANE_CLASSIFICATION_SEAT: "seat"
    default: "none"
    }
  }
}
