internal import CVisionCore

/// Sole owner of a `vc_reference_image_set_t`: the core's database of
/// reference images and the index built over them.
final class CoreReferenceImageSet {
  let handle: OpaquePointer

  init() throws(ARSceneError) {
    var created: OpaquePointer?
    try CoreStatus.check(vc_reference_image_set_create(&created))
    guard let created else {
      throw ARSceneError(.internalError, "vc_reference_image_set_create returned no set")
    }
    handle = created
  }

  deinit { vc_reference_image_set_destroy(handle) }

  /// A set holding images, validated and indexed; throws naming the first
  /// image that is rejected, or when there are more than the core allows.
  convenience init(images: [ReferenceImage]) throws(ARSceneError) {
    try self.init()
    for image in images { _ = try add(image) }
    try check(vc_reference_image_set_build(handle))
  }

  /// Validates image and adds it when it has no issue; the validation says
  /// how good it is. A rejected image throws with the reason.
  @discardableResult
  func add(_ image: ReferenceImage) throws(ARSceneError) -> ReferenceImageValidation {
    var validation = vc_reference_image_validation_t()
    try image.image.withCoreView { (view) throws(ARSceneError) in
      var view = view
      try check(
        vc_reference_image_set_add(
          handle, image.name, image.physicalSize.x, &view, &validation, nil))
    }
    return ReferenceImageValidation(core: validation)
  }

  /// Validates image like ``add(_:)`` but reports a rejection in the result
  /// (with the core's message) instead of throwing, for tools that list
  /// every image's verdict.
  func examine(_ image: ReferenceImage) -> (ReferenceImageValidation, ARSceneError?) {
    var validation = vc_reference_image_validation_t()
    validation.duplicate_of = -1
    let status = image.image.withCoreView { (view) in
      var view = view
      return vc_reference_image_set_add(
        handle, image.name, image.physicalSize.x, &view, &validation, nil)
    }
    guard status != VC_STATUS_OK else { return (ReferenceImageValidation(core: validation), nil) }
    let error = CoreStatus.error(
      for: status, message: String(cString: vc_reference_image_set_last_error_message(handle)))
    return (ReferenceImageValidation(core: validation), error)
  }

  func build() throws(ARSceneError) { try check(vc_reference_image_set_build(handle)) }

  /// Finds the set's images in one picture; intrinsics nil assumes a
  /// ~53 degree field of view.
  func detect(in picture: PixelBuffer, intrinsics: CameraIntrinsics?) throws(ARSceneError)
    -> [vc_image_detection_t]
  {
    try picture.withCoreView { (view) throws(ARSceneError) in
      var view = view
      if let k = intrinsics {
        var core = vc_camera_intrinsics_t(
          fx: k.fx, fy: k.fy, cx: k.cx, cy: k.cy, width: Int32(clamping: k.width),
          height: Int32(clamping: k.height))
        try check(vc_reference_image_set_detect(handle, &view, &core))
      } else {
        try check(vc_reference_image_set_detect(handle, &view, nil))
      }
    }
    var count: Int32 = 0
    try check(vc_reference_image_set_get_detections(handle, nil, 0, &count))
    var detections = [vc_image_detection_t](repeating: vc_image_detection_t(), count: Int(count))
    try detections.withUnsafeMutableBufferPointer { (buffer) throws(ARSceneError) in
      try check(vc_reference_image_set_get_detections(handle, buffer.baseAddress, count, &count))
    }
    return Array(detections.prefix(Int(count)))
  }

  private func check(_ status: vc_status_t) throws(ARSceneError) {
    try CoreStatus.check(status) {
      String(cString: vc_reference_image_set_last_error_message(handle))
    }
  }
}
