#include "tracking/world_alignment.h"

namespace vc {
Eigen::Matrix3d GravityAlignedWorldFromCamera(const Eigen::Vector3d& up) {
  const Eigen::Vector3d y = up.normalized();
  // The camera's back axis (+Z in ARKit camera axes) made horizontal; when
  // the camera looks straight up or down, its image top (+Y) decides.
  Eigen::Vector3d z = Eigen::Vector3d::UnitZ() - y.z() * y;
  if (z.norm() < 1e-3) z = -(Eigen::Vector3d::UnitY() - y.y() * y);
  z.normalize();
  const Eigen::Vector3d x = y.cross(z);
  // Columns: world axes in camera coordinates, i.e. camera_from_world.
  Eigen::Matrix3d camera_from_world;
  camera_from_world << x, y, z;
  return camera_from_world.transpose();
}

namespace {

// Shorter vectors carry no direction worth trusting (an accelerometer in
// free fall, or a zeroed option).
constexpr double kMinUpLength = 1e-3;

// Up in the first camera's ARKit axes, or zero when the world has no
// gravity (camera alignment, or nothing says where up is).
Eigen::Vector3d FirstCameraUp(const TrackingOptions& options,
                              const std::vector<vc_imu_sample_t>& first_imu) {
  if (options.world_alignment != WorldAlignment::kGravity) {
    return Eigen::Vector3d::Zero();
  }
  Eigen::Vector3d up = options.first_camera_up.cast<double>();
  if (up.norm() < kMinUpLength && !first_imu.empty()) {
    up.setZero();
    for (const vc_imu_sample_t& s : first_imu) {
      up += Eigen::Vector3d(s.acceleration[0], s.acceleration[1],
                            s.acceleration[2]);
    }
    up /= static_cast<double>(first_imu.size());
  }
  return up.norm() < kMinUpLength ? Eigen::Vector3d::Zero() : up;
}

}  // namespace

bool WorldKnowsGravity(const TrackingOptions& options,
                       const std::vector<vc_imu_sample_t>& first_imu) {
  return !FirstCameraUp(options, first_imu).isZero();
}

bool GravityFromAccelerometer(const TrackingOptions& options,
                              const std::vector<vc_imu_sample_t>& first_imu) {
  return options.world_alignment == WorldAlignment::kGravity &&
         options.first_camera_up.norm() < kMinUpLength && !first_imu.empty() &&
         WorldKnowsGravity(options, first_imu);
}

vc_world_up_source_t ToC(WorldUpSource source) {
  switch (source) {
    case WorldUpSource::kNone:
      return VC_WORLD_UP_SOURCE_NONE;
    case WorldUpSource::kGiven:
      return VC_WORLD_UP_SOURCE_GIVEN;
    case WorldUpSource::kAccelerometer:
      return VC_WORLD_UP_SOURCE_ACCELEROMETER;
    case WorldUpSource::kScene:
      return VC_WORLD_UP_SOURCE_SCENE;
    case WorldUpSource::kUndecided:
      return VC_WORLD_UP_SOURCE_UNDECIDED;
  }
  return VC_WORLD_UP_SOURCE_NONE;
}

WorldUpSource FirstFrameUpSource(const TrackingOptions& options,
                                 const std::vector<vc_imu_sample_t>& first_imu,
                                 bool has_depth) {
  if (options.world_alignment != WorldAlignment::kGravity) {
    return WorldUpSource::kNone;
  }
  if (options.first_camera_up.norm() >= kMinUpLength) {
    return WorldUpSource::kGiven;
  }
  if (WorldKnowsGravity(options, first_imu)) {
    return WorldUpSource::kAccelerometer;
  }
  return has_depth && options.scene_up_enabled ? WorldUpSource::kUndecided
                                               : WorldUpSource::kNone;
}

Eigen::Isometry3d WorldFromFirstArkitCamera(
    const TrackingOptions& options,
    const std::vector<vc_imu_sample_t>& first_imu) {
  Eigen::Isometry3d world_from_camera = Eigen::Isometry3d::Identity();
  const Eigen::Vector3d up = FirstCameraUp(options, first_imu);
  if (up.isZero()) return world_from_camera;
  world_from_camera.linear() = GravityAlignedWorldFromCamera(up);
  return world_from_camera;
}

}  // namespace vc
