import Foundation

extension PlacementController {
  /// A placed object with the state that moves it.
  struct Entry {
    var object: PlacedObject
    var spring: CriticallyDampedSpring
    /// Smoothed surface normal (world, unit).
    var normal: SIMD3<Float>
    /// Where the surface under the object is, and its normal.
    var goal: SIMD3<Float>
    var goalNormal: SIMD3<Float>
    /// The object's front in the world (kept in the surface when composed).
    var forward: SIMD3<Float>
    /// The ray that put the object where it is (the tap's, or the last
    /// drag's): an estimated surface is looked up along it again.
    var rayOrigin: SIMD3<Float>
    var rayDirection: SIMD3<Float>
    /// Metres along the anchor's normal from its plane to the surface the
    /// depth shows under the object, averaged over frames.
    var depthOffset = RunningMean()
    /// Metres along the ray to the estimated surface, averaged over frames
    /// (while the object has no anchor).
    var estimatedDistance = RunningMean()

    /// Measurements behind the object's surface (of its anchor's height
    /// when it has one, else along its ray).
    var measurementCount: Int {
      object.anchorIdentifier != nil ? depthOffset.count : estimatedDistance.count
    }

    var transform: Transform {
      Self.transform(position: spring.position, normal: normal, forward: forward)
    }

    /// One tick of motion; the object when its transform changed visibly
    /// (a hundredth of a millimetre).
    mutating func step(dt: Float, configuration: PlacementConfiguration) -> PlacedObject? {
      spring.step(
        towards: goal, dt: dt, rate: configuration.settlingRate,
        maximumSpeed: configuration.maximumSpeed)
      let blend = 1 - Float(exp(Double(-configuration.settlingRate * dt)))
      let n = normal + (goalNormal - normal) * blend
      normal = n / (n * n).sum().squareRoot()
      let offset = goal - spring.position
      object.isSettled =
        (offset * offset).sum() < 1e-6 && (spring.velocity * spring.velocity).sum() < 1e-4
      let next = transform
      guard next.maxDifference(to: object.transform) > 1e-5 else { return nil }
      object.transform = next
      return object
    }

    /// worldFromObject: +Y the normal, +Z the front laid into the surface.
    static func transform(
      position: SIMD3<Float>, normal: SIMD3<Float>, forward: SIMD3<Float>
    ) -> Transform {
      let y = normal / (normal * normal).sum().squareRoot()
      var z = forward - (forward * y).sum() * y
      if (z * z).sum() < 1e-8 {
        // The front points along the normal: any direction in the surface.
        z = abs(y.x) < 0.9 ? SIMD3(1, 0, 0) - y.x * y : SIMD3(0, 0, 1) - y.z * y
      }
      z /= (z * z).sum().squareRoot()
      let x = SIMD3(
        y.y * z.z - y.z * z.y, y.z * z.x - y.x * z.z, y.x * z.y - y.y * z.x)
      return Transform(SIMD4(x, 0), SIMD4(y, 0), SIMD4(z, 0), SIMD4(position, 1))
    }
  }
}
