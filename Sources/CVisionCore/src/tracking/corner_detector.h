// Finds new features where the image has none yet: FAST corners, the
// strongest acceptable one per empty grid cell. Bucketing spreads features
// over the whole image, which conditions the pose far better than the same
// number of corners clustered on one textured object.
#pragma once

#include <algorithm>
#include <cstdint>
#include <opencv2/core.hpp>
#include <vector>

#include "common/tracking_options.h"

namespace vc {

class CornerDetector {
 public:
  explicit CornerDetector(const TrackingOptions& options);

  // Runs FAST on gray (CV_8UC1), again with a third of the threshold when
  // the image gives fewer than twice max_features corners, and keeps the
  // strongest few corners per grid cell (enough to choose from, few enough
  // to describe quickly).
  // Afterwards corner_count() says how textured the image is, and each
  // corner's class_id is its index in corners().
  void DetectCorners(const cv::Mat& gray);

  int corner_count() const { return static_cast<int>(corners_.size()); }
  const std::vector<cv::KeyPoint>& corners() const { return corners_; }

  // Appends to out at most budget corners from cells holding none of
  // occupied: per empty cell the strongest corner that accept(keypoint)
  // takes, the strongest cells first. Returns the number appended.
  template <typename Accept>
  int SelectInEmptyCells(const std::vector<cv::Point2f>& occupied, int budget,
                         Accept&& accept, std::vector<cv::KeyPoint>* out);

 private:
  static bool Stronger(const cv::KeyPoint& a, const cv::KeyPoint& b) {
    if (a.response != b.response) return a.response > b.response;
    if (a.pt.y != b.pt.y) return a.pt.y < b.pt.y;
    return a.pt.x < b.pt.x;
  }
  int CellOf(float x, float y) const;
  void MarkOccupiedCells(const std::vector<cv::Point2f>& occupied);

  int grid_columns_;
  int grid_rows_;
  int corner_threshold_;
  // Fewer corners than this at corner_threshold_ retries with a lower one.
  int target_corners_;
  cv::Size image_size_;
  // Reused from keyframe to keyframe.
  std::vector<cv::KeyPoint> corners_;
  std::vector<uint8_t> cell_taken_;
  std::vector<int> order_;
};

template <typename Accept>
int CornerDetector::SelectInEmptyCells(const std::vector<cv::Point2f>& occupied,
                                       int budget, Accept&& accept,
                                       std::vector<cv::KeyPoint>* out) {
  if (budget <= 0 || corners_.empty()) return 0;
  MarkOccupiedCells(occupied);
  // Strongest first; ties broken by position so the order never depends on
  // the sort's implementation.
  order_.resize(corners_.size());
  for (size_t i = 0; i < order_.size(); ++i) order_[i] = static_cast<int>(i);
  std::sort(order_.begin(), order_.end(), [this](int a, int b) {
    return Stronger(corners_[a], corners_[b]);
  });
  int added = 0;
  for (int index : order_) {
    if (added == budget) break;
    const cv::KeyPoint& corner = corners_[index];
    const int cell = CellOf(corner.pt.x, corner.pt.y);
    if (cell_taken_[cell] || !accept(corner)) continue;
    cell_taken_[cell] = 1;
    out->push_back(corner);
    ++added;
  }
  return added;
}

}  // namespace vc
