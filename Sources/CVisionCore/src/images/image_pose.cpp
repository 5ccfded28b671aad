#include "images/image_pose.h"

#include <opencv2/calib3d.hpp>
#include <opencv2/core/eigen.hpp>
#include <vector>

#include "common/conventions.h"
#include "images/homography_checks.h"

namespace vc {
namespace {

constexpr int kGrid = 5;

}  // namespace

Eigen::Isometry3d CameraFromImage(const ReferenceImage& reference,
                                  const cv::Matx33d& homography,
                                  const PinholeCamera& camera) {
  const double metres = reference.MetresPerPixel();
  std::vector<cv::Point3d> plane_points;
  std::vector<cv::Point2d> view_points;
  for (int row = 0; row < kGrid; ++row) {
    for (int column = 0; column < kGrid; ++column) {
      // Pixel centres sit at integer coordinates, so the picture spans
      // -0.5 ... width - 0.5 and its centre is (width - 1) / 2.
      const cv::Point2d pixel(
          reference.width * column / double(kGrid - 1) - 0.5,
          reference.height * row / double(kGrid - 1) - 0.5);
      const cv::Vec3d q = homography * cv::Vec3d(pixel.x, pixel.y, 1.0);
      if (q[2] <= 0) continue;
      plane_points.emplace_back(
          (pixel.x - 0.5 * (reference.width - 1)) * metres,
          (pixel.y - 0.5 * (reference.height - 1)) * metres, 0.0);
      view_points.emplace_back(q[0] / q[2], q[1] / q[2]);
    }
  }
  const cv::Matx33d k(camera.fx, 0, camera.cx, 0, camera.fy, camera.cy, 0, 0,
                      1);
  cv::Vec3d rvec;
  cv::Vec3d tvec;
  cv::solvePnP(plane_points, view_points, k, cv::noArray(), rvec, tvec, false,
               cv::SOLVEPNP_IPPE);
  cv::Matx33d rotation;
  cv::Rodrigues(rvec, rotation);
  Eigen::Matrix3d r;
  cv::cv2eigen(cv::Mat(rotation), r);
  Eigen::Isometry3d camera_from_plane = Eigen::Isometry3d::Identity();
  camera_from_plane.linear() = r;
  camera_from_plane.translation() = Eigen::Vector3d(tvec[0], tvec[1], tvec[2]);
  return ArkitCameraFromImageAnchor(camera_from_plane);
}

}  // namespace vc
