#include "tracking/local_map.h"

#include <algorithm>
#include <utility>

namespace vc {

LocalMap::LocalMap(int max_keyframes, int max_unseen_frames)
    : max_keyframes_(static_cast<size_t>(max_keyframes)),
      max_unseen_frames_(max_unseen_frames) {}

void LocalMap::ReservePoints(int count) {
  const size_t needed =
      points_.size() + static_cast<size_t>(std::max(
                           0, count - static_cast<int>(free_slots_.size())));
  if (needed > points_.capacity()) {
    // Geometric growth keeps the amortised cost constant.
    const size_t capacity = std::max(needed, 2 * points_.capacity());
    points_.reserve(capacity);
    alive_.reserve(capacity);
    free_slots_.reserve(capacity);
  }
}

int LocalMap::AddPoint(const MapPoint& point) noexcept {
  ++live_points_;
  if (!free_slots_.empty()) {
    const int index = free_slots_.back();
    free_slots_.pop_back();
    points_[index] = point;
    points_[index].id = next_point_id_++;
    alive_[index] = 1;
    return index;
  }
  points_.push_back(point);  // capacity reserved: cannot throw
  points_.back().id = next_point_id_++;
  alive_.push_back(1);
  return static_cast<int>(points_.size()) - 1;
}

void LocalMap::AddKeyframe(LocalKeyframe&& keyframe) {
  keyframe.id = next_keyframe_id_;
  keyframes_.push_back(std::move(keyframe));
  ++next_keyframe_id_;
  while (keyframes_.size() > max_keyframes_) keyframes_.pop_front();
}

void LocalMap::LinkNewestKeyframe(
    const std::vector<int>& track_points) noexcept {
  if (keyframes_.empty()) return;
  std::vector<KeyframeObservation>& observations =
      keyframes_.back().observations;
  const size_t count = std::min(observations.size(), track_points.size());
  for (size_t k = 0; k < count; ++k) {
    const int slot = track_points[k];
    observations[k].point = slot;
    observations[k].point_id = slot >= 0 ? points_[slot].id : -1;
  }
}

void LocalMap::Apply(const MapAdjustment& adjustment) noexcept {
  // Both lists are in the order of the map's keyframes and slots.
  size_t next = 0;
  for (LocalKeyframe& keyframe : keyframes_) {
    while (next < adjustment.keyframes.size() &&
           adjustment.keyframes[next].id < keyframe.id) {
      ++next;
    }
    if (next < adjustment.keyframes.size() &&
        adjustment.keyframes[next].id == keyframe.id) {
      keyframe.camera_from_world = adjustment.keyframes[next].camera_from_world;
    }
  }
  for (const MapAdjustment::PointPosition& p : adjustment.points) {
    if (holds(p.slot, p.id)) points_[p.slot].world = p.world;
  }
}

void LocalMap::Cull(int64_t frame) noexcept {
  // free_slots_ has the capacity of points_ (ReservePoints), so pushing
  // never reallocates.
  for (size_t i = 0; i < points_.size(); ++i) {
    if (!alive_[i]) continue;
    const MapPoint& p = points_[i];
    // Seen this frame: a feature track may still refer to it.
    if (p.last_seen_frame == frame) continue;
    const int32_t sightings = p.inlier_count + p.outlier_count;
    const bool stale = frame - p.last_seen_frame > max_unseen_frames_;
    const bool unreliable = sightings >= 3 && 4 * p.outlier_count > sightings;
    if (stale || unreliable) {
      alive_[i] = 0;
      free_slots_.push_back(static_cast<int>(i));
      --live_points_;
    }
  }
}

void LocalMap::ClearAllButNewestKeyframe() noexcept {
  points_.clear();
  alive_.clear();
  free_slots_.clear();
  live_points_ = 0;
  while (keyframes_.size() > 1) keyframes_.pop_front();
}

void LocalMap::ScaleWorld(const WorldScaling& scaling) noexcept {
  for (size_t i = 0; i < points_.size(); ++i) {
    if (alive_[i] == 0) continue;
    points_[i].world = scaling.Point(points_[i].world);
    points_[i].sigma *= scaling.scale;
  }
  for (LocalKeyframe& keyframe : keyframes_) {
    keyframe.camera_from_world = scaling.Pose(keyframe.camera_from_world);
  }
}

void LocalMap::ChangeWorld(
    const Eigen::Isometry3d& new_world_from_old) noexcept {
  for (size_t i = 0; i < points_.size(); ++i) {
    if (alive_[i] != 0)
      points_[i].world = new_world_from_old * points_[i].world;
  }
  const Eigen::Isometry3d old_from_new = new_world_from_old.inverse();
  for (LocalKeyframe& keyframe : keyframes_) {
    keyframe.camera_from_world = keyframe.camera_from_world * old_from_new;
  }
}

}  // namespace vc
