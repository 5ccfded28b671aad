import ARScene

/// Refuses intrinsics that cannot describe the camera, naming where they came
/// from: the caller (`--intrinsics`, which then is what to fix) or the
/// sequence's own file.
enum IntrinsicsCheck {
  static func require(
    _ camera: CameraIntrinsics, given: Bool, file: String
  ) throws(DatasetError) {
    guard let problem = camera.problem else { return }
    if given {
      throw DatasetError("the given intrinsics (--intrinsics) do not fit \(file): \(problem)")
    }
    throw DatasetError(file: file, "camera intrinsics: \(problem)")
  }
}
