// A described keyframe, kept self-contained (pose, features, ORB
// descriptors, 3D points) so that relocalisation can match a lost camera
// against it without the local map, which forgets old points. The tracker's
// own keyframes, which bundle adjustment moves, are LocalKeyframe
// (tracking/local_keyframe.h).
#pragma once

#include <Eigen/Core>
#include <Eigen/Geometry>
#include <cstdint>
#include <opencv2/core.hpp>
#include <vector>

namespace vc {

struct Keyframe {
  int64_t id = 0;
  int64_t timestamp_ns = 0;
  // OpenCV camera axes, as all tracker geometry.
  Eigen::Isometry3d camera_from_world = Eigen::Isometry3d::Identity();
  std::vector<cv::KeyPoint> keypoints;
  // One 32-byte ORB row per keypoint.
  cv::Mat descriptors;
  // World position of each keypoint's map point.
  std::vector<Eigen::Vector3f> points;
};

}  // namespace vc
