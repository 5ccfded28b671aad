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

// OpenCV's defaults for the rest.
cv::Ptr<cv::ORB> MakeOrb(int features, int levels, int fast_threshold) {
  return cv::ORB::create(features, kOrbScaleFactor, levels,
                         /*edgeThreshold=*/31, /*firstLevel=*/0, /*WTA_K=*/2,
                         cv::ORB::HARRIS_SCORE, /*patchSize=*/31,
                         fast_threshold);
}

}  // namespace

ViewDescriber::ViewDescriber(int features, int levels, int fast_threshold,
                             int low_fast_threshold)
    : features_(features), orb_(MakeOrb(features, levels, fast_threshold)) {
  if (low_fast_threshold < fast_threshold) {
    low_orb_ = MakeOrb(features, levels, low_fast_threshold);
  }
}

void ViewDescriber::Describe(const cv::Mat& gray, ViewFeatures* view) {
  view->gray = gray;
  orb_->detectAndCompute(gray, cv::noArray(), view->keypoints,
                         view->descriptors);
  if (low_orb_ && int(view->keypoints.size()) < features_) {
    low_orb_->detectAndCompute(gray, cv::noArray(), view->keypoints,
                               view->descriptors);
  }
  view->BuildGrid();
}

}  // namespace vc
