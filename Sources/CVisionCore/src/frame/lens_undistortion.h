// Lens undistortion: images taken through a lens with radial and tangential
// distortion (OpenCV's model) resampled as the pinhole camera with the same
// intrinsics would see them, since every stage of the engine projects with a
// pinhole. The maps are computed once per camera and lens; applying them is
// one remap per image.
#pragma once

#include <opencv2/core.hpp>
#include <string>
#include <vector>

#include "vision_core/vision_core.h"

namespace vc {

// Why coefficients cannot describe a lens (OpenCV order: 4, 5, 8, 12 or 14
// finite values within +-1000), or "" when they can.
std::string LensDistortionProblem(const double* coefficients, int count);

class LensUndistortion {
 public:
  // camera and coefficients already checked (CheckCameraIntrinsics and
  // LensDistortionProblem).
  LensUndistortion(const vc_camera_intrinsics_t& camera,
                   const std::vector<double>& coefficients);

  // in and out are the camera's size and of one type, and do not overlap.
  // Colour and grey: bilinear, border replicated; depth (16-bit or float):
  // nearest pixel, 0 where the pinhole view sees beyond the lens's.
  void Apply(const cv::Mat& in, bool depth, cv::Mat& out) const;

  int width() const { return map_x_.cols; }
  int height() const { return map_x_.rows; }

 private:
  // For each pinhole pixel, where the lens put it in the distorted image.
  cv::Mat map_x_;
  cv::Mat map_y_;
};

}  // namespace vc
