import Foundation

/// A point pulled towards a goal by a critically damped spring: the fastest
/// approach that never overshoots. Stepped with the exact solution, so any
/// tick length is stable, and capped in speed so a large correction becomes
/// a glide rather than a jump.
struct CriticallyDampedSpring: Equatable, Sendable {
  var position: SIMD3<Float>
  var velocity: SIMD3<Float> = .zero

  init(at position: SIMD3<Float>) { self.position = position }

  /// Advances by `dt` seconds towards `goal` with angular frequency `rate`
  /// (1/s); no step moves faster than `maximumSpeed` (m/s).
  mutating func step(
    towards goal: SIMD3<Float>, dt: Float, rate: Float, maximumSpeed: Float
  ) {
    guard dt > 0 else { return }
    // x(t) = goal + (x0 + (v0 + w x0) t) e^(-w t)
    let x0 = position - goal
    let c = velocity + rate * x0
    let decay = Float(exp(Double(-rate * dt)))
    var next = goal + (x0 + c * dt) * decay
    var nextVelocity = (velocity - rate * c * dt) * decay
    let move = next - position
    let length = (move * move).sum().squareRoot()
    let limit = maximumSpeed * dt
    if length > limit {
      next = position + move * (limit / length)
      nextVelocity = move * (maximumSpeed / length)
    }
    position = next
    velocity = nextVelocity
  }
}
