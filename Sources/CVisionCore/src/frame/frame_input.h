// One frame as the core keeps it after validation: cv::Mat headers over the
// caller's pixels (valid during the call only) plus what the core copied.
#pragma once

#include <opencv2/core.hpp>
#include <vector>

#include "common/camera_intrinsics_check.h"
#include "vision_core/vision_core.h"

namespace vc {

struct FrameInput {
  int64_t timestamp_ns = 0;
  vc_camera_intrinsics_t intrinsics{};
  vc_pixel_format_t color_format = VC_PIXEL_FORMAT_GRAY8;
  cv::Mat color;  // borrowed
  cv::Mat depth;  // borrowed; empty when the frame has none
  float depth_units_per_metre = 0;
  std::vector<vc_imu_sample_t> imu_samples;  // copied
};

// A depth view's format (DEPTH_U16 or DEPTH_F32), pixels and, for DEPTH_U16,
// units per metre; returns a header over the caller's pixels. Throws
// StatusError naming the problem.
cv::Mat WrapDepthView(const vc_depth_view_t& depth);

// Checks everything about input before any library call sees it: intrinsics
// finite and positive and matching the colour size, colour format, depth
// format and size, IMU samples finite and in time order, at most
// max_imu_samples of them, and a timestamp after previous_timestamp_ns (pass
// INT64_MIN for the first frame). Throws StatusError naming the problem.
FrameInput ValidateFrameInput(const vc_frame_input_t& input,
                              int64_t previous_timestamp_ns,
                              int max_imu_samples);

}  // namespace vc
