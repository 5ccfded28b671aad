#include "frame/image_view.h"

#include <cstdint>

#include "common/image_limits.h"
#include "common/status_error.h"

namespace vc {
namespace {

int OpenCvType(vc_pixel_format_t format) {
  switch (format) {
    case VC_PIXEL_FORMAT_RGB8:
    case VC_PIXEL_FORMAT_BGR8:
      return CV_8UC3;
    case VC_PIXEL_FORMAT_GRAY8:
      return CV_8UC1;
    case VC_PIXEL_FORMAT_DEPTH_U16:
      return CV_16UC1;
    case VC_PIXEL_FORMAT_DEPTH_F32:
      return CV_32FC1;
  }
  return -1;
}

}  // namespace

int BytesPerPixel(vc_pixel_format_t format) {
  switch (format) {
    case VC_PIXEL_FORMAT_RGB8:
    case VC_PIXEL_FORMAT_BGR8:
      return 3;
    case VC_PIXEL_FORMAT_GRAY8:
      return 1;
    case VC_PIXEL_FORMAT_DEPTH_U16:
      return 2;
    case VC_PIXEL_FORMAT_DEPTH_F32:
      return 4;
  }
  return 0;
}

const char* PixelFormatName(vc_pixel_format_t format) {
  switch (format) {
    case VC_PIXEL_FORMAT_RGB8:
      return "RGB8";
    case VC_PIXEL_FORMAT_BGR8:
      return "BGR8";
    case VC_PIXEL_FORMAT_GRAY8:
      return "GRAY8";
    case VC_PIXEL_FORMAT_DEPTH_U16:
      return "DEPTH_U16";
    case VC_PIXEL_FORMAT_DEPTH_F32:
      return "DEPTH_F32";
  }
  return "unknown";
}

cv::Mat WrapImageView(const vc_image_view_t& view, const std::string& what) {
  const vc_status_t invalid = VC_STATUS_INVALID_IMAGE;
  const int bytes_per_pixel = BytesPerPixel(view.format);
  Require(bytes_per_pixel > 0,
          what + " image has unknown pixel format " +
              std::to_string(static_cast<int>(view.format)),
          invalid);
  Require(view.width > 0 && view.height > 0,
          what + " image is " + std::to_string(view.width) + "x" +
              std::to_string(view.height) + ": width and height must be > 0",
          invalid);
  Require(view.width <= kMaxImageSide && view.height <= kMaxImageSide,
          what + " image is " + std::to_string(view.width) + "x" +
              std::to_string(view.height) + ": larger than " +
              std::to_string(kMaxImageSide) + " on a side",
          invalid);
  const int64_t row_bytes = int64_t{view.width} * bytes_per_pixel;
  Require(view.stride_bytes >= row_bytes,
          what + " image stride " + std::to_string(view.stride_bytes) +
              " bytes is smaller than a row of " + std::to_string(row_bytes) +
              " bytes",
          invalid);
  Require(view.data != nullptr, what + " image has no pixel data (NULL)",
          invalid);
  // cv::Mat never writes through this header; the const_cast only satisfies
  // its constructor.
  return cv::Mat(view.height, view.width, OpenCvType(view.format),
                 const_cast<void*>(view.data),
                 static_cast<size_t>(view.stride_bytes));
}

}  // namespace vc
