// The map as relocalization sees it: keyframes, and an index over their
// descriptors for place recognition (bag of words with tf-idf weights over
// a vocabulary trained on the map's own descriptors, Galvez-Lopez & Tardos
// 2012) and for matching (an inverted file from each word to the map
// descriptors in it). The keyframes are plain data; the index is rebuilt
// from them deterministically, so only the keyframes need to be saved.
#pragma once

#include <cstdint>
#include <opencv2/core.hpp>
#include <vector>

#include "common/binary_vocabulary.h"
#include "relocalization/map_keyframe.h"
#include "relocalization/relocalization_options.h"
#include "tracking/world_scaling.h"

namespace vc {

// A query descriptor matched to a map point: keyframes()[keyframe]'s
// point number point.
struct MapMatch {
  int query = 0;
  int keyframe = 0;
  int point = 0;
  int distance = 0;
};

struct KeyframeScore {
  int keyframe = 0;  // index into keyframes()
  double score = 0;  // 0..1, the L1 bag-of-words similarity
};

// A query's descriptors quantised: up to 1 + extra_leaves words each, the
// nearest first.
struct QueryWords {
  int per_descriptor = 0;
  std::vector<int> leaves;  // descriptor d's are [d * per_descriptor, ...)
  std::vector<int> counts;  // how many of them are set
};

class KeyframeDatabase {
 public:
  explicit KeyframeDatabase(const RelocalizationOptions& options);

  // Adds a keyframe (descriptor rows, keypoints and points of equal count).
  // Clears the index: BuildIndex() again before querying.
  void Add(MapKeyframe keyframe);

  // Moves keyframes()[k] (pose, points and surface) by
  // new_world_from_old[k], one per keyframe: a loop closure's correction.
  // The index stays valid: it holds descriptors, not positions.
  void MoveKeyframes(const std::vector<Eigen::Isometry3d>& new_world_from_old);
  // Rescales every keyframe's pose, points and surface: the IMU gave the
  // map's unit in metres, or refined it (visual-inertial tracking).
  void ScaleWorld(const WorldScaling& scaling) noexcept;

  // Removes keyframes whose surface is mostly seen by others (see
  // RelocalizationOptions::cull_overlap), so that the map grows with the
  // area seen rather than with time. Oldest first; a keyframe is only
  // judged against keyframes still kept. Returns the removed ids. Clears
  // the index.
  std::vector<int64_t> CullRedundant();

  // Trains the vocabulary on all keyframe descriptors and builds the
  // bag-of-words vectors and inverted files. Deterministic.
  void BuildIndex();
  bool indexed() const { return indexed_; }

  const std::vector<MapKeyframe>& keyframes() const { return keyframes_; }
  int descriptor_count() const;

  void Quantize(const cv::Mat& descriptors, QueryWords* words) const;

  // The best count keyframes by bag-of-words score (ties by index), only
  // those sharing a word with the query; every keyframe when there are no
  // more than count.
  std::vector<KeyframeScore> Rank(const QueryWords& words, int count) const;

  // For each query descriptor, its nearest map descriptor among the
  // keyframes flagged in use (indexed like keyframes()), searched in the
  // descriptor's words, if it passes the distance and ratio tests.
  void Match(const cv::Mat& descriptors, const QueryWords& words,
             const std::vector<uint8_t>& use,
             std::vector<MapMatch>* matches) const;

 private:
  struct Entry {
    uint8_t descriptor[kDescriptorBytes];
    int32_t keyframe;
    int32_t point;
  };
  struct Posting {
    int32_t keyframe;
    float weight;
  };

  RelocalizationOptions options_;
  std::vector<MapKeyframe> keyframes_;
  bool indexed_ = false;
  BinaryVocabulary vocabulary_;
  std::vector<float> idf_;
  // Entries of word w are entries_[entry_start_[w] .. entry_start_[w + 1]).
  std::vector<Entry> entries_;
  std::vector<int> entry_start_;
  // Keyframes holding word w, with the word's weight in their vector.
  std::vector<std::vector<Posting>> postings_;
};

// Moves each of keyframes (pose, points and surface) by its
// new_world_from_old, one per keyframe: a loop closure's correction, or a
// map placed at known poses (vc_world_map_with_keyframe_poses).
void MoveMapKeyframes(const std::vector<Eigen::Isometry3d>& new_world_from_old,
                      std::vector<MapKeyframe>* keyframes);

}  // namespace vc
