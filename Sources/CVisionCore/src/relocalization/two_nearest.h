// The nearest and second-nearest of a set of ORB descriptors to each of
// another's, as cv::BFMatcher::knnMatch(k = 2) with NORM_HAMMING finds them
// (ties: the lower index first), without its per-call allocations and
// generic distance loop: the loop check matches every new keyframe against
// its candidates this way, and matching was most of its cost (7-Scenes
// kitchen: the keyframe job's median 11.6 -> 5.3 ms).
#pragma once

#include <opencv2/core.hpp>

namespace vc {

struct TwoNearest {
  int index;            // train row, -1 when train is empty
  int distance;         // INT_MAX when train is empty
  int second_distance;  // INT_MAX when train has fewer than two rows
};

// query, train: CV_8UC1 rows of 32 bytes. nearest: query.rows entries.
void FindTwoNearest(const cv::Mat& query, const cv::Mat& train,
                    TwoNearest* nearest);

}  // namespace vc
