#include "tracking/two_view_geometry.h"

#include <algorithm>
#include <cmath>
#include <opencv2/calib3d.hpp>

namespace vc {
namespace {

// RANSAC of the essential matrix: confidence, and the largest distance of a
// pixel from its epipolar line that still agrees.
constexpr double kEssentialConfidence = 0.999;
constexpr double kEssentialThresholdPx = 1.0;

Eigen::Vector3d Bearing(const PinholeCamera& camera,
                        const Eigen::Vector2d& pixel) {
  return camera.Unproject(pixel.x(), pixel.y(), 1.0).normalized();
}

bool Reprojects(const PinholeCamera& camera,
                const Eigen::Isometry3d& camera_from_world,
                const Eigen::Vector3d& world, const Eigen::Vector2d& pixel,
                double max_error_px) {
  const Eigen::Vector3d p = camera_from_world * world;
  if (p.z() <= 0) return false;
  return (camera.Project(p) - pixel).norm() <= max_error_px;
}

}  // namespace

double RayAngle(const PinholeCamera& camera,
                const Eigen::Isometry3d& camera_a_from_world,
                const Eigen::Vector2d& pixel_a,
                const Eigen::Isometry3d& camera_b_from_world,
                const Eigen::Vector2d& pixel_b) {
  const Eigen::Vector3d ray_a =
      camera_a_from_world.linear().transpose() * Bearing(camera, pixel_a);
  const Eigen::Vector3d ray_b =
      camera_b_from_world.linear().transpose() * Bearing(camera, pixel_b);
  return std::atan2(ray_a.cross(ray_b).norm(), ray_a.dot(ray_b));
}

bool TriangulateTwoViews(const PinholeCamera& camera,
                         const Eigen::Isometry3d& camera_a_from_world,
                         const Eigen::Vector2d& pixel_a,
                         const Eigen::Isometry3d& camera_b_from_world,
                         const Eigen::Vector2d& pixel_b,
                         const TriangulationLimits& limits,
                         TriangulatedPoint* point) {
  const Eigen::Isometry3d world_from_a = camera_a_from_world.inverse();
  const Eigen::Isometry3d world_from_b = camera_b_from_world.inverse();
  const Eigen::Vector3d origin_a = world_from_a.translation();
  const Eigen::Vector3d origin_b = world_from_b.translation();
  const Eigen::Vector3d ray_a =
      world_from_a.linear() * Bearing(camera, pixel_a);
  const Eigen::Vector3d ray_b =
      world_from_b.linear() * Bearing(camera, pixel_b);
  const double parallax =
      std::atan2(ray_a.cross(ray_b).norm(), ray_a.dot(ray_b));
  if (!(parallax >= limits.min_parallax)) return false;
  // Distances s, t along each ray to the closest points: the normal
  // equations of |origin_a + s ray_a - origin_b - t ray_b|^2.
  const Eigen::Vector3d baseline = origin_b - origin_a;
  const double c = ray_a.dot(ray_b);
  const double denominator = 1.0 - c * c;
  if (denominator < 1e-12) return false;
  const double s =
      (baseline.dot(ray_a) - c * baseline.dot(ray_b)) / denominator;
  const double t =
      (c * baseline.dot(ray_a) - baseline.dot(ray_b)) / denominator;
  if (s <= 0 || t <= 0) return false;
  const Eigen::Vector3d world =
      0.5 * ((origin_a + s * ray_a) + (origin_b + t * ray_b));
  if (!world.allFinite() ||
      !Reprojects(camera, camera_a_from_world, world, pixel_a,
                  limits.max_error_px) ||
      !Reprojects(camera, camera_b_from_world, world, pixel_b,
                  limits.max_error_px)) {
    return false;
  }
  point->world = world;
  point->parallax = parallax;
  // A pixel's angular error moves the point along the ray by about
  // distance * angle / sin(parallax).
  const double angle_sigma = limits.pixel_sigma_px / camera.MeanFocal();
  point->sigma = std::max(s, t) * angle_sigma / std::sin(parallax);
  return true;
}

bool RelativeMotionFromMatches(const PinholeCamera& camera,
                               const std::vector<cv::Point2f>& pixels_a,
                               const std::vector<cv::Point2f>& pixels_b,
                               int min_inliers,
                               Eigen::Isometry3d* camera_b_from_a,
                               std::vector<uint8_t>* inliers) {
  inliers->assign(pixels_a.size(), 0);
  if (static_cast<int>(pixels_a.size()) < std::max(min_inliers, 5)) {
    return false;
  }
  const cv::Matx33d k(camera.fx, 0, camera.cx, 0, camera.fy, camera.cy, 0, 0,
                      1);
  cv::Mat mask;
  const cv::Mat essential =
      cv::findEssentialMat(pixels_a, pixels_b, k, cv::RANSAC,
                           kEssentialConfidence, kEssentialThresholdPx, mask);
  if (essential.rows != 3 || essential.cols != 3) return false;
  cv::Mat rotation;
  cv::Mat translation;
  const int support = cv::recoverPose(essential, pixels_a, pixels_b, k,
                                      rotation, translation, mask);
  if (support < min_inliers) return false;
  Eigen::Isometry3d motion = Eigen::Isometry3d::Identity();
  for (int r = 0; r < 3; ++r) {
    for (int c = 0; c < 3; ++c)
      motion.linear()(r, c) = rotation.at<double>(r, c);
    motion.translation()[r] = translation.at<double>(r);
  }
  *camera_b_from_a = motion;
  for (size_t i = 0; i < pixels_a.size(); ++i) {
    (*inliers)[i] = mask.at<uint8_t>(static_cast<int>(i)) != 0 ? 1 : 0;
  }
  return true;
}

}  // namespace vc
