// Keyframe database trials (relocalization/keyframe_database.h).
// Culling: two keyframes facing a wall (the first possibly with copies), the
// second standing a given distance in front of the first one's wall, so that
// tests can check that a surface seen from just in front of a camera (where a
// projection lands anywhere) is judged without reading outside the grid, and
// that a keyframe seen entirely by another is still culled.
// Scaling: the same keyframes with a few points, rescaled as the IMU rescales
// a visual-inertial map.
#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>
#include <opencv2/core.hpp>
#include <vector>

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

vc_status_t vc_test_scale_keyframe_database(double scale,
                                            const double centre[3],
                                            double* centre_error,
                                            double* pixel_error) {
  const vc::RelocalizationOptions options;
  const vc::PinholeCamera camera = vc_trial::TrialCamera();
  const cv::Mat depth(camera.height, camera.width, CV_16UC1, cv::Scalar(2000));
  vc::KeyframeDatabase database(options);
  database.Add(
      FacingWall(0, Eigen::Vector3d(0, 1.5, 0), camera, depth, options));
  database.Add(
      FacingWall(1, Eigen::Vector3d(0.4, 1.5, -1), camera, depth, options));
  std::vector<vc::MapKeyframe> with_points;
  for (vc::MapKeyframe k : database.keyframes()) {
    // Three points on the wall the surface samples, at known pixels.
    for (const cv::Point2f pixel :
         {cv::Point2f(10, 20), cv::Point2f(40, 30), cv::Point2f(70, 50)}) {
      const Eigen::Vector3d ray((pixel.x - camera.cx) / camera.fx,
                                (pixel.y - camera.cy) / camera.fy, 1.0);
      k.keyframe.points.push_back(
          (k.keyframe.camera_from_world.inverse() * (2.0 * ray)).cast<float>());
      k.keyframe.keypoints.emplace_back(pixel, 31.0f);
    }
    k.keyframe.descriptors = cv::Mat(3, 32, CV_8UC1, cv::Scalar(0x5a));
    with_points.push_back(k);
  }
  vc::KeyframeDatabase scaled(options);
  for (const vc::MapKeyframe& k : with_points) scaled.Add(k);
  const vc::WorldScaling scaling = vc::WorldScaling::About(
      Eigen::Vector3d(centre[0], centre[1], centre[2]), scale);
  scaled.ScaleWorld(scaling);
  *centre_error = 0;
  *pixel_error = 0;
  for (size_t i = 0; i < with_points.size(); ++i) {
    const vc::MapKeyframe& old_keyframe = with_points[i];
    const vc::MapKeyframe& new_keyframe = scaled.keyframes()[i];
    const Eigen::Vector3d expected = scaling.Point(
        old_keyframe.keyframe.camera_from_world.inverse().translation());
    *centre_error = std::max(
        *centre_error,
        (new_keyframe.keyframe.camera_from_world.inverse().translation() -
         expected)
            .norm());
    // Points and surface samples project where they did.
    auto reprojection = [&](const Eigen::Vector3f& before_point,
                            const Eigen::Vector3f& after_point,
                            const Eigen::Isometry3d& before_pose,
                            const Eigen::Isometry3d& after_pose) {
      const Eigen::Vector3d a = before_pose * before_point.cast<double>();
      const Eigen::Vector3d b = after_pose * after_point.cast<double>();
      const double du = camera.fx * (a.x() / a.z() - b.x() / b.z());
      const double dv = camera.fy * (a.y() / a.z() - b.y() / b.z());
      *pixel_error = std::max(*pixel_error, std::hypot(du, dv));
    };
    for (size_t p = 0; p < old_keyframe.keyframe.points.size(); ++p) {
      reprojection(old_keyframe.keyframe.points[p],
                   new_keyframe.keyframe.points[p],
                   old_keyframe.keyframe.camera_from_world,
                   new_keyframe.keyframe.camera_from_world);
    }
    const vc::DepthSurface& old_surface = old_keyframe.surface;
    const vc::DepthSurface& new_surface = new_keyframe.surface;
    for (size_t c = 0; c < old_surface.points.size(); ++c) {
      if (!old_surface.valid[c]) continue;
      reprojection(old_surface.points[c], new_surface.points[c],
                   old_surface.camera_from_world,
                   new_surface.camera_from_world);
    }
  }
  return VC_STATUS_OK;
}

}  // extern "C"
