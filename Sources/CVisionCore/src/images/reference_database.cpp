#include "images/reference_database.h"

#include <algorithm>
#include <cstring>
#include <limits>

#include "common/stable_sort.h"

namespace vc {
namespace {

// 32 x 32 = 1024 words for up to 50,000 reference points: about 50 per word,
// so a view point is compared with ~100 reference points (two words), not
// with 50,000.
constexpr int kBranching = 32;
constexpr int kDepth = 2;
constexpr int kExtraLeaves = 1;
constexpr uint64_t kVocabularySeed = 0x5EED1A6E;
// An ORB match: at most this many differing bits of 256 ...
constexpr int kMaxMatchDistance = 64;
// ... and clearly closer than the next-best point of the same reference
// (not the same point found at another scale).
constexpr float kRatio = 0.8f;
// A point further than this is neither a match (over kMaxMatchDistance)
// nor a second-best close enough to fail a match's ratio test, so it is
// skipped at once: most points of a word are about 128 bits away.
constexpr int kRelevantDistance = static_cast<int>(kMaxMatchDistance / kRatio);
// Points of one reference closer than this (given pixels, scaled by the
// working scale) are the same physical point found at two scales.
constexpr float kSamePointPixels = 12.0f;
// Candidates need this many view points whose nearest neighbour of all is
// theirs before a homography is tried: verification is the expensive part.
constexpr int kMinVotes = 10;

}  // namespace

ReferenceDatabase::ReferenceDatabase(std::vector<ReferenceImage> references)
    : references_(std::move(references)) {
  int total = 0;
  for (const ReferenceImage& r : references_) total += r.descriptors.rows;
  cv::Mat all(total, kDescriptorBytes, CV_8U);
  std::vector<std::pair<uint16_t, uint16_t>> owners;
  owners.reserve(total);
  int row = 0;
  for (size_t r = 0; r < references_.size(); ++r) {
    const cv::Mat& d = references_[r].descriptors;
    for (int k = 0; k < d.rows; ++k, ++row) {
      std::memcpy(all.ptr<uint8_t>(row), d.ptr<uint8_t>(k), kDescriptorBytes);
      owners.emplace_back(uint16_t(r), uint16_t(k));
    }
  }
  vocabulary_.Train(all, kBranching, kDepth, kVocabularySeed);

  // Each reference point goes into its one closest word.
  std::vector<int> leaf_of(total);
  std::vector<int> counts(vocabulary_.leaf_count() + 1, 0);
  for (int k = 0; k < total; ++k) {
    int leaf = 0;
    vocabulary_.Quantize(all.ptr<uint8_t>(k), 0, &leaf);
    leaf_of[k] = leaf;
    ++counts[leaf + 1];
  }
  leaf_start_.assign(counts.size(), 0);
  for (size_t w = 1; w < counts.size(); ++w) {
    leaf_start_[w] = leaf_start_[w - 1] + counts[w];
  }
  entries_.resize(total);
  std::vector<int> fill(leaf_start_.begin(), leaf_start_.end() - 1);
  for (int k = 0; k < total; ++k) {
    Entry& e = entries_[fill[leaf_of[k]]++];
    std::memcpy(e.descriptor, all.ptr<uint8_t>(k), kDescriptorBytes);
    e.reference = owners[k].first;
    e.point = owners[k].second;
  }
}

bool ReferenceDatabase::SamePoint(const Entry& a, const Entry& b) const {
  if (a.reference != b.reference) return false;
  const ReferenceImage& r = references_[a.reference];
  const cv::Point2f gap = r.points[a.point] - r.points[b.point];
  const float same = kSamePointPixels / float(r.working_scale);
  return gap.dot(gap) < same * same;
}

namespace {

// The references with enough matches and votes, most votes first.
std::vector<Candidate> CandidatesByVotes(std::vector<Candidate>* by_reference,
                                         const std::vector<int>& votes,
                                         int min_matches) {
  std::vector<Candidate> candidates;
  for (size_t r = 0; r < by_reference->size(); ++r) {
    Candidate& candidate = (*by_reference)[r];
    if (int(candidate.matches.size()) < min_matches) continue;
    // A picture in view holds the nearest neighbours of many of its points;
    // pictures merely printed in a similar style hold few.
    if (votes[r] < kMinVotes) continue;
    candidate.reference_index = static_cast<int>(r);
    candidates.push_back(std::move(candidate));
  }
  StableSort(&candidates, [&](const Candidate& a, const Candidate& b) {
    return votes[a.reference_index] > votes[b.reference_index];
  });
  return candidates;
}

}  // namespace

VC_HAMMING_HOT std::vector<Candidate> ReferenceDatabase::Retrieve(
    const cv::Mat& view_descriptors, int min_matches,
    const std::vector<bool>& skip) const {
  std::vector<Candidate> by_reference(references_.size());
  std::vector<Best> bests(references_.size());
  std::vector<int> touched;
  std::vector<int> votes(references_.size(), 0);
  int leaves[1 + kExtraLeaves];
  for (int v = 0; v < view_descriptors.rows; ++v) {
    const uint8_t* d = view_descriptors.ptr<uint8_t>(v);
    const int leaf_count = vocabulary_.Quantize(d, kExtraLeaves, leaves);
    touched.clear();
    for (int l = 0; l < leaf_count; ++l) {
      const Entry* begin = entries_.data() + leaf_start_[leaves[l]];
      const Entry* end = entries_.data() + leaf_start_[leaves[l] + 1];
      for (const Entry* e = begin; e != end; ++e) {
        Best& b = bests[e->reference];
        const int distance = HammingDistance(d, e->descriptor);
        if (distance > kRelevantDistance) continue;
        if (distance >= b.second_distance) continue;
        if (b.best == nullptr) touched.push_back(e->reference);
        if (distance < b.best_distance) {
          if (b.best != nullptr && !SamePoint(*b.best, *e)) {
            b.second_distance = b.best_distance;
          }
          b.best = e;
          b.best_distance = distance;
        } else if (!SamePoint(*b.best, *e)) {
          b.second_distance = distance;
        }
      }
    }
    // The reference holding this point's nearest neighbour of all gets its
    // vote: votes rank the candidates, matches feed their verification.
    int nearest = -1;
    for (int r : touched) {
      if (nearest < 0 ||
          bests[r].best_distance < bests[nearest].best_distance ||
          (bests[r].best_distance == bests[nearest].best_distance &&
           r < nearest)) {
        nearest = r;
      }
    }
    if (nearest >= 0 && bests[nearest].best_distance <= kMaxMatchDistance) {
      ++votes[nearest];
    }
    for (int r : touched) {
      Best& b = bests[r];
      const bool distinct =
          b.best_distance <= kMaxMatchDistance &&
          (b.second_distance == std::numeric_limits<int>::max() ||
           b.best_distance < kRatio * b.second_distance);
      if (distinct && (skip.empty() || !skip[r])) {
        by_reference[r].matches.push_back({v, b.best->point});
      }
      b = Best();
    }
  }
  return CandidatesByVotes(&by_reference, votes, min_matches);
}

}  // namespace vc
