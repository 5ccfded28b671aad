#include "planes/plane_extent.h"

#include <cmath>
#include <opencv2/imgproc.hpp>

namespace vc {

PlaneExtent ExtentOfPolygon(const std::vector<Eigen::Vector2d>& polygon) {
  PlaneExtent extent;
  if (polygon.empty()) return extent;
  std::vector<cv::Point2f> points;
  points.reserve(polygon.size());
  for (const Eigen::Vector2d& p : polygon) {
    points.emplace_back(static_cast<float>(p.x()), static_cast<float>(p.y()));
  }
  const cv::RotatedRect rect = cv::minAreaRect(points);
  cv::Point2f corners[4];
  rect.points(corners);
  const Eigen::Vector2d c0(corners[0].x, corners[0].y);
  const Eigen::Vector2d e1 = Eigen::Vector2d(corners[1].x, corners[1].y) - c0;
  const Eigen::Vector2d e2 = Eigen::Vector2d(corners[2].x, corners[2].y) -
                             Eigen::Vector2d(corners[1].x, corners[1].y);
  // The edge closer to the x axis is the width.
  const bool first_is_x =
      std::abs(e1.x()) * e2.norm() >= std::abs(e2.x()) * e1.norm();
  Eigen::Vector2d x_edge = first_is_x ? e1 : e2;
  const Eigen::Vector2d z_edge = first_is_x ? e2 : e1;
  if (x_edge.x() < 0) x_edge = -x_edge;
  extent.center = Eigen::Vector2d(rect.center.x, rect.center.y);
  extent.width = x_edge.norm();
  extent.height = z_edge.norm();
  // Turning by phi about +Y takes x = (1, 0, 0) to (cos phi, 0, -sin phi).
  extent.rotation_on_y_axis =
      extent.width > 0 ? std::atan2(-x_edge.y(), x_edge.x()) : 0.0;
  return extent;
}

}  // namespace vc
