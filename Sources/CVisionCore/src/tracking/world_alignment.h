// Chooses the world's axes at the first frame: origin at the first camera,
// +Y up when gravity is known (from the data set, or the accelerometer, which
// at rest measures the reaction to gravity and so points up), -Z the first
// view direction made horizontal, as ARKit's gravity alignment does. Without
// either, up may be judged from the scene later (planes/scene_up_estimator.h)
// and the world turned once then.
#pragma once

#include <Eigen/Geometry>
#include <vector>

#include "common/tracking_options.h"
#include "vision_core/vision_core.h"

namespace vc {

// Where the world's up came from; mirrors vc_world_up_source_t.
enum class WorldUpSource {
  // The world keeps the first camera's axes: camera alignment was asked for,
  // or nothing can tell up (no accelerometer, no depth, none given).
  kNone,
  // Given with the options (the data set states it), or by a world map.
  kGiven,
  kAccelerometer,
  // Judged from the planes in view (see scene_up_estimator.h).
  kScene,
  // No accelerometer: being judged from the scene, not yet decided.
  kUndecided,
};

// Whether world +Y is up.
inline bool KnowsUp(WorldUpSource source) {
  return source == WorldUpSource::kGiven ||
         source == WorldUpSource::kAccelerometer ||
         source == WorldUpSource::kScene;
}

// world_from_camera of the first camera in ARKit axes (a pure rotation).
// first_imu: the first frame's samples (ARKit camera axes).
Eigen::Isometry3d WorldFromFirstArkitCamera(
    const TrackingOptions& options,
    const std::vector<vc_imu_sample_t>& first_imu);

// Whether WorldFromFirstArkitCamera makes world +Y up (gravity known) for
// these options and first samples.
bool WorldKnowsGravity(const TrackingOptions& options,
                       const std::vector<vc_imu_sample_t>& first_imu);

// Whether up comes from the accelerometer (no up given in the options, and
// the first frame brings samples), so that it is worth refining over the
// first gravity_settle_seconds.
bool GravityFromAccelerometer(const TrackingOptions& options,
                              const std::vector<vc_imu_sample_t>& first_imu);

vc_world_up_source_t ToC(WorldUpSource source);

// Where up comes from at the first frame: given, the accelerometer, the scene
// (undecided until judged; needs depth), or nowhere.
WorldUpSource FirstFrameUpSource(const TrackingOptions& options,
                                 const std::vector<vc_imu_sample_t>& first_imu,
                                 bool has_depth);

// The rotation taking the camera's axes to world axes in which up (given in
// camera axes, any non-zero length) is +Y. Exposed for tests.
Eigen::Matrix3d GravityAlignedWorldFromCamera(const Eigen::Vector3d& up);

}  // namespace vc
