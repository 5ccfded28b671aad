import Foundation

/// A small, fast, seedable generator (SplitMix64): the same seed gives the same
/// numbers on every platform, which `SystemRandomNumberGenerator` does not.
package struct SplitMix64: RandomNumberGenerator, Sendable {
  private var state: UInt64
  package init(seed: UInt64) { state = seed }
  package mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
  /// Uniform in [0, 1).
  package mutating func nextUnit() -> Double { Double(next() >> 11) / Double(1 << 53) }

  /// Standard normal (Box–Muller on two uniforms). Uses libm's log and cos,
  /// so it is reproducible on one platform, which is what byte-identical
  /// sequences for a seed need.
  package mutating func nextGaussian() -> Double {
    let u1 = 1 - nextUnit()  // (0, 1], so the log is finite
    let u2 = nextUnit()
    return (-2 * log(u1)).squareRoot() * cos(2 * .pi * u2)
  }

  /// An independent generator for stream `index` of `seed`, so that adding a
  /// consumer of random numbers never shifts the numbers another one gets.
  package static func stream(_ index: UInt64, of seed: UInt64) -> SplitMix64 {
    var mixer = SplitMix64(seed: seed ^ (index &* 0xD1B5_4A32_D192_ED03))
    return SplitMix64(seed: mixer.next())
  }

  /// A seed for consumer `index` of `seed`: the first number of its stream.
  package static func derivedSeed(_ index: UInt64, of seed: UInt64) -> UInt64 {
    var generator = stream(index, of: seed)
    return generator.next()
  }
}
