import ARScene
import ARSceneDatasets
import ArgumentParser
import Foundation

struct ImagesDetectCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "detect",
    abstract: "Find reference images in pictures; prints a JSON array, one object per picture.",
    discussion: """
      Each object is {"image": path, "detections": [{"name", "corners", "homography", \
      "score", "transform"}]}: corners are the reference's top-left, top-right, \
      bottom-right and bottom-left in the picture's pixels; homography is row-major, \
      reference pixels to picture pixels; transform is camera_from_image (column-major, \
      ARKit axes) for a camera with fx = fy = the picture's longer side unless \
      --focal-length is given.
      """
  )

  @Option(name: .customLong("references"), help: "Folder with references.json.")
  var references: String

  @Option(
    parsing: .unconditional, help: "Focal length in pixels of the camera that took the pictures.")
  var focalLength: Double?

  @Argument(help: "Pictures to search (PNG or JPEG).")
  var images: [String]

  @OptionGroup var paths: OutsidePathsOption

  func validate() throws {
    if images.isEmpty { throw ValidationError("give at least one picture") }
    if let f = focalLength, !(f.isFinite && f > 0) {
      throw ValidationError("--focal-length must be > 0, got \(f)")
    }
  }

  func run() throws {
    let list = try ReferenceImageList(
      directory: URL(fileURLWithPath: references), allowingOutsidePaths: paths.allowOutsidePaths)
    try list.requireEntries()
    let detector = try ReferenceImageDetector(referenceImages: try list.referenceImages())
    var lines: [String] = []
    for path in images {
      let picture = try PixelBuffer.read(contentsOf: URL(fileURLWithPath: path))
      let intrinsics = focalLength.map {
        CameraIntrinsics(
          fx: $0, fy: $0, cx: Double(picture.width) / 2, cy: Double(picture.height) / 2,
          width: picture.width, height: picture.height)
      }
      var object = JSONLine()
      object.add("image", path)
      object.add(
        "detections", try detector.detect(in: picture, intrinsics: intrinsics).map(Self.json))
      lines.append("  " + object.text)
    }
    print("[\n" + lines.joined(separator: ",\n") + "\n]")
  }

  static func json(_ detection: ImageDetection) -> JSONLine {
    var object = JSONLine()
    object.add("name", detection.name)
    object.add("corners", detection.corners.map { [Double($0.x), Double($0.y)] }, decimals: 3)
    object.add("homography", detection.homography.map(Double.init), decimals: 9)
    object.add("score", Double(detection.score), decimals: 4)
    object.add("transform", detection.cameraFromImage.columnMajor.map(Double.init), decimals: 6)
    return object
  }
}
