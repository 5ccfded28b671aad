// The smallest and second-smallest of a stream of distances, and where the
// smallest came from: what a nearest-neighbour ratio test needs. A distance
// equal to the smallest so far counts as the second, so the earliest of
// equals wins, as cv::BFMatcher::knnMatch orders them.
#pragma once

#include <limits>

namespace vc {

struct TwoSmallest {
  int index = -1;
  int smallest = std::numeric_limits<int>::max();
  int second = std::numeric_limits<int>::max();

  void Offer(int distance, int from) {
    if (distance < smallest) {
      second = smallest;
      smallest = distance;
      index = from;
    } else if (distance < second) {
      second = distance;
    }
  }
};

}  // namespace vc
