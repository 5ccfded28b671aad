#include "relocalization/frame_features.h"

#include <algorithm>

#include "common/depth_sampler.h"
#include "common/tracking_options.h"

namespace vc {
namespace {

TrackingOptions DetectionOptions(const RelocalizationOptions& options) {
  TrackingOptions tracking;
  // CornerDetector keeps up to four corners per cell and retries at a
  // lower threshold when it finds under 2 * max_features.
  tracking.max_features = options.max_features;
  tracking.grid_columns = options.grid_columns;
  tracking.grid_rows = options.grid_rows;
  tracking.corner_threshold = options.corner_threshold;
  tracking.min_depth = options.min_depth;
  tracking.max_depth = options.max_depth;
  tracking.max_depth_step = options.max_depth_step;
  return tracking;
}

}  // namespace

FeatureExtractor::FeatureExtractor(const RelocalizationOptions& options)
    : options_(options), detector_(DetectionOptions(options)) {
  if (options.pyramid_levels > 1) {
    orb_ = cv::ORB::create(options.max_features, 1.2f, options.pyramid_levels,
                           /*edgeThreshold=*/31, /*firstLevel=*/0,
                           /*WTA_K=*/2, cv::ORB::HARRIS_SCORE,
                           /*patchSize=*/31, options.corner_threshold);
  }
}

void FeatureExtractor::SelectSpread(const cv::Size& size,
                                    std::vector<cv::KeyPoint>* corners) const {
  const int n = static_cast<int>(corners->size());
  if (n <= options_.max_features) return;
  // Rank of each corner within its cell (the same cells CornerDetector
  // uses), strongest first; ties broken by position so that the order never
  // depends on the sort's implementation.
  std::vector<int> cell(n);
  for (int k = 0; k < n; ++k) {
    const cv::Point2f& p = (*corners)[k].pt;
    const int column = std::clamp(int(p.x * options_.grid_columns / size.width),
                                  0, options_.grid_columns - 1);
    const int row = std::clamp(int(p.y * options_.grid_rows / size.height), 0,
                               options_.grid_rows - 1);
    cell[k] = row * options_.grid_columns + column;
  }
  auto stronger = [&](int a, int b) {
    const cv::KeyPoint& ka = (*corners)[a];
    const cv::KeyPoint& kb = (*corners)[b];
    if (ka.response != kb.response) return ka.response > kb.response;
    if (ka.pt.y != kb.pt.y) return ka.pt.y < kb.pt.y;
    return ka.pt.x < kb.pt.x;
  };
  std::vector<int> order(n);
  for (int k = 0; k < n; ++k) order[k] = k;
  std::sort(order.begin(), order.end(), [&](int a, int b) {
    return cell[a] != cell[b] ? cell[a] < cell[b] : stronger(a, b);
  });
  std::vector<int> rank(n, 0);
  for (int k = 1; k < n; ++k) {
    if (cell[order[k]] == cell[order[k - 1]]) {
      rank[order[k]] = rank[order[k - 1]] + 1;
    }
  }
  std::sort(order.begin(), order.end(), [&](int a, int b) {
    return rank[a] != rank[b] ? rank[a] < rank[b] : stronger(a, b);
  });
  std::vector<cv::KeyPoint> kept;
  kept.reserve(options_.max_features);
  for (int k = 0; k < options_.max_features; ++k) {
    kept.push_back((*corners)[order[k]]);
  }
  corners->swap(kept);
}

void FeatureExtractor::Extract(const cv::Mat& grey, const cv::Mat& depth,
                               double units_per_metre,
                               const PinholeCamera& camera,
                               FrameFeatures* out) {
  out->keypoints.clear();
  out->camera_points.clear();
  if (orb_) {
    orb_->detectAndCompute(grey, cv::noArray(), out->keypoints,
                           out->descriptors);
  } else {
    detector_.DetectCorners(grey);
    out->keypoints = detector_.corners();
    SelectSpread(grey.size(), &out->keypoints);
    describer_.Describe(grey, &out->keypoints, &out->descriptors);
  }
  out->camera_points.assign(out->keypoints.size(), Eigen::Vector3f::Zero());
  if (depth.empty()) return;
  const DepthSampler sampler(depth, float(units_per_metre),
                             DetectionOptions(options_));
  for (size_t k = 0; k < out->keypoints.size(); ++k) {
    const cv::Point2f& p = out->keypoints[k].pt;
    const double z = sampler.DepthAt(p.x, p.y);
    if (z <= 0) continue;
    out->camera_points[k] = camera.Unproject(p.x, p.y, z).cast<float>();
  }
}

}  // namespace vc
