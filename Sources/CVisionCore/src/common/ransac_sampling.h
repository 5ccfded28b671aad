// What the core's seeded RANSAC loops (homographies, rigid 3D-3D poses)
// share: drawing a sample of distinct points, and how many samples are
// still worth drawing once the best hypothesis so far is known.
// Header-only.
#pragma once

#include <algorithm>
#include <cmath>

#include "common/seeded_generator.h"

namespace vc {

// Fills picked[0, size) with distinct indices below n (n >= size).
inline void PickDistinctIndices(SeededGenerator* generator, int n, int size,
                                int* picked) {
  for (int k = 0; k < size; ++k) {
    bool repeated = true;
    while (repeated) {
      picked[k] = generator->Below(n);
      repeated = std::find(picked, picked + k, picked[k]) != picked + k;
    }
  }
}

// The samples to draw in all, at most max_iterations, so that with
// probability `confidence` one of them holds `sample_size` points that all
// agree, when `inliers` of the n points agree with the best hypothesis so
// far (Fischler and Bolles, 1981). 0 when every point agrees.
inline int RansacIterationsNeeded(int inliers, int n, int sample_size,
                                  double confidence, int max_iterations) {
  const double all_inliers = std::pow(double(inliers) / n, sample_size);
  if (all_inliers >= 1.0) return 0;
  const double iterations =
      std::log(1.0 - confidence) / std::log(1.0 - all_inliers);
  return std::min(max_iterations, static_cast<int>(std::ceil(iterations)));
}

}  // namespace vc
