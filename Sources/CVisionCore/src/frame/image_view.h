// Checks borrowed image views from the C boundary and wraps them as cv::Mat
// headers without copying. Every check runs before any OpenCV call, so bad
// input yields a StatusError naming the problem instead of an OpenCV assertion.
#pragma once

#include <opencv2/core.hpp>
#include <string>

#include "vision_core/vision_core.h"

namespace vc {

// Bytes per pixel of a format, or 0 for an unknown format.
int BytesPerPixel(vc_pixel_format_t format);

// A short name for messages, e.g. "RGB8".
const char* PixelFormatName(vc_pixel_format_t format);

// Validates view (what names it in messages, e.g. "color") and returns a
// cv::Mat header over its pixels. Throws StatusError(VC_STATUS_INVALID_IMAGE).
cv::Mat WrapImageView(const vc_image_view_t& view, const std::string& what);

}  // namespace vc
