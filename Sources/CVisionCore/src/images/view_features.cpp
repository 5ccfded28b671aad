#include "images/view_features.h"

#include <algorithm>

#include "images/reference_describer.h"

namespace vc {

void ViewFeatures::BuildGrid() {
  columns_ = std::max(1, (gray.cols + kCell - 1) / kCell);
  rows_ = std::max(1, (gray.rows + kCell - 1) / kCell);
  cells_.assign(size_t(columns_) * rows_, {});
  for (size_t k = 0; k < keypoints.size(); ++k) {
    const int column =
        std::clamp(int(keypoints[k].pt.x) / kCell, 0, columns_ - 1);
    const int row = std::clamp(int(keypoints[k].pt.y) / kCell, 0, rows_ - 1);
    cells_[size_t(row) * columns_ + column].push_back(int(k));
  }
}

void ViewFeatures::Near(const cv::Point2f& p, float radius,
                        std::vector<int>* out) const {
  out->clear();
  const int c0 = std::max(0, int((p.x - radius) / kCell));
  const int c1 = std::min(columns_ - 1, int((p.x + radius) / kCell));
  const int r0 = std::max(0, int((p.y - radius) / kCell));
  const int r1 = std::min(rows_ - 1, int((p.y + radius) / kCell));
  for (int r = r0; r <= r1; ++r) {
    for (int c = c0; c <= c1; ++c) {
      for (int k : cells_[size_t(r) * columns_ + c]) {
        const cv::Point2f gap = keypoints[k].pt - p;
        if (gap.dot(gap) <= radius * radius) out->push_back(k);
      }
    }
  }
}

namespace {

// Steps of the adapted threshold: up slowly, down quickly.
constexpr int kThresholdRise = 5;
constexpr int kThresholdFall = 10;

}  // namespace

ViewDescriber::ViewDescriber(int features, int levels,
                             const FastThresholds& thresholds)
    : features_(features),
      thresholds_(thresholds),
      threshold_(thresholds.start),
      orb_(cv::ORB::create(features, kOrbScaleFactor, levels,
                           /*edgeThreshold=*/31, /*firstLevel=*/0,
                           /*WTA_K=*/2, cv::ORB::HARRIS_SCORE,
                           /*patchSize=*/31, thresholds.start)) {}

void ViewDescriber::Describe(const cv::Mat& gray, ViewFeatures* view) {
  view->gray = gray;
  orb_->setFastThreshold(threshold_);
  orb_->detectAndCompute(gray, cv::noArray(), view->keypoints,
                         view->descriptors);
  const int found = static_cast<int>(view->keypoints.size());
  const int used = threshold_;
  if (found >= features_) {
    threshold_ = std::min(thresholds_.highest, used + kThresholdRise);
  } else if (2 * found >= features_) {
    threshold_ = std::max(thresholds_.lowest, used - kThresholdFall);
  } else {
    threshold_ = thresholds_.lowest;
    if (used > thresholds_.lowest) {
      orb_->setFastThreshold(threshold_);
      orb_->detectAndCompute(gray, cv::noArray(), view->keypoints,
                             view->descriptors);
    }
  }
  view->BuildGrid();
}

}  // namespace vc
