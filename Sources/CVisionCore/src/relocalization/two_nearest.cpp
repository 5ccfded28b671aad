#include "relocalization/two_nearest.h"

#include "common/hamming.h"
#include "common/two_smallest.h"

namespace vc {

// No templates instantiated here: a function compiled for two instruction
// sets must not instantiate any of its own.
VC_HAMMING_HOT void FindTwoNearest(const cv::Mat& query, const cv::Mat& train,
                                   TwoNearest* nearest) {
  for (int d = 0; d < query.rows; ++d) {
    const uint8_t* q = query.ptr<uint8_t>(d);
    TwoSmallest two;
    for (int t = 0; t < train.rows; ++t) {
      two.Offer(HammingDistance(q, train.ptr<uint8_t>(t)), t);
    }
    nearest[d] = TwoNearest{two.index, two.smallest, two.second};
  }
}

}  // namespace vc
