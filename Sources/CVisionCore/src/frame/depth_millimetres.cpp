#include "frame/depth_millimetres.h"

#include <cmath>
#include <cstdint>

namespace vc {

const cv::Mat& DepthAsUnsigned16(const cv::Mat& depth, double units_per_metre,
                                 cv::Mat* scratch,
                                 double* out_units_per_metre) {
  if (depth.empty() || depth.type() == CV_16UC1) {
    *out_units_per_metre = units_per_metre;
    return depth;
  }
  constexpr double kMillimetresPerMetre = 1000.0;
  scratch->create(depth.size(), CV_16UC1);
  for (int row = 0; row < depth.rows; ++row) {
    const float* in = depth.ptr<float>(row);
    uint16_t* out = scratch->ptr<uint16_t>(row);
    for (int col = 0; col < depth.cols; ++col) {
      const double mm = in[col] * kMillimetresPerMetre;
      out[col] = std::isfinite(mm) && mm > 0 && mm < 65535
                     ? static_cast<uint16_t>(mm + 0.5)
                     : 0;
    }
  }
  *out_units_per_metre = kMillimetresPerMetre;
  return *scratch;
}

}  // namespace vc
