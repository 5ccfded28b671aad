// A keyframe of the tracker's local map: a frame the map was extended from,
// with where it saw each of its map points, so that bundle adjustment can
// move keyframes and points together. (Relocalization keeps its own
// described keyframes: tracking/keyframe.h.)
#pragma once

#include <Eigen/Core>
#include <Eigen/Geometry>
#include <cstdint>
#include <vector>

#include "common/pinhole_camera.h"

namespace vc {

struct KeyframeObservation {
  // The map point's slot, and its id: slots are reused after culling, so a
  // slot holds the point seen only while the ids agree.
  int point = -1;
  int64_t point_id = -1;
  Eigen::Vector2f pixel = Eigen::Vector2f::Zero();
  // Depth measured there in metres (a 3x3 mean); 0 without a reading.
  float depth = 0;
};

struct LocalKeyframe {
  int64_t id = 0;
  int64_t timestamp_ns = 0;
  // OpenCV camera axes, as all tracker geometry.
  Eigen::Isometry3d camera_from_world = Eigen::Isometry3d::Identity();
  PinholeCamera camera;
  std::vector<KeyframeObservation> observations;
};

}  // namespace vc
