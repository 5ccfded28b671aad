import ARScene

/// How well the depth of one frame, moved into another frame's camera with
/// the ground-truth poses, agrees with that frame's own depth. It checks a
/// reader's conventions end to end: a wrong camera axis, an inverted pose, a
/// wrong depth scale or a bad registration each make surfaces land where the
/// other frame sees something else, and the fraction drops far below what
/// good ground truth gives (about 0.95 between 7-Scenes frames 1/3 s apart).
///
/// Pixels are sampled on a grid (every ``step``-th column and row), which
/// keeps the measure fast in debug builds and changes it by well under a
/// percent.
package struct ReprojectionAgreement: Equatable, Sendable {
  /// Sampled pixels whose moved depth agrees within the tolerance.
  package var agreeing: Int
  /// Sampled pixels with valid depth that land inside the other frame on a
  /// pixel with valid depth.
  package var compared: Int

  package init(agreeing: Int = 0, compared: Int = 0) {
    self.agreeing = agreeing
    self.compared = compared
  }

  /// agreeing / compared, 0 when nothing could be compared.
  package var fraction: Double { compared > 0 ? Double(agreeing) / Double(compared) : 0 }

  /// Two depths agree when they differ by less than this many metres: above
  /// Kinect noise at 2-3 m, below the size of most misplacements.
  package static let defaultTolerance = 0.05
  /// Every 4th column and row: 1/16 of the pixels.
  package static let defaultStep = 4

  package static func + (a: ReprojectionAgreement, b: ReprojectionAgreement)
    -> ReprojectionAgreement
  {
    ReprojectionAgreement(agreeing: a.agreeing + b.agreeing, compared: a.compared + b.compared)
  }

  /// Moves the depth of `a` (taken at `poseA`, world_from_camera in OpenCV
  /// axes) into the camera of `b` and compares it with `b`'s depth there.
  /// Both frames must have depth registered to their colour camera.
  package static func measure(
    from a: CapturedFrame, at poseA: TimedPose, to b: CapturedFrame, at poseB: TimedPose,
    tolerance: Double = defaultTolerance, step: Int = defaultStep
  ) -> ReprojectionAgreement {
    guard let depthA = a.depth, let depthB = b.depth, step > 0 else { return .init() }
    let mapA = DepthSampler(depthA)
    let mapB = DepthSampler(depthB)
    let ka = a.intrinsics
    let kb = b.intrinsics
    // b_from_a = (world_from_b)^-1 * world_from_a, as a matrix once.
    let toB =
      RigidTransform(rotation: poseB.rotation, translation: poseB.translation).inverse
      * RigidTransform(rotation: poseA.rotation, translation: poseA.translation)
    let (r0, r1, r2) = toB.rotation.matrixColumns
    let t = toB.translation
    var result = ReprojectionAgreement()
    for v in stride(from: 0, to: min(ka.height, mapA.height), by: step) {
      for u in stride(from: 0, to: min(ka.width, mapA.width), by: step) {
        let d = mapA.metres(x: u, y: v)
        guard d > 0 else { continue }
        let x = (Double(u) - ka.cx) / ka.fx * d
        let y = (Double(v) - ka.cy) / ka.fy * d
        let inB = r0 * x + r1 * y + r2 * d + t
        guard inB.z > 0 else { continue }
        let ub = (kb.fx * inB.x / inB.z + kb.cx).rounded()
        let vb = (kb.fy * inB.y / inB.z + kb.cy).rounded()
        guard ub >= 0, vb >= 0, ub < Double(min(kb.width, mapB.width)),
          vb < Double(min(kb.height, mapB.height))
        else { continue }
        let dB = mapB.metres(x: Int(ub), y: Int(vb))
        guard dB > 0 else { continue }
        result.compared += 1
        if abs(dB - inB.z) < tolerance { result.agreeing += 1 }
      }
    }
    return result
  }

  /// The agreement over pairs of frames `frameGap` apart in `sequence`,
  /// starting every `every` frames, at most `maximumPairs` of them, using
  /// `groundTruth` (the sequence's own by default; pass altered poses to see
  /// what a wrong convention would score). Pairs without depth or without a
  /// pose within 0.05 s of a frame are skipped.
  package static func measure(
    _ sequence: any DatasetSequence, frameGap: Int, every: Int, maximumPairs: Int = .max,
    groundTruth: [TimedPose]? = nil, tolerance: Double = defaultTolerance,
    step: Int = defaultStep
  ) throws(DatasetError) -> ReprojectionAgreement {
    let poses = groundTruth ?? sequence.groundTruth
    let frames = sequence.frames
    guard frameGap > 0, every > 0, frames.count > frameGap else { return .init() }
    var total = ReprojectionAgreement()
    var pairs = 0
    for k in stride(from: 0, to: frames.count - frameGap, by: every) where pairs < maximumPairs {
      let (recordA, recordB) = (frames[k], frames[k + frameGap])
      guard recordA.depthPath != nil, recordB.depthPath != nil,
        let poseA = poses.pose(at: recordA.timestamp, maximumGap: 0.05),
        let poseB = poses.pose(at: recordB.timestamp, maximumGap: 0.05)
      else { continue }
      total =
        total
        + measure(
          from: try sequence.loadFrame(recordA), at: poseA, to: try sequence.loadFrame(recordB),
          at: poseB, tolerance: tolerance, step: step)
      pairs += 1
    }
    return total
  }
}
