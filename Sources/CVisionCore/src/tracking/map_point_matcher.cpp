#include "tracking/map_point_matcher.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <opencv2/core/hal/hal.hpp>

#include "common/two_smallest.h"

namespace vc {
namespace {

// A match must be clearly better than the runner-up near the projection
// (Lowe's ratio test): repeated texture otherwise produces confident
// mismatches.
constexpr double kRatio = 0.8;
// Projections this close to the border cannot have a described corner.
constexpr double kMargin = 8.0;

}  // namespace

MapPointMatcher::MapPointMatcher(const TrackingOptions& options)
    : radius_(options.match_radius),
      max_distance_(options.max_descriptor_distance) {}

void MapPointMatcher::FindMatches(const PinholeCamera& camera,
                                  const Eigen::Isometry3d& camera_from_world,
                                  const LocalMap& map,
                                  const std::vector<uint8_t>& skip,
                                  const std::vector<cv::KeyPoint>& corners,
                                  const std::vector<int>& corner_rows,
                                  const cv::Mat& descriptors,
                                  std::vector<Match>* matches) {
  matches->clear();
  if (corners.empty() || descriptors.empty()) return;
  BucketCorners(camera, corners, corner_rows);
  best_distance_.assign(corners.size(), std::numeric_limits<int>::max());
  best_point_.assign(corners.size(), -1);
  for (int point = 0; point < map.slot_count(); ++point) {
    if (!map.alive(point) || !map.point(point).described) continue;
    if (point < static_cast<int>(skip.size()) && skip[point]) continue;
    const MapPoint& p = map.point(point);
    const Eigen::Vector3d in_camera = camera_from_world * p.world;
    if (in_camera.z() <= 0.05) continue;
    const Eigen::Vector2d uv = camera.Project(in_camera);
    if (!camera.Contains(uv, kMargin)) continue;
    const TwoSmallest two =
        NearestCorners(p, uv, corners, corner_rows, descriptors);
    const int best_corner = two.index;
    if (best_corner < 0 || two.smallest > max_distance_) continue;
    if (two.second != std::numeric_limits<int>::max() &&
        two.smallest > kRatio * two.second) {
      continue;
    }
    if (two.smallest < best_distance_[best_corner]) {
      best_distance_[best_corner] = two.smallest;
      best_point_[best_corner] = point;
    }
  }
  for (size_t corner = 0; corner < corners.size(); ++corner) {
    if (best_point_[corner] >= 0) {
      matches->push_back({best_point_[corner], static_cast<int>(corner)});
    }
  }
}

int MapPointMatcher::CellOf(double x, double y) const {
  const int cx = std::clamp(static_cast<int>(x / cell_), 0, columns_ - 1);
  const int cy = std::clamp(static_cast<int>(y / cell_), 0, rows_ - 1);
  return cy * columns_ + cx;
}

void MapPointMatcher::BucketCorners(const PinholeCamera& camera,
                                    const std::vector<cv::KeyPoint>& corners,
                                    const std::vector<int>& corner_rows) {
  // Counting sort by cell of the described corners.
  cell_ = std::max(1.0, radius_);
  columns_ = static_cast<int>(std::ceil(camera.width / cell_));
  rows_ = static_cast<int>(std::ceil(camera.height / cell_));
  cell_start_.assign(static_cast<size_t>(columns_) * rows_ + 1, 0);
  for (size_t i = 0; i < corners.size(); ++i) {
    if (corner_rows[i] >= 0) {
      ++cell_start_[CellOf(corners[i].pt.x, corners[i].pt.y) + 1];
    }
  }
  for (size_t c = 1; c < cell_start_.size(); ++c) {
    cell_start_[c] += cell_start_[c - 1];
  }
  bucketed_.resize(cell_start_.back());
  cursor_.assign(cell_start_.begin(), cell_start_.end() - 1);
  for (size_t i = 0; i < corners.size(); ++i) {
    if (corner_rows[i] < 0) continue;
    bucketed_[cursor_[CellOf(corners[i].pt.x, corners[i].pt.y)]++] =
        static_cast<int>(i);
  }
}

TwoSmallest MapPointMatcher::NearestCorners(
    const MapPoint& p, const Eigen::Vector2d& uv,
    const std::vector<cv::KeyPoint>& corners,
    const std::vector<int>& corner_rows, const cv::Mat& descriptors) const {
  TwoSmallest two;
  const double radius_sq = radius_ * radius_;
  const int cx0 = static_cast<int>((uv.x() - radius_) / cell_);
  const int cx1 = static_cast<int>((uv.x() + radius_) / cell_);
  const int cy0 = static_cast<int>((uv.y() - radius_) / cell_);
  const int cy1 = static_cast<int>((uv.y() + radius_) / cell_);
  for (int cy = std::max(cy0, 0); cy <= std::min(cy1, rows_ - 1); ++cy) {
    for (int cx = std::max(cx0, 0); cx <= std::min(cx1, columns_ - 1); ++cx) {
      const int c = cy * columns_ + cx;
      for (int k = cell_start_[c]; k < cell_start_[c + 1]; ++k) {
        const int corner = bucketed_[k];
        const double dx = corners[corner].pt.x - uv.x();
        const double dy = corners[corner].pt.y - uv.y();
        if (dx * dx + dy * dy > radius_sq) continue;
        two.Offer(
            cv::hal::normHamming(p.descriptor.data(),
                                 descriptors.ptr<uint8_t>(corner_rows[corner]),
                                 static_cast<int>(p.descriptor.size())),
            corner);
      }
    }
  }
  return two;
}

}  // namespace vc
