#include "planes/recent_map_points.h"

#include <algorithm>

namespace vc {
namespace {

// A point not seen for 2 s is forgotten: it has left the view, or tracking
// dropped it as an outlier.
constexpr int64_t kForgetAfterNs = 2'000'000'000;
// At most this many points are kept (the most recently seen), a few rooms'
// worth, so that a long session's cloud stays small.
constexpr size_t kCapacity = 4000;

}  // namespace

void RecentMapPoints::Update(const std::vector<PointSighting>& sightings,
                             int64_t time_ns) {
  incoming_.clear();
  for (const PointSighting& sighting : sightings) {
    if (sighting.id >= 0 && sighting.world.allFinite()) {
      incoming_.push_back({sighting.id, sighting.world, time_ns});
    }
  }
  const auto by_id = [](const Point& a, const Point& b) { return a.id < b.id; };
  std::sort(incoming_.begin(), incoming_.end(), by_id);
  // The sightings merged into the kept points (both ordered by id).
  merged_.clear();
  size_t i = 0;
  size_t j = 0;
  while (i < points_.size() || j < incoming_.size()) {
    if (j == incoming_.size() ||
        (i < points_.size() && points_[i].id < incoming_[j].id)) {
      if (time_ns - points_[i].last_seen_ns <= kForgetAfterNs) {
        merged_.push_back(points_[i]);
      }
      ++i;
      continue;
    }
    if (i < points_.size() && points_[i].id == incoming_[j].id) ++i;
    merged_.push_back(incoming_[j++]);
  }
  if (merged_.size() > kCapacity) {
    // Keep the most recent; ties by id, so the choice is deterministic.
    std::nth_element(merged_.begin(), merged_.begin() + kCapacity,
                     merged_.end(), [](const Point& a, const Point& b) {
                       return a.last_seen_ns > b.last_seen_ns ||
                              (a.last_seen_ns == b.last_seen_ns && a.id > b.id);
                     });
    merged_.resize(kCapacity);
    std::sort(merged_.begin(), merged_.end(), by_id);
  }
  std::swap(points_, merged_);
}

void RecentMapPoints::Scale(double scale, const Eigen::Vector3d& offset) {
  for (Point& point : points_) point.position = scale * point.position + offset;
}

void RecentMapPoints::AppendPositions(std::vector<Eigen::Vector3d>* out) const {
  for (const Point& point : points_) out->push_back(point.position);
}

}  // namespace vc
