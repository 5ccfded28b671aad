// PNGs whose pixel rows are stored rather than deflated, written without
// libpng: every row with filter 0 (none), the rows in zlib's stored blocks.
// libpng, asked for no compression, still tries each of its five row
// filters on every row to pick one, which cost a quarter of rendering a
// synthetic sequence; a stored PNG is a copy with two checksums. Any PNG
// reader decodes it to the same pixels as a deflated one.
#pragma once

#include <cstdint>
#include <opencv2/core.hpp>
#include <vector>

namespace vc {

// The PNG file of `image`: 8-bit grey (CV_8UC1), 8-bit colour (CV_8UC3,
// whose channels are B, G, R when `bgr`, else R, G, B) or 16-bit grey
// (CV_16UC1, depth). Throws StatusError for another layout or a size a PNG
// cannot hold.
std::vector<uint8_t> EncodeStoredPng(const cv::Mat& image, bool bgr);

}  // namespace vc
