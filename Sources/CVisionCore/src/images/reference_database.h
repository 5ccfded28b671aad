// The built index over a set of reference images: a vocabulary trained on
// all their descriptors and an inverted file from each word to the reference
// points in it. A view's descriptors are matched through it in one pass,
// which both ranks the references (by votes) and yields the correspondences
// that geometric verification needs. Immutable once built, so sessions share
// it.
#pragma once

#include <cstdint>
#include <limits>
#include <opencv2/core.hpp>
#include <vector>

#include "common/binary_vocabulary.h"
#include "images/reference_image.h"

namespace vc {

// A view point matched to a reference point.
struct PointMatch {
  int view_point = 0;
  int reference_point = 0;
};

// A reference with the view points that matched it.
struct Candidate {
  int reference_index = 0;
  std::vector<PointMatch> matches;
};

class ReferenceDatabase {
 public:
  // Trains the vocabulary and fills the inverted file (deterministic).
  explicit ReferenceDatabase(std::vector<ReferenceImage> references);

  const std::vector<ReferenceImage>& references() const { return references_; }

  // Matches view descriptors (rows of 32 bytes) against every reference and
  // returns the references with at least min_matches matches, skipping those
  // flagged in skip (indexed by reference; may be empty). Ranked by votes:
  // each view point votes for the reference that holds its nearest
  // neighbour of all (ties by index).
  std::vector<Candidate> Retrieve(const cv::Mat& view_descriptors,
                                  int min_matches,
                                  const std::vector<bool>& skip) const;

 private:
  struct Entry {
    uint8_t descriptor[kDescriptorBytes];
    uint16_t reference;
    uint16_t point;
  };

  // Whether two entries are one point of one reference found at two scales:
  // such a pair must not fail the ratio test against itself.
  // Per reference, the best and second-best entry a view point met. The
  // ratio test is per reference, as if each reference were matched on its
  // own: pictures printed with similar textures must not cancel each
  // other's matches.
  struct Best {
    const Entry* best = nullptr;
    int best_distance = std::numeric_limits<int>::max();
    int second_distance = std::numeric_limits<int>::max();
  };
  bool SamePoint(const Entry& a, const Entry& b) const;

  std::vector<ReferenceImage> references_;
  BinaryVocabulary vocabulary_;
  // Entries of leaf w are entries_[leaf_start_[w] .. leaf_start_[w + 1]).
  std::vector<Entry> entries_;
  std::vector<int> leaf_start_;
};

}  // namespace vc
