// The depth of the last processed frame that had depth and a measured pose,
// kept by the session so that rays cast between frames (a tap, a tracked
// raycast re-evaluated on a loop tick) can still meet the surface.
#pragma once

#include <Eigen/Geometry>
#include <opencv2/core.hpp>

#include "common/pinhole_camera.h"

namespace vc {

struct DepthSnapshot {
  // DEPTH_U16 (CV_16UC1) or DEPTH_F32 (CV_32FC1), registered to camera.
  // Empty when there is no usable depth.
  cv::Mat depth;
  // Metres per stored unit: 1 / units_per_metre, or 1 for metres.
  double metres_per_unit = 1;
  PinholeCamera camera;
  // world_from_camera in ARKit camera axes, as the frame reported it.
  Eigen::Isometry3d world_from_camera = Eigen::Isometry3d::Identity();

  bool empty() const { return depth.empty(); }

  // Depth along the optical axis in metres at pixel (u, v), or 0 where
  // there is none (outside the image, no reading, not finite).
  double MetresAt(int u, int v) const;
};

}  // namespace vc
