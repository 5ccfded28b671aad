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

// Functions that compare many descriptors are compiled twice, once with the
// POPCNT instruction (most x86-64 processors since 2008; a loop of shifts
// and masks without it takes about twice as long over the whole retrieval)
// and once without; the loader picks the one this processor runs.
#if defined(__x86_64__) && defined(__ELF__) && \
    (defined(__GNUC__) || defined(__clang__))
#define VC_HAMMING_HOT __attribute__((target_clones("popcnt", "default")))
#else
#define VC_HAMMING_HOT
#endif
