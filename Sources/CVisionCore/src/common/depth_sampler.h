// Reads registered depth under a feature and decides whether it can be
// trusted for lifting the feature to 3D. A wrong depth is worse than none: it
// becomes a map point that pulls every later pose, so readings near a depth
// edge (where a corner often sits) or out of the sensor's range are refused.
#pragma once

#include <opencv2/core.hpp>

#include "common/tracking_options.h"

namespace vc {

class DepthSampler {
 public:
  // depth: CV_16UC1 (units_per_metre > 0; 0 and 65535 mean no reading) or
  // CV_32FC1 metres (0, negative and non-finite mean no reading), registered
  // to the image the features come from; may be empty.
  DepthSampler(const cv::Mat& depth, float units_per_metre,
               const TrackingOptions& options);

  bool empty() const { return depth_.empty(); }

  // Depth in metres at the pixel nearest (u, v), the mean of its 3x3
  // neighbourhood, or 0 when there is no trustworthy reading: missing, out
  // of range, at the image border, or on a depth edge within the 3x3
  // neighbourhood.
  double DepthAt(float u, float v) const;

 private:
  // Metres at (x, y), or 0 for no reading.
  double Read(int x, int y) const;

  cv::Mat depth_;
  double metres_per_unit_ = 0;
  double min_depth_ = 0;
  double max_depth_ = 0;
  double max_step_ = 0;
};

}  // namespace vc
