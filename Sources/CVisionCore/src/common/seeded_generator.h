// The one pseudo-random generator of the core's seeded estimators (RANSAC
// for homographies and poses): splitmix64, the same sequence on every
// platform, where the standard distributions leave their mapping to the
// library. Header-only.
#pragma once

#include <cstdint>

namespace vc {

class SeededGenerator {
 public:
  explicit SeededGenerator(uint64_t seed) : state_(seed) {}
  uint64_t Next() {
    uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  // Uniform enough in [0, n) for n far below 2^64.
  int Below(int n) { return static_cast<int>(Next() % uint64_t(n)); }

 private:
  uint64_t state_;
};

}  // namespace vc
