// Every measured frame's pose, kept relative to the keyframe it was tracked
// against, so that the trajectory can be read again as the map places it
// now: when bundle adjustment or a loop closure later moves a keyframe, the
// frames tracked against it move with it (the trajectory ORB-SLAM's
// SaveTrajectoryTUM writes). The poses reported frame by frame cannot change
// once reported; this one improves as the map does.
//
// It keeps every keyframe's pose, also after the keyframe left the local
// map, so a loop closed later still moves the frames of long ago.
// About 100 bytes per measured frame (an hour at 30 Hz: 11 MB).
// Not thread-safe.
#pragma once

#include <Eigen/Geometry>
#include <cstdint>
#include <vector>

#include "tracking/world_scaling.h"

namespace vc {

struct TrajectoryPose {
  int64_t timestamp_ns = 0;
  // OpenCV camera axes, the tracker's world.
  Eigen::Isometry3d camera_from_world = Eigen::Isometry3d::Identity();
};

class KeyframeRelativeTrajectory {
 public:
  // Makes room for one more frame and keyframes up to id (inclusive), so
  // that the next AddFrame() and SetKeyframePose() calls cannot throw.
  void Reserve(int64_t keyframe_id);

  // Keyframe id (ids count up from 0), taken at timestamp_ns, is now at
  // camera_from_world. Needs Reserve(id) first.
  void SetKeyframePose(int64_t id, int64_t timestamp_ns,
                       const Eigen::Isometry3d& camera_from_world) noexcept;

  // The world's axes turned: every keyframe so far by new_world_from_old.
  void ChangeWorld(const Eigen::Isometry3d& new_world_from_old) noexcept;
  // Rescales keyframes and the frames' offsets from them.
  void ScaleWorld(const WorldScaling& scaling) noexcept;

  // A loop closure corrected the map: every keyframe so far moves by
  // correction_at(its timestamp) (new_world_from_old as the map of that
  // time moved).
  template <typename CorrectionAtTime>
  void CorrectWorld(const CorrectionAtTime& correction_at) noexcept {
    for (Keyframe& keyframe : keyframes_) {
      keyframe.camera_from_world =
          keyframe.camera_from_world *
          correction_at(keyframe.timestamp_ns).inverse();
    }
  }

  // A frame tracked against keyframe_id, camera_from_keyframe as it was
  // measured then. Needs Reserve() first.
  void AddFrame(int64_t timestamp_ns, int64_t keyframe_id,
                const Eigen::Isometry3d& camera_from_keyframe) noexcept;

  size_t frame_count() const { return frames_.size(); }

  // Every frame's camera_from_world as its keyframe is placed now, in the
  // order added; every frame's keyframe must have a pose.
  std::vector<TrajectoryPose> Resolve() const;

 private:
  struct Frame {
    int64_t timestamp_ns;
    int64_t keyframe_id;
    Eigen::Quaterniond camera_from_keyframe_rotation;
    Eigen::Vector3d camera_from_keyframe_translation;
  };
  std::vector<Frame> frames_;
  struct Keyframe {
    int64_t timestamp_ns;
    Eigen::Isometry3d camera_from_world;
  };
  // By keyframe id.
  std::vector<Keyframe> keyframes_;
};

}  // namespace vc
