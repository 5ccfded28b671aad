// Depth registration: re-expresses a depth map measured by one camera as the
// depth another camera (the colour camera) would see, so that depth and
// colour pixels line up. Kinect v1 recordings such as 7-Scenes store depth in
// the infrared camera's pixels, a couple of centimetres and a different focal
// length away from the colour camera's.
#pragma once

#include <Eigen/Geometry>
#include <opencv2/core.hpp>

#include "vision_core/vision_core.h"

namespace vc {

// What RegisterDepth needs, already validated by the caller (the C entry
// point checks every field before building one).
struct DepthRegistrationInput {
  // CV_16UC1 (units of 1 / units_per_metre metres; 0 and 65535 mean no
  // depth) or CV_32FC1 (metres; 0, negative and non-finite mean no depth).
  cv::Mat depth;
  double units_per_metre = 1000.0;
  vc_camera_intrinsics_t depth_intrinsics{};
  // Pose of the depth camera in the colour camera's frame, both in OpenCV
  // camera axes (+X right, +Y down, +Z forward), which is how projection is
  // written here.
  Eigen::Isometry3d color_from_depth = Eigen::Isometry3d::Identity();
  vc_camera_intrinsics_t color_intrinsics{};
};

// Forward-projects every valid depth pixel into the colour camera and writes
// the depth along the colour camera's optical axis into out (CV_16UC1 of the
// colour camera's size, units of 1 / out_units_per_metre metres). Where
// several depth pixels land on one colour pixel the nearest wins (a z-buffer),
// so foreground occludes background as the colour camera sees it. Colour
// pixels that nothing lands on, and depths that do not fit 16 bits, are 0.
//
// Each depth pixel lands on the one colour pixel nearest its projection, so a
// colour camera with finer angular resolution than the depth camera (larger
// focal length) sees a sparse pattern of holes; for 7-Scenes (585 px depth,
// 525 px colour) the colour camera is the coarser one and coverage stays
// dense. Deterministic: pixels are visited in row order and ties keep the
// first.
void RegisterDepth(const DepthRegistrationInput& input,
                   double out_units_per_metre, cv::Mat& out);

}  // namespace vc
