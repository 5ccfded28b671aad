#include "tracking/feature_tracker.h"

#include <opencv2/video/tracking.hpp>

namespace vc {

FeatureTracker::FeatureTracker(const TrackingOptions& options)
    : window_(options.optical_flow_window_size,
              options.optical_flow_window_size),
      levels_(options.optical_flow_pyramid_levels),
      criteria_(cv::TermCriteria::COUNT | cv::TermCriteria::EPS,
                options.optical_flow_max_iterations, 0.01),
      max_error_(options.optical_flow_max_error) {}

void FeatureTracker::BuildPyramid(const cv::Mat& gray) {
  // tryReuseInputImage=false: the grey image may be the caller's borrowed
  // pixels, and the pyramid outlives the call.
  cv::buildOpticalFlowPyramid(gray, current_, window_, levels_,
                              /*withDerivatives=*/true, cv::BORDER_REFLECT_101,
                              cv::BORDER_CONSTANT,
                              /*tryReuseInputImage=*/false);
}

void FeatureTracker::Track(const std::vector<cv::Point2f>& previous,
                           std::vector<cv::Point2f>* positions,
                           std::vector<uint8_t>* ok) {
  ok->assign(previous.size(), 0);
  if (previous.empty() || previous_.empty()) return;
  cv::calcOpticalFlowPyrLK(previous_, current_, previous, *positions, *ok,
                           errors_, window_, levels_, criteria_,
                           cv::OPTFLOW_USE_INITIAL_FLOW);
  // Level 0 of a pyramid built with a border is a view into the bordered
  // buffer, so its size is the image size.
  const float width = static_cast<float>(current_[0].cols);
  const float height = static_cast<float>(current_[0].rows);
  for (size_t i = 0; i < previous.size(); ++i) {
    const cv::Point2f& p = (*positions)[i];
    const bool inside =
        p.x >= 0 && p.y >= 0 && p.x <= width - 1 && p.y <= height - 1;
    (*ok)[i] = (*ok)[i] && inside && errors_[i] <= max_error_;
  }
}

}  // namespace vc
