#include "raycast/depth_snapshot.h"

#include <cmath>

namespace vc {

double DepthSnapshot::MetresAt(int u, int v) const {
  if (u < 0 || v < 0 || u >= depth.cols || v >= depth.rows) return 0;
  double value = 0;
  if (depth.type() == CV_16UC1) {
    const uint16_t raw = depth.at<uint16_t>(v, u);
    // 65535 marks a missing Kinect v1 reading, as in vc_depth_register.
    if (raw == 65535) return 0;
    value = raw * metres_per_unit;
  } else {
    value = depth.at<float>(v, u);
  }
  return std::isfinite(value) && value > 0 ? value : 0;
}

}  // namespace vc
