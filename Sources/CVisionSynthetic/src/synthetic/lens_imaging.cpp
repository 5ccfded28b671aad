#include "synthetic/lens_imaging.h"

#include <opencv2/calib3d.hpp>

namespace vc {
namespace synthetic {

PixelRemap LensImaging(const vc_camera_intrinsics_t& camera,
                       const std::vector<double>& coefficients) {
  const cv::Matx33d k(camera.fx, 0, camera.cx, 0, camera.fy, camera.cy, 0, 0,
                      1);
  std::vector<cv::Point2d> distorted;
  distorted.reserve(static_cast<size_t>(camera.width) * camera.height);
  for (int v = 0; v < camera.height; ++v) {
    for (int u = 0; u < camera.width; ++u) distorted.emplace_back(u, v);
  }
  // The model has no closed-form inverse: iterate until the pinhole point
  // is known to far below a pixel.
  std::vector<cv::Point2d> pinhole;
  cv::undistortPoints(
      distorted, pinhole, k, coefficients, cv::noArray(), k,
      cv::TermCriteria(cv::TermCriteria::COUNT | cv::TermCriteria::EPS, 50,
                       1e-10));
  cv::Mat map_x(camera.height, camera.width, CV_32FC1);
  cv::Mat map_y(camera.height, camera.width, CV_32FC1);
  for (int v = 0; v < camera.height; ++v) {
    for (int u = 0; u < camera.width; ++u) {
      const cv::Point2d& p = pinhole[static_cast<size_t>(v) * camera.width + u];
      map_x.at<float>(v, u) = static_cast<float>(p.x);
      map_y.at<float>(v, u) = static_cast<float>(p.y);
    }
  }
  return PixelRemap(map_x, map_y);
}

}  // namespace synthetic
}  // namespace vc
