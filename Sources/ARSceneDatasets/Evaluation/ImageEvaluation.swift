import ARScene
import Foundation

/// How well image anchors match the placed pictures of a synthetic
/// sequence: for each picture, the frame it first covers 10% of the camera
/// image, how many frames later its anchor appears, and the error of the
/// anchor's pose relative to the camera on every frame it is tracked; then
/// the false positives. Poses are compared relative to the camera, so the
/// session's world and the ground truth's need not be aligned.
public struct ImageEvaluation: Sendable {
  public struct PerImage: Sendable {
    public var name: String
    /// First frame (index into the replayed frames) where the picture
    /// covers at least ``coverageThreshold`` of the image; nil if never.
    public var coveredFrame: Int?
    /// First frame its anchor is tracked; nil if never.
    public var recognizedFrame: Int?
    /// Per tracked frame while the picture is in view: metres and degrees.
    public var translationErrors: [Double]
    public var rotationErrors: [Double]

    /// Frames from covering 10% to recognition (negative: recognised while
    /// still smaller).
    public var delay: Int? {
      guard let coveredFrame, let recognizedFrame else { return nil }
      return recognizedFrame - coveredFrame
    }
  }

  public static let coverageThreshold = 0.10
  /// A tracked anchor further than this from its picture (or of a picture
  /// not in view, or not in the room) is a false positive.
  public static let falsePositiveMeters = 0.10

  public var images: [PerImage]
  /// Frames with a tracked anchor that is not where a picture is.
  public var falsePositives: Int
  /// Names of anchors for pictures that are not in the scene.
  public var phantomNames: [String]

  public init(
    groundTruth: ImageGroundTruth, groundTruthPoses: [TimedPose], groundTruthIsOpenCV: Bool,
    intrinsics: CameraIntrinsics, history: ImageAnchorHistory
  ) {
    var images = groundTruth.placements.map {
      PerImage(
        name: $0.name, coveredFrame: nil, recognizedFrame: nil, translationErrors: [],
        rotationErrors: [])
    }
    var falsePositives = 0
    var phantoms = Set<String>()
    for (index, frame) in history.frames.enumerated() {
      guard let pose = groundTruthPoses.pose(at: frame.time, maximumGap: 0.1) else { continue }
      let worldFromCamera =
        groundTruthIsOpenCV ? pose.worldFromCamera * .cameraAxesFlip : pose.worldFromCamera
      let cameraFromWorld = worldFromCamera.rigidInverse
      for (k, placement) in groundTruth.placements.enumerated() {
        let cameraFromImage = cameraFromWorld * placement.worldFromImage
        let coverage = Self.coverage(cameraFromImage, size: placement.size, intrinsics: intrinsics)
        if coverage >= Self.coverageThreshold, images[k].coveredFrame == nil {
          images[k].coveredFrame = index
        }
        guard let anchor = frame.anchors.first(where: { $0.name == placement.name }),
          anchor.isTracked
        else { continue }
        if images[k].recognizedFrame == nil { images[k].recognizedFrame = index }
        let measured = frame.camera.rigidInverse * anchor.transform
        let offset = SIMD3<Double>(measured.translation - cameraFromImage.translation)
        let metres = (offset * offset).sum().squareRoot()
        if coverage <= 0 || metres > Self.falsePositiveMeters {
          falsePositives += 1
          continue
        }
        images[k].translationErrors.append(metres)
        let turn = (measured.rigidInverse * cameraFromImage).rotation
        images[k].rotationErrors.append(2 * acos(min(1, abs(turn.w))) * 180 / .pi)
      }
      for anchor in frame.anchors
      where anchor.isTracked && !groundTruth.placements.contains(where: { $0.name == anchor.name })
      {
        falsePositives += 1
        phantoms.insert(anchor.name)
      }
    }
    self.images = images
    self.falsePositives = falsePositives
    self.phantomNames = phantoms.sorted()
  }

  /// The fraction of the camera image the picture covers (its quadrilateral
  /// clipped to the image); 0 when any corner is behind the camera.
  static func coverage(
    _ cameraFromImage: Transform, size: SIMD2<Float>, intrinsics k: CameraIntrinsics
  )
    -> Double
  {
    let camera = Camera(intrinsics: k)
    guard let corners = camera.projectRectangle(at: cameraFromImage, size: size) else { return 0 }
    return camera.areaInImage(of: corners) / Double(k.width * k.height)
  }

  static func percentile(_ values: [Double], _ fraction: Double) -> Double? {
    guard !values.isEmpty else { return nil }
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, Int((fraction * Double(sorted.count)).rounded(.up)) - 1)]
  }

  /// The image targets, each PASS or FAIL: recognised within 3 frames of
  /// covering 10% of the image; pose error <= 1 cm and 1 degree (median
  /// over tracked frames); zero false positives.
  public var readableText: String {
    var lines = ["images (covering >= 10% of the image; pose relative to the camera):"]
    lines.append(
      "  name                         covered  recognised  delay  cm p50  cm p95  deg p50  deg p95")
    // A sequence in which no picture came close enough proves nothing.
    var delaysOK = images.contains { $0.coveredFrame != nil }
    var posesOK = images.contains { !$0.translationErrors.isEmpty }
    for image in images {
      func cell(_ value: Double?, _ scale: Double) -> String {
        value.map { String(format: "%7.2f", $0 * scale) } ?? "      -"
      }
      let tp50 = Self.percentile(image.translationErrors, 0.5)
      let rp50 = Self.percentile(image.rotationErrors, 0.5)
      func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
      }
      let name =
        image.name.count >= 28
        ? image.name : image.name + String(repeating: " ", count: 28 - image.name.count)
      lines.append(
        "  \(name) " + pad(image.coveredFrame.map(String.init) ?? "-", 7) + "  "
          + pad(image.recognizedFrame.map(String.init) ?? "-", 10) + "  "
          + pad(image.delay.map(String.init) ?? "-", 5) + " " + cell(tp50, 100) + " "
          + cell(Self.percentile(image.translationErrors, 0.95), 100) + "  " + cell(rp50, 1) + "  "
          + cell(Self.percentile(image.rotationErrors, 0.95), 1))
      if image.coveredFrame != nil { delaysOK = delaysOK && (image.delay.map { $0 <= 3 } ?? false) }
      if let tp50, let rp50 { posesOK = posesOK && tp50 <= 0.01 && rp50 <= 1 }
    }
    lines.append(
      "  false positives: \(falsePositives) frames"
        + (phantomNames.isEmpty ? "" : " (\(phantomNames.joined(separator: ", ")))"))
    lines.append(
      "  \(delaysOK ? "PASS" : "FAIL") recognised within 3 frames of covering 10% of the image")
    lines.append(
      "  \(posesOK ? "PASS" : "FAIL") pose error <= 1 cm and 1 degree (median per picture)")
    lines.append("  \(falsePositives == 0 ? "PASS" : "FAIL") zero false positives")
    return lines.joined(separator: "\n")
  }
}
