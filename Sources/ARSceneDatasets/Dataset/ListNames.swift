import Foundation

/// The names of a sequence's text lists. Plain TUM names by default; a
/// prefixed variant (`tum_style_rgb.txt`) wins where it exists, because
/// repackaged TUM data keeps TUM-format lists under that prefix when the plain
/// names are taken by something else (frame indices, say).
struct ListNames {
  var rgb: String
  var depth: String
  var groundTruth: String
  var imu: String
  var accelerometer: String

  init(prefix: String, in folder: URL) {
    func pick(_ plain: String) -> String {
      let prefixed = prefix + plain
      let exists = FileManager.default.fileExists(
        atPath: folder.appendingPathComponent(prefixed).path)
      return !prefix.isEmpty && exists ? prefixed : plain
    }
    rgb = pick("rgb.txt")
    depth = pick("depth.txt")
    groundTruth = pick("groundtruth.txt")
    imu = pick("imu.txt")
    accelerometer = pick("accelerometer.txt")
  }
}
