// The 3D points the tracker measures the camera against, and the keyframes
// they came from. Points live in slots that are reused after culling, so
// feature tracks can refer to them by index and memory stays bounded: a point
// leaves when it has not been seen for a while or disagreed with the pose too
// often; keyframes beyond the cap leave oldest first.
#pragma once

#include <Eigen/Core>
#include <array>
#include <cstdint>
#include <deque>
#include <vector>

#include "tracking/local_keyframe.h"
#include "tracking/world_scaling.h"

namespace vc {

struct MapPoint {
  // Unique in the map's life (slots are reused; ids are not).
  int64_t id = -1;
  Eigen::Vector3d world = Eigen::Vector3d::Zero();
  // 1-sigma uncertainty of the position in metres (depth noise at lifting).
  double sigma = 0;
  int64_t last_seen_frame = 0;
  // Timestamp of that frame: how long ago the place was seen, whatever the
  // frame rate.
  int64_t last_seen_ns = 0;
  // When the point was lifted: a loop closure moves it with the map of
  // that time.
  int64_t first_seen_ns = 0;
  // Frames in which the point agreed with the pose, and in which it did not.
  int32_t inlier_count = 0;
  int32_t outlier_count = 0;
  // ORB descriptor from the latest keyframe that saw the point, for finding
  // it again once its track is lost.
  bool described = false;
  std::array<uint8_t, 32> descriptor{};
};

// New positions for keyframes and points from bundle adjustment, applied
// where the keyframe and the point are still in the map.
struct MapAdjustment {
  struct KeyframePose {
    int64_t id = 0;
    Eigen::Isometry3d camera_from_world = Eigen::Isometry3d::Identity();
  };
  struct PointPosition {
    int slot = 0;
    int64_t id = 0;
    Eigen::Vector3d world = Eigen::Vector3d::Zero();
  };
  std::vector<KeyframePose> keyframes;
  std::vector<PointPosition> points;

  void Clear() {
    keyframes.clear();
    points.clear();
  }
};

class LocalMap {
 public:
  LocalMap(int max_keyframes, int max_unseen_frames);

  // Makes sure count more points can be added without allocating, so the
  // additions can happen in a commit that must not fail.
  void ReservePoints(int count);
  // Returns the new point's index. Call ReservePoints first.
  int AddPoint(const MapPoint& point) noexcept;

  MapPoint& point(int index) { return points_[index]; }
  const MapPoint& point(int index) const { return points_[index]; }
  // Whether slot holds the point with this id.
  bool holds(int slot, int64_t id) const {
    return slot >= 0 && slot < slot_count() && alive_[slot] != 0 &&
           points_[slot].id == id;
  }
  // Indices run from 0 to slot_count() - 1; freed slots are not alive.
  int slot_count() const { return static_cast<int>(points_.size()); }
  bool alive(int index) const { return alive_[index] != 0; }

  // Adds a keyframe, dropping the oldest beyond the cap. Strong guarantee:
  // if it throws the map is unchanged.
  void AddKeyframe(LocalKeyframe&& keyframe);
  // Points the newest keyframe's observations at their map points: its
  // observation k saw slot track_points[k] (known only once new points
  // have slots).
  void LinkNewestKeyframe(const std::vector<int>& track_points) noexcept;
  // Moves keyframes and points to their adjusted positions.
  void Apply(const MapAdjustment& adjustment) noexcept;

  // Frees points not seen for max_unseen_frames before frame, or that
  // disagreed with the pose in more than a quarter of their (at least 3)
  // sightings. Points seen in frame itself stay: tracks refer to them.
  void Cull(int64_t frame) noexcept;

  // Re-expresses points and keyframes in a world moved by new_world_from_old
  // (the world's axes settling, or a loop closure correcting the map).
  void ChangeWorld(const Eigen::Isometry3d& new_world_from_old) noexcept;

  // A loop closure corrected the map: each point moves by the correction
  // of the time it was lifted, each keyframe by that of its own time
  // (correction_at(timestamp_ns) gives new_world_from_old).
  template <typename CorrectionAtTime>
  void CorrectWorld(const CorrectionAtTime& correction_at) noexcept {
    for (size_t i = 0; i < points_.size(); ++i) {
      if (alive_[i] == 0) continue;
      points_[i].world =
          correction_at(points_[i].first_seen_ns) * points_[i].world;
    }
    for (LocalKeyframe& keyframe : keyframes_) {
      keyframe.camera_from_world =
          keyframe.camera_from_world *
          correction_at(keyframe.timestamp_ns).inverse();
    }
  }

  // Rescales every point and keyframe (monocular tracking learning metres).
  void ScaleWorld(const WorldScaling& scaling) noexcept;

  // Forgets every point and all keyframes but the newest: a new map starts
  // from that keyframe.
  void ClearAllButNewestKeyframe() noexcept;

  int point_count() const { return live_points_; }
  int keyframe_count() const { return static_cast<int>(keyframes_.size()); }
  const std::deque<LocalKeyframe>& keyframes() const { return keyframes_; }
  int64_t next_keyframe_id() const { return next_keyframe_id_; }

 private:
  size_t max_keyframes_;
  int64_t max_unseen_frames_;
  std::vector<MapPoint> points_;
  std::vector<uint8_t> alive_;
  std::vector<int> free_slots_;
  int live_points_ = 0;
  std::deque<LocalKeyframe> keyframes_;
  int64_t next_keyframe_id_ = 0;
  int64_t next_point_id_ = 0;
};

}  // namespace vc
