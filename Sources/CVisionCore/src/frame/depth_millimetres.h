// Depth as 16-bit integers, the form relocalization's describers read: what
// the frame has when it already is, float metres as millimetres otherwise.
#pragma once

#include <opencv2/core.hpp>

namespace vc {

// depth: CV_16UC1 (returned as is, *out_units_per_metre = units_per_metre)
// or CV_32FC1 metres (written into *scratch as millimetres; non-finite,
// non-positive and beyond-65 m readings become 0, "no reading").
const cv::Mat& DepthAsUnsigned16(const cv::Mat& depth, double units_per_metre,
                                 cv::Mat* scratch, double* out_units_per_metre);

}  // namespace vc
