#include "relocalization/keyframe_database.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

#include "common/stable_sort.h"
#include "common/status_error.h"

namespace vc {
namespace {

// Whether the world point p with normal n is on keyframe's surface: p
// projects onto a sample within tolerance facing the same way. Surfaces
// seen from far off the normal's side are not counted: that keyframe sees
// the point at a much worse angle.
bool SeesPoint(const DepthSurface& surface, const Eigen::Vector3f& p,
               const Eigen::Vector3f& n, float tolerance) {
  const Eigen::Vector3f c = surface.camera_from_world.cast<float>() * p;
  if (c.z() <= 0) return false;
  const Eigen::Vector2d uv = surface.camera.Project(c.cast<double>());
  if (!surface.CoversPixel(uv.x(), uv.y())) return false;
  const int column = int(uv.x()) / surface.step;
  const int row = int(uv.y()) / surface.step;
  const size_t cell = size_t(row) * surface.columns + column;
  if (!surface.valid[cell]) return false;
  if ((surface.points[cell] - p).squaredNorm() > tolerance * tolerance) {
    return false;
  }
  return surface.normals[cell].dot(n) > 0.5f;
}

}  // namespace

KeyframeDatabase::KeyframeDatabase(const RelocalizationOptions& options)
    : options_(options) {
  options_.Check();
}

void KeyframeDatabase::Add(MapKeyframe keyframe) {
  const Keyframe& k = keyframe.keyframe;
  Require(k.descriptors.empty() || (k.descriptors.type() == CV_8U &&
                                    k.descriptors.cols == kDescriptorBytes),
          "keyframe descriptors must be 32-byte CV_8U rows");
  Require(int(k.keypoints.size()) == k.descriptors.rows &&
              k.points.size() == k.keypoints.size(),
          "keyframe keypoints, descriptors and points must have equal counts");
  keyframes_.push_back(std::move(keyframe));
  indexed_ = false;
}

void KeyframeDatabase::MoveKeyframes(
    const std::vector<Eigen::Isometry3d>& new_world_from_old) {
  MoveMapKeyframes(new_world_from_old, &keyframes_);
}

void MoveMapKeyframes(const std::vector<Eigen::Isometry3d>& new_world_from_old,
                      std::vector<MapKeyframe>* keyframes) {
  Require(new_world_from_old.size() == keyframes->size(),
          "one correction per keyframe");
  for (size_t k = 0; k < keyframes->size(); ++k) {
    const Eigen::Isometry3d& correction = new_world_from_old[k];
    const Eigen::Isometry3d old_from_new = correction.inverse();
    const Eigen::Isometry3f point_correction = correction.cast<float>();
    const Eigen::Matrix3f normal_correction = point_correction.linear();
    Keyframe& keyframe = (*keyframes)[k].keyframe;
    keyframe.camera_from_world = keyframe.camera_from_world * old_from_new;
    for (Eigen::Vector3f& p : keyframe.points) p = point_correction * p;
    DepthSurface& surface = (*keyframes)[k].surface;
    if (surface.empty()) continue;
    surface.camera_from_world = surface.camera_from_world * old_from_new;
    for (Eigen::Vector3f& p : surface.points) p = point_correction * p;
    for (Eigen::Vector3f& n : surface.normals) n = normal_correction * n;
  }
}

void KeyframeDatabase::ScaleWorld(const WorldScaling& scaling) noexcept {
  const auto point = [&](Eigen::Vector3f& p) {
    p = scaling.Point(p.cast<double>()).cast<float>();
  };
  for (MapKeyframe& k : keyframes_) {
    k.keyframe.camera_from_world = scaling.Pose(k.keyframe.camera_from_world);
    for (Eigen::Vector3f& p : k.keyframe.points) point(p);
    if (k.surface.empty()) continue;
    k.surface.camera_from_world = scaling.Pose(k.surface.camera_from_world);
    for (Eigen::Vector3f& p : k.surface.points) point(p);
  }
}

int KeyframeDatabase::descriptor_count() const {
  int total = 0;
  for (const MapKeyframe& k : keyframes_) total += k.keyframe.descriptors.rows;
  return total;
}

std::vector<int64_t> KeyframeDatabase::CullRedundant() {
  std::vector<int64_t> removed;
  std::vector<uint8_t> kept(keyframes_.size(), 1);
  std::vector<int> order(keyframes_.size());
  for (size_t k = 0; k < order.size(); ++k) order[k] = int(k);
  StableSort(&order, [&](int a, int b) {
    return keyframes_[a].keyframe.id < keyframes_[b].keyframe.id;
  });
  // Half the tolerance ICP accepts at the end: a surface within it is the
  // same surface, not a nearby one.
  const float tolerance = 2 * options_.accept_distance;
  for (int i : order) {
    const DepthSurface& surface = keyframes_[i].surface;
    if (surface.empty()) continue;
    int total = 0;
    int covered = 0;
    // Every other cell in each direction: a quarter of the samples
    // measure the overlap as well and cost a quarter.
    for (int row = 0; row < surface.rows; row += 2) {
      for (int column = 0; column < surface.columns; column += 2) {
        const size_t cell = size_t(row) * surface.columns + column;
        if (!surface.valid[cell]) continue;
        ++total;
        int observers = 0;
        for (size_t j = 0; j < keyframes_.size(); ++j) {
          if (int(j) == i || !kept[j] || keyframes_[j].surface.empty()) {
            continue;
          }
          if (SeesPoint(keyframes_[j].surface, surface.points[cell],
                        surface.normals[cell], tolerance) &&
              ++observers >= options_.cull_observers) {
            break;
          }
        }
        covered += observers >= options_.cull_observers;
      }
    }
    if (total > 0 && covered >= options_.cull_overlap * total) {
      kept[i] = 0;
      removed.push_back(keyframes_[i].keyframe.id);
    }
  }
  if (!removed.empty()) {
    std::vector<MapKeyframe> remaining;
    for (size_t k = 0; k < keyframes_.size(); ++k) {
      if (kept[k]) remaining.push_back(std::move(keyframes_[k]));
    }
    keyframes_.swap(remaining);
  }
  indexed_ = false;
  return removed;
}

void KeyframeDatabase::BuildIndex() {
  const int total = descriptor_count();
  cv::Mat all(total, kDescriptorBytes, CV_8U);
  std::vector<std::pair<int32_t, int32_t>> owners;
  owners.reserve(total);
  for (size_t k = 0; k < keyframes_.size(); ++k) {
    const cv::Mat& d = keyframes_[k].keyframe.descriptors;
    for (int r = 0; r < d.rows; ++r) {
      std::memcpy(all.ptr<uint8_t>(int(owners.size())), d.ptr<uint8_t>(r),
                  kDescriptorBytes);
      owners.emplace_back(int32_t(k), int32_t(r));
    }
  }
  vocabulary_.Train(all, options_.vocabulary_branching,
                    options_.vocabulary_depth, options_.vocabulary_seed);
  const int words = vocabulary_.leaf_count();

  // Each map descriptor goes into its one nearest word; queries look in
  // their nearest few, which catches most pairs split by a word border.
  std::vector<int> word_of(total);
  std::vector<int> counts(words + 1, 0);
  for (int r = 0; r < total; ++r) {
    vocabulary_.Quantize(all.ptr<uint8_t>(r), 0, &word_of[r]);
    ++counts[word_of[r] + 1];
  }
  entry_start_.assign(words + 1, 0);
  for (int w = 1; w <= words; ++w) {
    entry_start_[w] = entry_start_[w - 1] + counts[w];
  }
  entries_.resize(total);
  std::vector<int> fill(entry_start_.begin(), entry_start_.end() - 1);
  for (int r = 0; r < total; ++r) {
    Entry& e = entries_[fill[word_of[r]]++];
    std::memcpy(e.descriptor, all.ptr<uint8_t>(r), kDescriptorBytes);
    e.keyframe = owners[r].first;
    e.point = owners[r].second;
  }

  // idf: words in every keyframe say nothing about which one the query
  // sees; words in few say much.
  std::vector<int> keyframes_with(words, 0);
  std::vector<std::vector<std::pair<int, int>>> histograms(keyframes_.size());
  {
    std::vector<int> histogram(words, 0);
    std::vector<int> touched;
    size_t r = 0;
    for (size_t k = 0; k < keyframes_.size(); ++k) {
      touched.clear();
      const int rows = keyframes_[k].keyframe.descriptors.rows;
      for (int d = 0; d < rows; ++d, ++r) {
        const int w = word_of[r];
        if (histogram[w]++ == 0) touched.push_back(w);
      }
      std::sort(touched.begin(), touched.end());
      for (int w : touched) {
        histograms[k].emplace_back(w, histogram[w]);
        ++keyframes_with[w];
        histogram[w] = 0;
      }
    }
  }
  idf_.assign(words, 0.0f);
  const double n = double(keyframes_.size());
  for (int w = 0; w < words; ++w) {
    if (keyframes_with[w] > 0) idf_[w] = float(std::log(n / keyframes_with[w]));
  }
  postings_.assign(words, {});
  for (size_t k = 0; k < keyframes_.size(); ++k) {
    double sum = 0;
    for (const auto& [w, count] : histograms[k]) sum += count * idf_[w];
    if (sum <= 0) continue;
    for (const auto& [w, count] : histograms[k]) {
      const float weight = float(count * idf_[w] / sum);
      if (weight > 0) postings_[w].push_back({int32_t(k), weight});
    }
  }
  indexed_ = true;
}

void KeyframeDatabase::Quantize(const cv::Mat& descriptors,
                                QueryWords* words) const {
  const int per = 1 + options_.extra_leaves;
  words->per_descriptor = per;
  words->leaves.assign(size_t(descriptors.rows) * per, -1);
  words->counts.assign(descriptors.rows, 0);
  for (int d = 0; d < descriptors.rows; ++d) {
    words->counts[d] =
        vocabulary_.Quantize(descriptors.ptr<uint8_t>(d), options_.extra_leaves,
                             &words->leaves[size_t(d) * per]);
  }
}

std::vector<KeyframeScore> KeyframeDatabase::Rank(const QueryWords& words,
                                                  int count) const {
  // The query's tf-idf vector over its nearest words, L1-normalised.
  std::vector<std::pair<int, float>> query;
  {
    std::vector<int> nearest;
    for (size_t d = 0; d < words.counts.size(); ++d) {
      if (words.counts[d] > 0) {
        nearest.push_back(words.leaves[d * words.per_descriptor]);
      }
    }
    std::sort(nearest.begin(), nearest.end());
    double sum = 0;
    for (size_t a = 0; a < nearest.size();) {
      size_t b = a;
      while (b < nearest.size() && nearest[b] == nearest[a]) ++b;
      const float weight = float(b - a) * idf_[nearest[a]];
      if (weight > 0) {
        query.emplace_back(nearest[a], weight);
        sum += weight;
      }
      a = b;
    }
    for (auto& [w, weight] : query) weight = float(weight / sum);
  }
  // L1 score 1 - |q - k|_1 / 2 of normalised vectors, summed over the
  // shared words only: |q_w| + |k_w| - |q_w - k_w| per word, halved.
  std::vector<double> score(keyframes_.size(), 0.0);
  std::vector<uint8_t> shares(keyframes_.size(), 0);
  for (const auto& [w, q] : query) {
    for (const Posting& p : postings_[w]) {
      score[p.keyframe] += q + p.weight - std::abs(q - p.weight);
      shares[p.keyframe] = 1;
    }
  }
  // With no more keyframes than candidates asked for, retrieval has nothing
  // to choose and every keyframe is one (the geometric checks decide): idf
  // gives a word in every keyframe no weight, so with a single keyframe no
  // word would count at all, and a map's first keyframe could never be
  // found again.
  const bool every_keyframe = keyframes_.size() <= size_t(std::max(count, 0));
  std::vector<KeyframeScore> ranked;
  for (size_t k = 0; k < keyframes_.size(); ++k) {
    if (shares[k] || every_keyframe) ranked.push_back({int(k), 0.5 * score[k]});
  }
  const int keep = std::min<int>(count, int(ranked.size()));
  std::partial_sort(ranked.begin(), ranked.begin() + keep, ranked.end(),
                    [](const KeyframeScore& a, const KeyframeScore& b) {
                      if (a.score != b.score) return a.score > b.score;
                      return a.keyframe < b.keyframe;
                    });
  ranked.resize(keep);
  return ranked;
}

VC_HAMMING_HOT void KeyframeDatabase::Match(
    const cv::Mat& descriptors, const QueryWords& words,
    const std::vector<uint8_t>& use, std::vector<MapMatch>* matches) const {
  matches->clear();
  const int max_distance = options_.max_descriptor_distance;
  const float ratio = options_.match_ratio;
  // Entries further than this can neither match nor fail a match's ratio
  // test, so they are skipped at once.
  const int relevant = int(max_distance / ratio);
  const float same = options_.same_point_metres;
  auto point_of = [&](const Entry* e) -> const Eigen::Vector3f& {
    return keyframes_[e->keyframe].keyframe.points[e->point];
  };
  // Descriptors of one physical point seen by two keyframes are nearly
  // equal; they must not fail each other's ratio test.
  auto same_point = [&](const Entry* a, const Entry* b) {
    return (point_of(a) - point_of(b)).squaredNorm() < same * same;
  };
  for (int d = 0; d < descriptors.rows; ++d) {
    const uint8_t* q = descriptors.ptr<uint8_t>(d);
    const Entry* best = nullptr;
    int best_distance = std::numeric_limits<int>::max();
    int second_distance = std::numeric_limits<int>::max();
    for (int l = 0; l < words.counts[d]; ++l) {
      const int w = words.leaves[size_t(d) * words.per_descriptor + l];
      const Entry* begin = entries_.data() + entry_start_[w];
      const Entry* end = entries_.data() + entry_start_[w + 1];
      for (const Entry* e = begin; e != end; ++e) {
        if (!use[e->keyframe]) continue;
        const int distance = HammingDistance(q, e->descriptor);
        if (distance > relevant || distance >= second_distance) continue;
        if (distance < best_distance) {
          if (best != nullptr && !same_point(best, e)) {
            second_distance = best_distance;
          }
          best = e;
          best_distance = distance;
        } else if (!same_point(best, e)) {
          second_distance = distance;
        }
      }
    }
    if (best == nullptr || best_distance > max_distance) continue;
    if (second_distance != std::numeric_limits<int>::max() &&
        best_distance >= ratio * second_distance) {
      continue;
    }
    matches->push_back({d, best->keyframe, best->point, best_distance});
  }
}

}  // namespace vc
