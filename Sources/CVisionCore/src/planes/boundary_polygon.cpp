#include "planes/boundary_polygon.h"

#include <algorithm>
#include <cmath>
#include <opencv2/imgproc.hpp>

namespace vc {
namespace {

// Pushes each vertex out so that both of its edges move out by distance:
// the miter offset, limited where edges meet at a very sharp angle.
std::vector<Eigen::Vector2d> Inflated(const std::vector<Eigen::Vector2d>& p,
                                      double distance) {
  const size_t n = p.size();
  // Outward normal of edge a->b for a polygon of positive shoelace area.
  const double orientation = SignedArea(p) >= 0 ? 1.0 : -1.0;
  // An explicit return type: with auto the lambda would return an Eigen
  // expression that refers to its own dead temporary.
  const auto outward = [&](const Eigen::Vector2d& a,
                           const Eigen::Vector2d& b) -> Eigen::Vector2d {
    const Eigen::Vector2d e = (b - a).normalized();
    return Eigen::Vector2d(e.y(), -e.x()) * orientation;
  };
  std::vector<Eigen::Vector2d> result(n);
  for (size_t i = 0; i < n; ++i) {
    const Eigen::Vector2d& previous = p[(i + n - 1) % n];
    const Eigen::Vector2d& next = p[(i + 1) % n];
    const Eigen::Vector2d n1 = outward(previous, p[i]);
    const Eigen::Vector2d n2 = outward(p[i], next);
    const double cos_half = std::max(0.5, 0.5 * (1.0 + n1.dot(n2)));
    result[i] = p[i] + distance * (n1 + n2) / (2.0 * cos_half);
  }
  return result;
}

}  // namespace

double SignedArea(const std::vector<Eigen::Vector2d>& polygon) {
  double sum = 0;
  for (size_t i = 0; i < polygon.size(); ++i) {
    const Eigen::Vector2d& a = polygon[i];
    const Eigen::Vector2d& b = polygon[(i + 1) % polygon.size()];
    sum += a.x() * b.y() - b.x() * a.y();
  }
  return 0.5 * sum;
}

std::vector<Eigen::Vector2d> BoundaryPolygon(const OccupancyGrid& grid,
                                             int max_vertices) {
  std::vector<Eigen::Vector2d> polygon;
  if (grid.empty()) return polygon;
  std::vector<std::vector<cv::Point>> contours;
  cv::findContours(grid.mask(), contours, cv::RETR_EXTERNAL,
                   cv::CHAIN_APPROX_SIMPLE);
  if (contours.empty()) return polygon;
  // The largest outline: separate specks are noise the boundary leaves out.
  size_t best = 0;
  double best_area = -1;
  for (size_t i = 0; i < contours.size(); ++i) {
    const double area = cv::contourArea(contours[i]) + contours[i].size();
    if (area > best_area) {
      best_area = area;
      best = i;
    }
  }
  // Simplify within under a cell, coarser only when there are too many
  // vertices.
  std::vector<cv::Point> simplified;
  double epsilon = 0.75;
  cv::approxPolyDP(contours[best], simplified, epsilon, true);
  while (simplified.size() > static_cast<size_t>(max_vertices)) {
    epsilon *= 1.5;
    cv::approxPolyDP(contours[best], simplified, epsilon, true);
  }
  const double cell = grid.cell_metres();
  const Eigen::Vector2d origin = grid.origin();
  const auto centre = [&](const cv::Point& p) {
    return Eigen::Vector2d(origin.x() + (p.x + 0.5) * cell,
                           origin.y() + (p.y + 0.5) * cell);
  };
  if (simplified.size() < 3) {
    // A line or a single cell: the cells' bounding square.
    Eigen::Vector2d low = centre(simplified[0]);
    Eigen::Vector2d high = low;
    for (const cv::Point& p : simplified) {
      low = low.cwiseMin(centre(p));
      high = high.cwiseMax(centre(p));
    }
    low.array() -= 0.5 * cell;
    high.array() += 0.5 * cell;
    polygon = {low, {low.x(), high.y()}, high, {high.x(), low.y()}};
  } else {
    for (const cv::Point& p : simplified) polygon.push_back(centre(p));
    polygon = Inflated(polygon, 0.5 * cell);
  }
  if (SignedArea(polygon) > 0) std::reverse(polygon.begin(), polygon.end());
  return polygon;
}

}  // namespace vc
