// Descriptor-matching trial (relocalization/two_nearest.h): the loop check's
// matcher must find what cv::BFMatcher::knnMatch(k = 2) finds, ties
// included, so that replacing one by the other changes no loop.
#include <algorithm>
#include <opencv2/features2d.hpp>
#include <random>
#include <vector>

#include "common/hamming.h"
#include "relocalization/two_nearest.h"
#include "vision_core_testing/vision_core_testing.h"

namespace {

// A copy of row with bits flipped at random positions (0 gives a copy).
void FlipBits(const uint8_t* row, int bits, std::mt19937_64* random,
              uint8_t* out) {
  std::copy(row, row + vc::kDescriptorBytes, out);
  std::uniform_int_distribution<int> position(0, 8 * vc::kDescriptorBytes - 1);
  for (int b = 0; b < bits; ++b) {
    const int p = position(*random);
    out[p / 8] ^= uint8_t(1u << (p % 8));
  }
}

}  // namespace

extern "C" {

vc_status_t vc_test_two_nearest_against_bfmatcher(uint64_t seed,
                                                  int query_count,
                                                  int train_count,
                                                  int* disagreements,
                                                  int* ties) {
  if (disagreements == nullptr || ties == nullptr || query_count <= 0 ||
      train_count < 2) {
    return VC_STATUS_INVALID_ARGUMENT;
  }
  std::mt19937_64 random(seed);
  std::uniform_int_distribution<int> byte(0, 255);
  std::uniform_int_distribution<int> flips(0, 3);
  cv::Mat query(query_count, vc::kDescriptorBytes, CV_8UC1);
  for (int r = 0; r < query.rows; ++r) {
    for (int c = 0; c < vc::kDescriptorBytes; ++c)
      query.at<uint8_t>(r, c) = uint8_t(byte(random));
  }
  // A third random, a third near a query row, a third near an earlier
  // train row: equal distances are common.
  cv::Mat train(train_count, vc::kDescriptorBytes, CV_8UC1);
  for (int r = 0; r < train.rows; ++r) {
    uint8_t* row = train.ptr<uint8_t>(r);
    const int kind = r == 0 ? 0 : r % 3;
    if (kind == 0) {
      for (int c = 0; c < vc::kDescriptorBytes; ++c)
        row[c] = uint8_t(byte(random));
    } else if (kind == 1) {
      const int q =
          std::uniform_int_distribution<int>(0, query.rows - 1)(random);
      FlipBits(query.ptr<uint8_t>(q), flips(random), &random, row);
    } else {
      const int earlier = std::uniform_int_distribution<int>(0, r - 1)(random);
      FlipBits(train.ptr<uint8_t>(earlier), flips(random), &random, row);
    }
  }
  std::vector<vc::TwoNearest> nearest(query.rows);
  vc::FindTwoNearest(query, train, nearest.data());
  std::vector<std::vector<cv::DMatch>> knn;
  cv::BFMatcher(cv::NORM_HAMMING).knnMatch(query, train, knn, 2);
  *disagreements = 0;
  *ties = 0;
  for (int q = 0; q < query.rows; ++q) {
    const std::vector<cv::DMatch>& m = knn[q];
    const vc::TwoNearest& n = nearest[q];
    const bool same = m.size() == 2 && n.index == m[0].trainIdx &&
                      n.distance == int(m[0].distance) &&
                      n.second_distance == int(m[1].distance);
    if (!same) ++*disagreements;
    if (n.distance == n.second_distance) ++*ties;
  }
  return VC_STATUS_OK;
}

}  // extern "C"
