#include "common/binary_vocabulary.h"

#include <algorithm>
#include <limits>

namespace vc {
namespace {

constexpr int kMajorityIterations = 8;

// k-means++ seeding in Hamming space: each next centre is drawn with
// probability proportional to its squared distance from the nearest centre
// so far, so the centres start spread out.
std::vector<int> SeedCentres(const std::vector<int>& members,
                             const cv::Mat& all, int k, cv::RNG& rng) {
  std::vector<int> centres;
  centres.push_back(members[rng.uniform(0, int(members.size()))]);
  std::vector<double> nearest(members.size(),
                              std::numeric_limits<double>::max());
  while (int(centres.size()) < k) {
    const uint8_t* last = all.ptr<uint8_t>(centres.back());
    double total = 0;
    for (size_t m = 0; m < members.size(); ++m) {
      const double d = HammingDistance(all.ptr<uint8_t>(members[m]), last);
      nearest[m] = std::min(nearest[m], d * d);
      total += nearest[m];
    }
    if (total <= 0) break;  // all remaining members equal a centre
    double pick = rng.uniform(0.0, total);
    size_t chosen = members.size() - 1;
    for (size_t m = 0; m < members.size(); ++m) {
      pick -= nearest[m];
      if (pick <= 0) {
        chosen = m;
        break;
      }
    }
    centres.push_back(members[chosen]);
  }
  return centres;
}

// The bitwise majority of the members' descriptors.
void Majority(const std::vector<int>& members, const cv::Mat& all,
              uint8_t* centre) {
  std::array<int, 8 * kDescriptorBytes> ones{};
  for (int m : members) {
    const uint8_t* d = all.ptr<uint8_t>(m);
    for (int bit = 0; bit < 8 * kDescriptorBytes; ++bit) {
      ones[bit] += (d[bit / 8] >> (bit % 8)) & 1;
    }
  }
  std::fill(centre, centre + kDescriptorBytes, 0);
  for (int bit = 0; bit < 8 * kDescriptorBytes; ++bit) {
    if (2 * ones[bit] > int(members.size())) {
      centre[bit / 8] |= uint8_t(1u << (bit % 8));
    }
  }
}

}  // namespace

void BinaryVocabulary::Train(const cv::Mat& descriptors, int branching,
                             int depth, uint64_t seed) {
  branching_ = branching;
  nodes_.assign(1, Node{});
  leaf_count_ = 0;
  std::vector<int> members(descriptors.rows);
  for (int k = 0; k < descriptors.rows; ++k) members[k] = k;
  cv::RNG rng(seed);
  Split(0, members, descriptors, depth, rng);
}

void BinaryVocabulary::Split(int node, const std::vector<int>& members,
                             const cv::Mat& all, int depth_left, cv::RNG& rng) {
  if (depth_left == 0 || int(members.size()) <= branching_) {
    nodes_[node].leaf = leaf_count_++;
    return;
  }
  const std::vector<int> seeds = SeedCentres(members, all, branching_, rng);
  const int k = static_cast<int>(seeds.size());
  std::vector<std::array<uint8_t, kDescriptorBytes>> centres(k);
  for (int c = 0; c < k; ++c) {
    std::copy_n(all.ptr<uint8_t>(seeds[c]), kDescriptorBytes,
                centres[c].begin());
  }
  std::vector<int> assignment(members.size(), -1);
  std::vector<std::vector<int>> clusters(k);
  for (int iteration = 0; iteration < kMajorityIterations; ++iteration) {
    bool changed = false;
    for (auto& cluster : clusters) cluster.clear();
    for (size_t m = 0; m < members.size(); ++m) {
      const uint8_t* d = all.ptr<uint8_t>(members[m]);
      int best = 0;
      int best_distance = std::numeric_limits<int>::max();
      for (int c = 0; c < k; ++c) {
        const int distance = HammingDistance(d, centres[c].data());
        if (distance < best_distance) {
          best_distance = distance;
          best = c;
        }
      }
      changed |= assignment[m] != best;
      assignment[m] = best;
      clusters[best].push_back(members[m]);
    }
    if (!changed) break;
    for (int c = 0; c < k; ++c) {
      // An empty cluster keeps its centre; it simply stays empty.
      if (!clusters[c].empty()) Majority(clusters[c], all, centres[c].data());
    }
  }
  const int first = static_cast<int>(nodes_.size());
  nodes_[node].first_child = first;
  nodes_[node].child_count = k;
  for (int c = 0; c < k; ++c) {
    Node child;
    child.centre = centres[c];
    nodes_.push_back(child);
  }
  for (int c = 0; c < k; ++c) {
    Split(first + c, clusters[c], all, depth_left - 1, rng);
  }
}

VC_HAMMING_HOT int BinaryVocabulary::Quantize(const uint8_t* descriptor,
                                              int extra, int* leaves) const {
  int node = 0;
  while (true) {
    const Node& current = nodes_[node];
    if (current.child_count == 0) {
      leaves[0] = current.leaf;
      return 1;
    }
    // Rank the children; descend into the best unless its children are
    // leaves, in which case the best few leaves are the answer.
    int best[8];
    int best_distance[8];
    const int keep = std::min(1 + extra, 8);
    int kept = 0;
    for (int c = 0; c < current.child_count; ++c) {
      const int child = current.first_child + c;
      const int distance =
          HammingDistance(descriptor, nodes_[child].centre.data());
      int position = kept;
      while (position > 0 && best_distance[position - 1] > distance) {
        --position;
      }
      if (position >= keep) continue;
      for (int moved = std::min(kept, keep - 1); moved > position; --moved) {
        best[moved] = best[moved - 1];
        best_distance[moved] = best_distance[moved - 1];
      }
      best[position] = child;
      best_distance[position] = distance;
      kept = std::min(kept + 1, keep);
    }
    const bool children_are_leaves = nodes_[best[0]].child_count == 0;
    if (!children_are_leaves) {
      node = best[0];
      continue;
    }
    int count = 0;
    for (int r = 0; r < kept; ++r) {
      if (nodes_[best[r]].child_count == 0)
        leaves[count++] = nodes_[best[r]].leaf;
    }
    return count;
  }
}

}  // namespace vc
