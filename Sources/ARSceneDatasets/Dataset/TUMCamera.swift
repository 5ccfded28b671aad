import ARScene

/// The three Kinects of the TUM RGB-D benchmark and their published colour
/// calibration, so that a TUM folder opens as downloaded: TUM ships the
/// intrinsics on its web page, not in the folders.
enum TUMCamera: CaseIterable {
  case freiburg1
  case freiburg2
  case freiburg3

  /// TUM depth images store 5000 units per metre.
  static let depthUnitsPerMeter: Float = 5000

  /// The camera named in a folder name ("rgbd_dataset_freiburg1_xyz",
  /// "tum-fr3-cabinet"), or nil.
  init?(folderName: String) {
    let name = folderName.lowercased()
    guard
      let camera = Self.allCases.first(where: { camera in
        camera.nameTags.contains { name.contains($0) }
      })
    else { return nil }
    self = camera
  }

  private var nameTags: [String] {
    switch self {
    case .freiburg1: ["freiburg1", "fr1"]
    case .freiburg2: ["freiburg2", "fr2"]
    case .freiburg3: ["freiburg3", "fr3"]
    }
  }

  /// Colour intrinsics for the 640x480 images.
  var intrinsics: CameraIntrinsics {
    switch self {
    case .freiburg1:
      CameraIntrinsics(fx: 517.3, fy: 516.5, cx: 318.6, cy: 255.3, width: 640, height: 480)
    case .freiburg2:
      CameraIntrinsics(fx: 520.9, fy: 521.0, cx: 325.1, cy: 249.7, width: 640, height: 480)
    case .freiburg3:
      CameraIntrinsics(fx: 535.4, fy: 539.2, cx: 320.1, cy: 247.6, width: 640, height: 480)
    }
  }

  /// Distortion in OpenCV order (k1 k2 p1 p2 k3); the freiburg3 images were
  /// published already undistorted.
  var distortion: [Double]? {
    switch self {
    case .freiburg1: [0.2624, -0.9531, -0.0054, 0.0026, 1.1633]
    case .freiburg2: [0.2312, -0.7849, -0.0033, -0.0001, 0.9172]
    case .freiburg3: nil
    }
  }
}
