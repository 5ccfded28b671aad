#include "common/depth_sampler.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace vc {

DepthSampler::DepthSampler(const cv::Mat& depth, float units_per_metre,
                           const TrackingOptions& options)
    : depth_(depth),
      metres_per_unit_(units_per_metre > 0 ? 1.0 / units_per_metre : 0),
      min_depth_(options.min_depth),
      max_depth_(options.max_depth),
      max_step_(options.max_depth_step) {}

double DepthSampler::Read(int x, int y) const {
  if (depth_.type() == CV_16UC1) {
    const uint16_t raw = depth_.ptr<uint16_t>(y)[x];
    // 65535 is how Kinect v1 datasets mark a missing reading.
    if (raw == 0 || raw == 65535) return 0;
    return raw * metres_per_unit_;
  }
  const float metres = depth_.ptr<float>(y)[x];
  return std::isfinite(metres) && metres > 0 ? metres : 0;
}

double DepthSampler::DepthAt(float u, float v) const {
  if (depth_.empty() || !std::isfinite(u) || !std::isfinite(v)) return 0;
  const int x = static_cast<int>(std::lround(u));
  const int y = static_cast<int>(std::lround(v));
  if (x < 1 || y < 1 || x > depth_.cols - 2 || y > depth_.rows - 2) return 0;
  const double centre = Read(x, y);
  if (centre < min_depth_ || centre > max_depth_) return 0;
  double low = centre;
  double high = centre;
  double sum = 0;
  for (int dy = -1; dy <= 1; ++dy) {
    for (int dx = -1; dx <= 1; ++dx) {
      const double z = Read(x + dx, y + dy);
      if (z == 0) return 0;
      low = std::min(low, z);
      high = std::max(high, z);
      sum += z;
    }
  }
  if (high - low > max_step_ * centre) return 0;
  // Away from depth edges the surface is smooth over 3x3 pixels, so the mean
  // keeps the depth and divides independent sensor noise by up to 3.
  return sum / 9.0;
}

}  // namespace vc
