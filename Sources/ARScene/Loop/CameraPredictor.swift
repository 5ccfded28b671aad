import Foundation

/// Predicts the camera at times between processed frames, so the loop can
/// give every tick a camera: rotation from the gyroscope when the last frame
/// brought inertial samples (it measures rotation directly), otherwise from
/// the last two poses; translation at constant velocity. Only a normally
/// tracked camera is extrapolated: a limited one is held where it is, which
/// is what its pose already does.
struct CameraPredictor {
  let maximumDuration: Double
  private var last: (time: Double, camera: Camera)?
  /// World metres per second.
  private var velocity = SIMD3<Double>.zero
  /// World radians per second (axis times rate).
  private var angularVelocity = SIMD3<Double>.zero

  init(maximumDuration: Double) {
    self.maximumDuration = maximumDuration
  }

  /// Takes the camera of a processed frame at session time `time`, with the
  /// inertial samples that came with the frame.
  mutating func observe(_ camera: Camera, at time: Double, imuSamples: [IMUSample]) {
    defer { last = (time, camera) }
    guard camera.trackingState == .normal, let last, last.camera.trackingState == .normal,
      time > last.time
    else {
      velocity = .zero
      angularVelocity = .zero
      return
    }
    let elapsed = time - last.time
    let from = last.camera.transform
    let to = camera.transform
    velocity = SIMD3<Double>(to.translation - from.translation) / elapsed
    if let rate = Self.meanRotationRate(imuSamples) {
      // The gyroscope measures in the camera's axes; the prediction turns
      // the camera in the world.
      angularVelocity = to.rotation.rotate(rate)
    } else {
      angularVelocity = Self.rotationVector(from: from.rotation, to: to.rotation) / elapsed
    }
  }

  /// The camera at session time `time`: the last processed one, moved on by
  /// the motion it had, for at most ``maximumDuration``.
  func predict(at time: Double) -> Camera? {
    guard let last else { return nil }
    let elapsed = min(max(time - last.time, 0), maximumDuration)
    guard elapsed > 0, velocity != .zero || angularVelocity != .zero else { return last.camera }
    let pose = last.camera.transform
    let angle = (angularVelocity * angularVelocity).sum().squareRoot() * elapsed
    let turn = angle > 0 ? Quaternion(angle: angle, axis: angularVelocity) : .identity
    var camera = last.camera
    camera.transform = Transform(
      rotation: (turn * pose.rotation).normalized,
      translation: SIMD3<Double>(pose.translation) + velocity * elapsed)
    return camera
  }

  /// Forgets the motion (after a reset or a world change).
  mutating func reset() {
    last = nil
    velocity = .zero
    angularVelocity = .zero
  }

  private static func meanRotationRate(_ samples: [IMUSample]) -> SIMD3<Double>? {
    guard !samples.isEmpty else { return nil }
    var sum = SIMD3<Double>.zero
    for sample in samples { sum += SIMD3<Double>(sample.rotationRate) }
    let mean = sum / Double(samples.count)
    return mean.x.isFinite && mean.y.isFinite && mean.z.isFinite ? mean : nil
  }

  /// The world rotation taking `from` to `to`, as axis times angle.
  private static func rotationVector(from: Quaternion, to: Quaternion) -> SIMD3<Double> {
    var delta = (to * from.conjugate).normalized
    if delta.w < 0 { delta = Quaternion(x: -delta.x, y: -delta.y, z: -delta.z, w: -delta.w) }
    let sine = (delta.x * delta.x + delta.y * delta.y + delta.z * delta.z).squareRoot()
    guard sine > 1e-12 else { return .zero }
    let angle = 2 * atan2(sine, delta.w)
    return SIMD3(delta.x, delta.y, delta.z) / sine * angle
  }
}
