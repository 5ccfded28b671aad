#include "relocalization/two_nearest.h"

#include <limits>

#include "common/hamming.h"

namespace vc {

// Plain loops only: a function compiled for two instruction sets must not
// instantiate templates of its own.
VC_HAMMING_HOT void FindTwoNearest(const cv::Mat& query, const cv::Mat& train,
                                   TwoNearest* nearest) {
  for (int d = 0; d < query.rows; ++d) {
    const uint8_t* q = query.ptr<uint8_t>(d);
    int index = -1;
    int distance = std::numeric_limits<int>::max();
    int second_distance = std::numeric_limits<int>::max();
    for (int t = 0; t < train.rows; ++t) {
      const int candidate = HammingDistance(q, train.ptr<uint8_t>(t));
      if (candidate < distance) {
        second_distance = distance;
        distance = candidate;
        index = t;
      } else if (candidate < second_distance) {
        second_distance = candidate;
      }
    }
    nearest[d] = TwoNearest{index, distance, second_distance};
  }
}

}  // namespace vc
