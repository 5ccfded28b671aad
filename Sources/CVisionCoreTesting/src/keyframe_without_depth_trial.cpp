// Trial of a keyframe described without depth (relocalization/
// map_keyframe.h): a textured wall 2 m in front of the camera, and map
// points the tracker "saw" at a given offset from the features ORB finds in
// the left part of the image, each at the wall. Tests check that features
// near a sighting keep a world point on their own ray at the sighting's
// depth, and that features without one nearby are left out.
#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>
#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>
#include <vector>

#include "relocalization/frame_features.h"
#include "relocalization/map_keyframe.h"
#include "trial_camera.h"
#include "vision_core_testing/vision_core_testing.h"

namespace {

constexpr double kWallMetres = 2.0;

// Blocks of seeded random grey, blurred a little: corners everywhere.
cv::Mat TexturedWall(const vc::PinholeCamera& camera) {
  cv::Mat blocks(camera.height / 8, camera.width / 8, CV_8UC1);
  cv::RNG rng(7);
  rng.fill(blocks, cv::RNG::UNIFORM, 0, 256);
  cv::Mat grey;
  cv::resize(blocks, grey, cv::Size(camera.width, camera.height), 0, 0,
             cv::INTER_NEAREST);
  cv::GaussianBlur(grey, grey, cv::Size(3, 3), 0.8);
  return grey;
}

}  // namespace

extern "C" {

vc_status_t vc_test_describe_keyframe_without_depth(
    double offset_px, double sighted_width_fraction, int* features, int* kept,
    int* kept_far_from_sightings, double* max_reprojection_px,
    double* max_depth_error_m) {
  const vc::RelocalizationOptions options;
  const vc::PinholeCamera camera = vc_trial::TrialCamera();
  vc::KeyframeView view;
  view.id = 1;
  view.grey = TexturedWall(camera);
  view.camera = camera;
  vc::FeatureExtractor extractor(options);
  vc::FrameFeatures found;
  extractor.Extract(view.grey, cv::Mat(), 0, camera, &found);
  *features = static_cast<int>(found.keypoints.size());
  const double sighted_until = sighted_width_fraction * camera.width;
  for (const cv::KeyPoint& keypoint : found.keypoints) {
    if (keypoint.pt.x >= sighted_until) continue;
    const cv::Point2f pixel =
        keypoint.pt + cv::Point2f(static_cast<float>(offset_px), 0.0f);
    view.sightings.push_back(
        {pixel, camera.Unproject(pixel.x, pixel.y, kWallMetres)});
  }
  const vc::MapKeyframe described =
      vc::DescribeKeyframe(view, options, &extractor);
  const vc::Keyframe& keyframe = described.keyframe;
  *kept = static_cast<int>(keyframe.points.size());
  // Beyond the reach of any pyramid level from the last sighting (2 px at
  // full resolution, 7.2 px at the eighth level).
  *kept_far_from_sightings = static_cast<int>(
      std::count_if(keyframe.keypoints.begin(), keyframe.keypoints.end(),
                    [&](const cv::KeyPoint& k) {
                      return k.pt.x > sighted_until + offset_px + 8;
                    }));
  *max_reprojection_px = 0;
  *max_depth_error_m = 0;
  for (size_t k = 0; k < keyframe.points.size(); ++k) {
    const Eigen::Vector3d p = keyframe.points[k].cast<double>();
    const Eigen::Vector2d uv = camera.Project(p);
    const cv::Point2f& at = keyframe.keypoints[k].pt;
    *max_reprojection_px = std::max(*max_reprojection_px,
                                    (uv - Eigen::Vector2d(at.x, at.y)).norm());
    *max_depth_error_m =
        std::max(*max_depth_error_m, std::abs(p.z() - kWallMetres));
  }
  return VC_STATUS_OK;
}

}  // extern "C"
