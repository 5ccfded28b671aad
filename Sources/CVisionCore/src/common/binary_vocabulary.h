// A vocabulary tree over binary descriptors (Nister & Stewenius 2006, with
// k-majority centres for Hamming space as in DBoW2), trained on the
// reference images' own descriptors. It splits descriptor space into leaves
// ("words") so that a view's descriptor is compared only with the reference
// descriptors in its own few leaves instead of with all of them.
#pragma once

#include <array>
#include <cstdint>
#include <opencv2/core.hpp>
#include <vector>

#include "common/hamming.h"

namespace vc {

class BinaryVocabulary {
 public:
  // Trains on descriptors (rows of 32 bytes): branching children per node,
  // depth levels, so at most branching^depth leaves. Deterministic for a
  // seed.
  void Train(const cv::Mat& descriptors, int branching, int depth,
             uint64_t seed);

  int leaf_count() const { return leaf_count_; }

  // The leaf descriptor falls into (greedy descent), plus up to extra more
  // leaves: the next-closest siblings at the last level, which catches most
  // descriptors that land near a border between words. Writes 1 + extra
  // leaves at most into leaves and returns how many.
  int Quantize(const uint8_t* descriptor, int extra, int* leaves) const;

 private:
  struct Node {
    std::array<uint8_t, kDescriptorBytes> centre{};
    // Children are nodes_[first_child .. first_child + child_count); a node
    // without children is leaf number leaf.
    int first_child = -1;
    int child_count = 0;
    int leaf = -1;
  };

  void Split(int node, const std::vector<int>& members, const cv::Mat& all,
             int depth_left, cv::RNG& rng);

  int branching_ = 0;
  std::vector<Node> nodes_;
  int leaf_count_ = 0;
};

}  // namespace vc
