#include "tracking/corner_detector.h"

#include <algorithm>
#include <opencv2/features2d.hpp>

namespace vc {
namespace {

// Corners closer than this to the border cannot be followed by optical flow
// or described by ORB reliably.
constexpr int kBorder = 8;
// Corners kept per grid cell: choice enough for depth checks and matching.
constexpr int kCornersPerCell = 4;
// FAST below this threshold fires on sensor noise.
constexpr int kMinFastThreshold = 5;

}  // namespace

CornerDetector::CornerDetector(const TrackingOptions& options)
    : grid_columns_(options.grid_columns),
      grid_rows_(options.grid_rows),
      corner_threshold_(options.corner_threshold),
      target_corners_(2 * options.max_features) {}

void CornerDetector::DetectCorners(const cv::Mat& gray) {
  image_size_ = gray.size();
  corners_.clear();
  cv::FAST(gray, corners_, corner_threshold_, /*nonmaxSuppression=*/true);
  // Low-contrast images (dim light, plain surfaces, compression) give few
  // corners at the usual threshold; a lower one finds the weaker corners
  // that are still trackable, rather than none.
  const int low_threshold = std::max(kMinFastThreshold, corner_threshold_ / 3);
  if (static_cast<int>(corners_.size()) < target_corners_ &&
      low_threshold < corner_threshold_) {
    cv::FAST(gray, corners_, low_threshold, /*nonmaxSuppression=*/true);
  }
  corners_.erase(
      std::remove_if(corners_.begin(), corners_.end(),
                     [&](const cv::KeyPoint& k) {
                       return k.pt.x < kBorder || k.pt.y < kBorder ||
                              k.pt.x > image_size_.width - 1 - kBorder ||
                              k.pt.y > image_size_.height - 1 - kBorder;
                     }),
      corners_.end());
  // Keep the strongest few per cell, in (cell, strength) order.
  std::sort(corners_.begin(), corners_.end(),
            [this](const cv::KeyPoint& a, const cv::KeyPoint& b) {
              const int ca = CellOf(a.pt.x, a.pt.y);
              const int cb = CellOf(b.pt.x, b.pt.y);
              return ca != cb ? ca < cb : Stronger(a, b);
            });
  size_t kept = 0;
  int run_cell = -1;
  int run_length = 0;
  for (size_t i = 0; i < corners_.size(); ++i) {
    const int cell = CellOf(corners_[i].pt.x, corners_[i].pt.y);
    run_length = cell == run_cell ? run_length + 1 : 1;
    run_cell = cell;
    if (run_length <= kCornersPerCell) corners_[kept++] = corners_[i];
  }
  corners_.resize(kept);
  for (size_t i = 0; i < corners_.size(); ++i) {
    corners_[i].class_id = static_cast<int>(i);
  }
}

int CornerDetector::CellOf(float x, float y) const {
  const int column =
      std::clamp(static_cast<int>(x * grid_columns_ / image_size_.width), 0,
                 grid_columns_ - 1);
  const int row = std::clamp(
      static_cast<int>(y * grid_rows_ / image_size_.height), 0, grid_rows_ - 1);
  return row * grid_columns_ + column;
}

void CornerDetector::MarkOccupiedCells(
    const std::vector<cv::Point2f>& occupied) {
  cell_taken_.assign(static_cast<size_t>(grid_columns_) * grid_rows_, 0);
  for (const cv::Point2f& p : occupied) {
    if (p.x >= 0 && p.y >= 0 && p.x < image_size_.width &&
        p.y < image_size_.height) {
      cell_taken_[CellOf(p.x, p.y)] = 1;
    }
  }
}

}  // namespace vc
