#include "images/homography_checks.h"

#include <algorithm>
#include <cmath>

namespace vc {
namespace {

// Outlines smaller than this many square pixels hold too few pixels of the
// picture to trust.
constexpr double kMinArea = 24.0 * 24.0;
// A picture nearer than this (its outline this many views across) is more
// likely a wrong fit than a close-up.
constexpr double kMaxAreaInViews = 25.0;
// Opposite sides this uneven mean an edge-on view or a wrong fit.
constexpr double kMaxSideRatio = 8.0;

}  // namespace

bool ProjectCorners(const cv::Matx33d& h, int width, int height,
                    std::array<cv::Point2d, 4>* corners) {
  // The outer corners of the corner pixels (pixel centres are integers).
  const double right = width - 0.5;
  const double bottom = height - 0.5;
  const cv::Point2d given[4] = {
      {-0.5, -0.5}, {right, -0.5}, {right, bottom}, {-0.5, bottom}};
  for (int k = 0; k < 4; ++k) {
    const cv::Vec3d q = h * cv::Vec3d(given[k].x, given[k].y, 1.0);
    if (!(q[2] > 1e-9) || !std::isfinite(q[0]) || !std::isfinite(q[1])) {
      return false;
    }
    (*corners)[k] = {q[0] / q[2], q[1] / q[2]};
  }
  return true;
}

bool PlausibleHomography(const cv::Matx33d& h, int reference_width,
                         int reference_height, int view_width,
                         int view_height) {
  std::array<cv::Point2d, 4> c;
  if (!ProjectCorners(h, reference_width, reference_height, &c)) return false;
  // Convex and in the reference's orientation (not mirrored): every turn
  // has the same sign as the reference's own (clockwise in image axes, so
  // positive cross products).
  double area = 0;
  for (int k = 0; k < 4; ++k) {
    const cv::Point2d a = c[(k + 1) % 4] - c[k];
    const cv::Point2d b = c[(k + 2) % 4] - c[(k + 1) % 4];
    if (a.x * b.y - a.y * b.x <= 0) return false;
    area += c[k].x * c[(k + 1) % 4].y - c[(k + 1) % 4].x * c[k].y;
  }
  area = 0.5 * std::abs(area);
  if (area < kMinArea) return false;
  if (area > kMaxAreaInViews * view_width * view_height) return false;
  double sides[4];
  for (int k = 0; k < 4; ++k) sides[k] = cv::norm(c[(k + 1) % 4] - c[k]);
  for (int k = 0; k < 2; ++k) {
    const double longer = std::max(sides[k], sides[k + 2]);
    const double shorter = std::min(sides[k], sides[k + 2]);
    if (shorter <= 0 || longer / shorter > kMaxSideRatio) return false;
  }
  // Adjacent sides: an outline squashed to a sliver.
  const double longest = *std::max_element(sides, sides + 4);
  const double shortest = *std::min_element(sides, sides + 4);
  return shortest > 0 && longest / shortest <= 4 * kMaxSideRatio;
}

}  // namespace vc
