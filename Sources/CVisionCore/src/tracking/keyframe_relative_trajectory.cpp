#include "tracking/keyframe_relative_trajectory.h"

#include <algorithm>

namespace vc {

void KeyframeRelativeTrajectory::Reserve(int64_t keyframe_id) {
  // Amortised growth: reserve doubles rather than adding one at a time.
  if (frames_.size() == frames_.capacity()) {
    frames_.reserve(std::max<size_t>(64, 2 * frames_.capacity()));
  }
  const size_t keyframes = static_cast<size_t>(keyframe_id) + 1;
  if (keyframes > keyframes_.capacity()) {
    keyframes_.reserve(std::max(keyframes, 2 * keyframes_.capacity()));
  }
}

void KeyframeRelativeTrajectory::SetKeyframePose(
    int64_t id, int64_t timestamp_ns,
    const Eigen::Isometry3d& camera_from_world) noexcept {
  const size_t index = static_cast<size_t>(id);
  if (index >= keyframes_.size()) {
    keyframes_.resize(index + 1, {timestamp_ns, camera_from_world});
  }
  keyframes_[index] = {timestamp_ns, camera_from_world};
}

void KeyframeRelativeTrajectory::ChangeWorld(
    const Eigen::Isometry3d& new_world_from_old) noexcept {
  const Eigen::Isometry3d old_from_new = new_world_from_old.inverse();
  for (Keyframe& keyframe : keyframes_) {
    keyframe.camera_from_world = keyframe.camera_from_world * old_from_new;
  }
}

void KeyframeRelativeTrajectory::ScaleWorld(
    const WorldScaling& scaling) noexcept {
  for (Keyframe& keyframe : keyframes_) {
    keyframe.camera_from_world = scaling.Pose(keyframe.camera_from_world);
  }
  for (Frame& frame : frames_) {
    frame.camera_from_keyframe_translation *= scaling.scale;
  }
}

void KeyframeRelativeTrajectory::AddFrame(
    int64_t timestamp_ns, int64_t keyframe_id,
    const Eigen::Isometry3d& camera_from_keyframe) noexcept {
  frames_.push_back({timestamp_ns, keyframe_id,
                     Eigen::Quaterniond(camera_from_keyframe.linear()),
                     camera_from_keyframe.translation()});
}

std::vector<TrajectoryPose> KeyframeRelativeTrajectory::Resolve() const {
  std::vector<TrajectoryPose> poses;
  poses.reserve(frames_.size());
  for (const Frame& frame : frames_) {
    Eigen::Isometry3d camera_from_keyframe = Eigen::Isometry3d::Identity();
    camera_from_keyframe.linear() =
        frame.camera_from_keyframe_rotation.toRotationMatrix();
    camera_from_keyframe.translation() = frame.camera_from_keyframe_translation;
    poses.push_back({frame.timestamp_ns,
                     camera_from_keyframe *
                         keyframes_[static_cast<size_t>(frame.keyframe_id)]
                             .camera_from_world});
  }
  return poses;
}

}  // namespace vc
