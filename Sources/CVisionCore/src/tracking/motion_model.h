// Predicts where the camera is at the next frame: constant velocity from the
// last two measured poses, with the rotation taken from the gyroscope instead
// when the frame brings IMU samples. The prediction only seeds optical flow
// and the pose search; it is never reported as a measurement.
#pragma once

#include <Eigen/Geometry>
#include <cstdint>
#include <vector>

#include "tracking/world_scaling.h"
#include "vision_core/vision_core.h"

namespace vc {

class MotionModel {
 public:
  // Records a measured camera_from_world (OpenCV camera axes) at t.
  // previous_was_measured says whether the last recorded pose was measured in
  // the frame right before; if not, there is no velocity to extrapolate.
  void Observe(int64_t timestamp_ns, const Eigen::Isometry3d& camera_from_world,
               bool previous_was_measured);

  // Re-expresses the model in a world moved by new_world_from_old (the
  // world's axes settling, or a loop closure correcting the map).
  void ChangeWorld(const Eigen::Isometry3d& new_world_from_old);
  void ScaleWorld(const WorldScaling& scaling) noexcept {
    camera_from_world_ = scaling.Pose(camera_from_world_);
    centre_velocity_ *= scaling.scale;
  }

  // Forgets the velocity, e.g. while the pose is held.
  void StopMotion() { has_velocity_ = false; }

  // camera_from_world at timestamp_ns. imu: samples since the previous frame
  // (ARKit camera axes), gyroscope used when non-empty.
  Eigen::Isometry3d Predict(int64_t timestamp_ns,
                            const std::vector<vc_imu_sample_t>& imu) const;

  bool has_pose() const { return has_pose_; }
  bool has_velocity() const { return has_velocity_; }

 private:
  bool has_pose_ = false;
  bool has_velocity_ = false;
  int64_t timestamp_ns_ = 0;
  Eigen::Isometry3d camera_from_world_ = Eigen::Isometry3d::Identity();
  // Per second: the camera centre's velocity in the world, and the rotation
  // (camera axes, angle-axis) from the old camera to the new one.
  Eigen::Vector3d centre_velocity_ = Eigen::Vector3d::Zero();
  Eigen::Vector3d angular_velocity_ = Eigen::Vector3d::Zero();
};

}  // namespace vc
