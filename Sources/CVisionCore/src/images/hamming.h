// The Hamming distance between two 256-bit ORB descriptors (32-byte rows of
// a CV_8U matrix), the one distance recognition measures with.
#pragma once

#include <cstdint>
#include <cstring>

namespace vc {

constexpr int kDescriptorBytes = 32;

inline int HammingDistance(const uint8_t* a, const uint8_t* b) {
  int distance = 0;
  for (int k = 0; k < kDescriptorBytes; k += 8) {
    uint64_t x = 0;
    uint64_t y = 0;
    std::memcpy(&x, a + k, 8);
    std::memcpy(&y, b + k, 8);
    distance += __builtin_popcountll(x ^ y);
  }
  return distance;
}

}  // namespace vc
