// Whole-image measurements taken once per frame: brightness, sharpness, colour
// balance and depth coverage. Tracking quality reasons (too dark, blur) and the
// light estimate are derived from them.
#pragma once

#include <opencv2/core.hpp>

namespace vc {

struct ImageStatistics {
  // Mean Rec. 601 luma of the encoded values, 0..1.
  double mean_luma = 0;
  // Variance of the 4-neighbour Laplacian of the grey image, (grey levels)^2.
  double laplacian_variance = 0;
  // Mean linear-light (sRGB-decoded) red, green and blue, 0..1; equal to each
  // other for grey images.
  cv::Vec3d mean_linear_rgb = {0, 0, 0};
};

// gray: CV_8UC1. color: CV_8UC3 in the channel order given by color_is_bgr, or
// the same Mat as gray for grey input. step: read every step-th pixel in x and
// y (the Laplacian still uses its immediate neighbours).
ImageStatistics MeasureImage(const cv::Mat& gray, const cv::Mat& color,
                             bool color_is_bgr, int step);

// Fraction of depth pixels holding a measurement (non-zero for CV_16UC1,
// finite and positive for CV_32FC1), reading every step-th pixel.
double ValidDepthFraction(const cv::Mat& depth, int step);

}  // namespace vc
