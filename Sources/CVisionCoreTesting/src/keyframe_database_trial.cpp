// Keyframe culling trials (relocalization/keyframe_database.h): two
// keyframes facing a wall (the first possibly with copies), the second standing
// a given distance in front of the first one's wall, so that tests can check
// that a surface seen from just in front of a camera (where a projection lands
// anywhere) is judged without reading outside the grid, and that a keyframe
// seen entirely by another is still culled.
#include <Eigen/Geometry>
#include <opencv2/core.hpp>

#include "relocalization/depth_surface.h"
#include "relocalization/keyframe_database.h"
#include "trial_camera.h"
#include "vision_core_testing/vision_core_testing.h"

namespace {

// A keyframe at centre looking along -Z (OpenCV camera axes, world +Y up)
// at a wall 2 m ahead.
vc::MapKeyframe FacingWall(int64_t id, const Eigen::Vector3d& centre,
                           const vc::PinholeCamera& camera,
                           const cv::Mat& depth,
                           const vc::RelocalizationOptions& options) {
  Eigen::Isometry3d world_from_camera = Eigen::Isometry3d::Identity();
  // Right +X, down -Y, forward -Z.
  world_from_camera.linear() << 1, 0, 0, 0, -1, 0, 0, 0, -1;
  world_from_camera.translation() = centre;
  vc::MapKeyframe result;
  result.keyframe.id = id;
  result.keyframe.camera_from_world = world_from_camera.inverse();
  result.surface = vc::SampleSurface(
      depth, 1000.0, camera, result.keyframe.camera_from_world,
      vc::ScaledStep(options.surface_step_pixels, camera.width), options);
  return result;
}

}  // namespace

extern "C" {

vc_status_t vc_test_cull_keyframe_near_wall(double second_from_wall_m,
                                            int copies_of_first, int* removed) {
  const vc::RelocalizationOptions options;
  const vc::PinholeCamera camera = vc_trial::TrialCamera();
  const cv::Mat depth(camera.height, camera.width, CV_16UC1, cv::Scalar(2000));
  vc::KeyframeDatabase database(options);
  int64_t id = 0;
  for (int k = 0; k <= copies_of_first; ++k) {
    database.Add(
        FacingWall(id++, Eigen::Vector3d(0, 1.5, 0), camera, depth, options));
  }
  // The first keyframe's wall is the plane z = -2.
  database.Add(FacingWall(id, Eigen::Vector3d(0, 1.5, -2 + second_from_wall_m),
                          camera, depth, options));
  *removed = static_cast<int>(database.CullRedundant().size());
  return VC_STATUS_OK;
}

}  // extern "C"
