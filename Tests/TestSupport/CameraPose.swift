/// Camera poses for tests that place a camera by hand: world_from_camera in
/// ARKit camera axes (+X right, +Y up, looking down -Z), as 16 column-major
/// floats, the layout the C API takes.
public enum CameraPose {
  /// A camera at `position` whose axes are `right`, `up` and `back` (world
  /// coordinates, orthonormal).
  public static func columns(
    right: SIMD3<Double>, up: SIMD3<Double>, back: SIMD3<Double>, position: SIMD3<Double>
  ) -> [Float] {
    [right, up, back].flatMap { [Float($0.x), Float($0.y), Float($0.z), 0] }
      + [Float(position.x), Float(position.y), Float(position.z), 1]
  }

  /// A camera at `eye` looking at `target`, its image up as close to
  /// `worldUp` as the view allows.
  public static func lookAt(
    eye: SIMD3<Double>, target: SIMD3<Double>, worldUp: SIMD3<Double> = SIMD3(0, 1, 0)
  ) -> [Float] {
    func normalized(_ v: SIMD3<Double>) -> SIMD3<Double> { v / (v * v).sum().squareRoot() }
    func cross(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> SIMD3<Double> {
      SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
    }
    let forward = normalized(target - eye)
    let right = normalized(cross(forward, worldUp))
    let up = cross(right, forward)
    return columns(right: right, up: up, back: -forward, position: eye)
  }
}
