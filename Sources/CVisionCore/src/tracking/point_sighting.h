// A map point seen in an image: where it was seen (pixels) and what it is
// (its position in the world). Relocalization hands the ones that agree with
// the pose it found to a tracker without depth, which follows them from
// there; a tracker hands the ones it measured to a keyframe without depth,
// which then holds map points; sparse plane detection follows them from
// frame to frame by id. Plain data.
#pragma once

#include <Eigen/Core>
#include <cstdint>
#include <opencv2/core.hpp>

namespace vc {

struct PointSighting {
  cv::Point2f pixel;
  Eigen::Vector3d world = Eigen::Vector3d::Zero();
  // The map point's id, -1 for one lifted in this very frame (it gets its
  // id at the commit) or one that relocalization found.
  int64_t id = -1;
};

}  // namespace vc
