#include "frame/image_statistics.h"

#include <array>
#include <cmath>
#include <cstdint>

namespace vc {
namespace {

// sRGB transfer function, decoded once per 8-bit value.
const std::array<double, 256>& SrgbToLinearTable() {
  static const std::array<double, 256> table = [] {
    std::array<double, 256> values{};
    for (int i = 0; i < 256; ++i) {
      const double c = i / 255.0;
      values[i] = c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
    }
    return values;
  }();
  return table;
}

}  // namespace

ImageStatistics MeasureImage(const cv::Mat& gray, const cv::Mat& color,
                             bool color_is_bgr, int step) {
  const auto& to_linear = SrgbToLinearTable();
  const int rows = gray.rows;
  const int cols = gray.cols;
  const bool has_color = color.channels() == 3;
  const int red = color_is_bgr ? 2 : 0;
  const int blue = color_is_bgr ? 0 : 2;

  // Sums in 64-bit integers where possible so the result does not depend on
  // summation order.
  uint64_t luma_sum = 0;
  std::array<double, 3> linear_sum = {0, 0, 0};
  int64_t samples = 0;
  double laplacian_sum = 0;
  double laplacian_sq_sum = 0;
  int64_t laplacian_samples = 0;

  for (int y = 0; y < rows; y += step) {
    const uint8_t* g = gray.ptr<uint8_t>(y);
    const uint8_t* c = has_color ? color.ptr<uint8_t>(y) : nullptr;
    const bool interior_row = y > 0 && y < rows - 1;
    const uint8_t* above = interior_row ? gray.ptr<uint8_t>(y - 1) : nullptr;
    const uint8_t* below = interior_row ? gray.ptr<uint8_t>(y + 1) : nullptr;
    for (int x = 0; x < cols; x += step) {
      luma_sum += g[x];
      if (has_color) {
        const uint8_t* p = c + 3 * x;
        linear_sum[0] += to_linear[p[red]];
        linear_sum[1] += to_linear[p[1]];
        linear_sum[2] += to_linear[p[blue]];
      } else {
        const double v = to_linear[g[x]];
        linear_sum[0] += v;
        linear_sum[1] += v;
        linear_sum[2] += v;
      }
      ++samples;
      if (interior_row && x > 0 && x < cols - 1) {
        const double laplacian =
            4.0 * g[x] - g[x - 1] - g[x + 1] - above[x] - below[x];
        laplacian_sum += laplacian;
        laplacian_sq_sum += laplacian * laplacian;
        ++laplacian_samples;
      }
    }
  }

  ImageStatistics statistics;
  if (samples == 0) return statistics;
  statistics.mean_luma = static_cast<double>(luma_sum) / (255.0 * samples);
  statistics.mean_linear_rgb =
      cv::Vec3d(linear_sum[0], linear_sum[1], linear_sum[2]) /
      static_cast<double>(samples);
  if (laplacian_samples > 0) {
    const double mean = laplacian_sum / laplacian_samples;
    statistics.laplacian_variance =
        laplacian_sq_sum / laplacian_samples - mean * mean;
  }
  return statistics;
}

double ValidDepthFraction(const cv::Mat& depth, int step) {
  int64_t valid = 0;
  int64_t samples = 0;
  for (int y = 0; y < depth.rows; y += step) {
    if (depth.type() == CV_16UC1) {
      const uint16_t* row = depth.ptr<uint16_t>(y);
      for (int x = 0; x < depth.cols; x += step, ++samples) valid += row[x] > 0;
    } else {
      const float* row = depth.ptr<float>(y);
      for (int x = 0; x < depth.cols; x += step, ++samples) {
        valid += std::isfinite(row[x]) && row[x] > 0.0f;
      }
    }
  }
  return samples == 0 ? 0.0 : static_cast<double>(valid) / samples;
}

}  // namespace vc
