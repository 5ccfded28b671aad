#include "frame/lens_undistortion.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <opencv2/calib3d.hpp>

#include "common/number_text.h"

namespace vc {
namespace {

// The lengths of OpenCV's models: k1 k2 p1 p2, + k3, + k4 k5 k6 (rational),
// + s1..s4 (thin prism), + tx ty (tilted sensor).
constexpr std::array<int, 5> kCoefficientCounts = {4, 5, 8, 12, 14};
// No real lens comes near: fisheye lenses fitted with the rational model stay
// within tens. A larger value is a unit or parsing mistake.
constexpr double kLargestMagnitude = 1000.0;

}  // namespace

std::string LensDistortionProblem(const double* coefficients, int count) {
  if (std::find(kCoefficientCounts.begin(), kCoefficientCounts.end(), count) ==
      kCoefficientCounts.end()) {
    return "must have 4, 5, 8, 12 or 14 coefficients (OpenCV order), got " +
           std::to_string(count);
  }
  if (coefficients == nullptr) return "coefficients are NULL";
  for (int i = 0; i < count; ++i) {
    if (!std::isfinite(coefficients[i]) ||
        std::abs(coefficients[i]) > kLargestMagnitude) {
      return "coefficient " + std::to_string(i) + " is " +
             NumberText(coefficients[i]) + ", not a finite number within ±1000";
    }
  }
  return "";
}

PixelRemap LensUndistortion(const vc_camera_intrinsics_t& camera,
                            const std::vector<double>& coefficients) {
  const cv::Matx33d k(camera.fx, 0, camera.cx, 0, camera.fy, camera.cy, 0, 0,
                      1);
  // The same intrinsics after as before: the engine is told the camera's
  // intrinsics, and they stay true of the images it gets.
  cv::Mat map_x;
  cv::Mat map_y;
  cv::initUndistortRectifyMap(k, coefficients, cv::noArray(), k,
                              cv::Size(camera.width, camera.height), CV_32FC1,
                              map_x, map_y);
  return PixelRemap(map_x, map_y);
}

}  // namespace vc
