#include "tracking/motion_model.h"

#include <algorithm>

#include "common/conventions.h"

namespace vc {
namespace {

constexpr double kNanosecondsPerSecond = 1e9;

Eigen::Matrix3d RotationFromVector(const Eigen::Vector3d& v) {
  const double angle = v.norm();
  if (angle < 1e-12) return Eigen::Matrix3d::Identity();
  return Eigen::AngleAxisd(angle, v / angle).toRotationMatrix();
}

Eigen::Vector3d VectorFromRotation(const Eigen::Matrix3d& r) {
  const Eigen::AngleAxisd aa(r);
  return aa.angle() * aa.axis();
}

}  // namespace

void MotionModel::Observe(int64_t timestamp_ns,
                          const Eigen::Isometry3d& camera_from_world,
                          bool previous_was_measured) {
  const double dt = (timestamp_ns - timestamp_ns_) / kNanosecondsPerSecond;
  if (has_pose_ && previous_was_measured && dt > 0) {
    const Eigen::Vector3d old_centre =
        -camera_from_world_.linear().transpose() *
        camera_from_world_.translation();
    const Eigen::Vector3d new_centre = -camera_from_world.linear().transpose() *
                                       camera_from_world.translation();
    centre_velocity_ = (new_centre - old_centre) / dt;
    // new_from_old = R_new * R_old^T, i.e. the camera's own rotation.
    angular_velocity_ =
        VectorFromRotation(camera_from_world.linear() *
                           camera_from_world_.linear().transpose()) /
        dt;
    has_velocity_ = true;
  } else {
    has_velocity_ = false;
  }
  has_pose_ = true;
  timestamp_ns_ = timestamp_ns;
  camera_from_world_ = camera_from_world;
}

void MotionModel::ChangeWorld(const Eigen::Isometry3d& new_world_from_old) {
  camera_from_world_ = camera_from_world_ * new_world_from_old.inverse();
  centre_velocity_ = new_world_from_old.linear() * centre_velocity_;
}

Eigen::Isometry3d MotionModel::Predict(
    int64_t timestamp_ns, const std::vector<vc_imu_sample_t>& imu) const {
  if (!has_pose_) return Eigen::Isometry3d::Identity();
  const double dt = (timestamp_ns - timestamp_ns_) / kNanosecondsPerSecond;
  Eigen::Matrix3d new_from_old = Eigen::Matrix3d::Identity();
  if (!imu.empty()) {
    // The camera's orientation evolves as R_world_from_camera * exp(w dt)
    // with w in camera axes; zero-order hold per sample, the first sample
    // also covering the time since the previous frame.
    Eigen::Matrix3d old_from_new = Eigen::Matrix3d::Identity();
    for (size_t i = 0; i < imu.size(); ++i) {
      const int64_t begin =
          i == 0 ? timestamp_ns_ : std::max(timestamp_ns_, imu[i].timestamp_ns);
      const int64_t end =
          i + 1 < imu.size() ? imu[i + 1].timestamp_ns : timestamp_ns;
      const double span = (end - begin) / kNanosecondsPerSecond;
      if (span <= 0) continue;
      const Eigen::Vector3d w = OpenCvFromArkitCameraVector(
          Eigen::Vector3d(imu[i].rotation_rate[0], imu[i].rotation_rate[1],
                          imu[i].rotation_rate[2]));
      old_from_new = old_from_new * RotationFromVector(w * span);
    }
    new_from_old = old_from_new.transpose();
  } else if (has_velocity_) {
    new_from_old = RotationFromVector(angular_velocity_ * dt);
  }
  const Eigen::Vector3d old_centre = -camera_from_world_.linear().transpose() *
                                     camera_from_world_.translation();
  const Eigen::Vector3d centre =
      has_velocity_ ? Eigen::Vector3d(old_centre + centre_velocity_ * dt)
                    : old_centre;
  Eigen::Isometry3d predicted = Eigen::Isometry3d::Identity();
  predicted.linear() = new_from_old * camera_from_world_.linear();
  predicted.translation() = -predicted.linear() * centre;
  return predicted;
}

}  // namespace vc
