// Resampling an image by a per-pixel map: the pixel (u, v) of the result
// takes the source at (map_x(v, u), map_y(v, u)). Lens undistortion in the
// engine and the synthetic lens beside it differ only in how their maps are
// made. Header-only so that the synthetic library can use it.
#pragma once

#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>
#include <utility>

namespace vc {

class PixelRemap {
 public:
  // CV_32FC1 maps of the result's size.
  PixelRemap(cv::Mat map_x, cv::Mat map_y)
      : map_x_(std::move(map_x)), map_y_(std::move(map_y)) {}

  // in and out are the maps' size and of one type, and do not overlap.
  // Colour and grey: bilinear, the border repeated beyond the source; depth
  // (16-bit or float): the nearest pixel, so no depth is blended across an
  // edge, and 0 (no depth) beyond the source.
  void Apply(const cv::Mat& in, bool depth, cv::Mat& out) const {
    if (depth) {
      cv::remap(in, out, map_x_, map_y_, cv::INTER_NEAREST, cv::BORDER_CONSTANT,
                cv::Scalar(0));
    } else {
      cv::remap(in, out, map_x_, map_y_, cv::INTER_LINEAR,
                cv::BORDER_REPLICATE);
    }
  }

  int width() const { return map_x_.cols; }
  int height() const { return map_x_.rows; }

 private:
  cv::Mat map_x_;
  cv::Mat map_y_;
};

}  // namespace vc
