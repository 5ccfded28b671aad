#include "frame/frame_input.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "common/image_limits.h"
#include "common/number_text.h"
#include "common/status_error.h"
#include "frame/image_view.h"

namespace vc {
namespace {

void CheckImu(const vc_imu_sample_t* samples, int32_t count, int max_count,
              int64_t frame_timestamp_ns) {
  Require(count >= 0,
          "imu_sample_count must be >= 0, got " + std::to_string(count));
  Require(count <= max_count, std::to_string(count) +
                                  " IMU samples with one frame exceed the " +
                                  "limit of " + std::to_string(max_count));
  Require(
      count == 0 || samples != nullptr,
      "imu_samples is NULL but imu_sample_count is " + std::to_string(count));
  for (int32_t i = 0; i < count; ++i) {
    const vc_imu_sample_t& s = samples[i];
    bool finite = true;
    for (int axis = 0; axis < 3; ++axis) {
      finite = finite && std::isfinite(s.acceleration[axis]) &&
               std::isfinite(s.rotation_rate[axis]);
    }
    Require(finite,
            "IMU sample " + std::to_string(i) + " contains NaN or infinity");
    Require(i == 0 || s.timestamp_ns >= samples[i - 1].timestamp_ns,
            "IMU sample " + std::to_string(i) + " at " +
                std::to_string(s.timestamp_ns) +
                " ns is earlier than the sample before it",
            VC_STATUS_TIMESTAMP_ORDER);
    Require(s.timestamp_ns <= frame_timestamp_ns,
            "IMU sample " + std::to_string(i) + " at " +
                std::to_string(s.timestamp_ns) +
                " ns is later than its frame at " +
                std::to_string(frame_timestamp_ns) + " ns",
            VC_STATUS_TIMESTAMP_ORDER);
  }
}

}  // namespace

cv::Mat WrapDepthView(const vc_depth_view_t& depth) {
  Require(depth.image.format == VC_PIXEL_FORMAT_DEPTH_U16 ||
              depth.image.format == VC_PIXEL_FORMAT_DEPTH_F32,
          std::string("depth image must be DEPTH_U16 or DEPTH_F32, got ") +
              PixelFormatName(depth.image.format),
          VC_STATUS_INVALID_IMAGE);
  cv::Mat wrapped = WrapImageView(depth.image, "depth");
  if (depth.image.format == VC_PIXEL_FORMAT_DEPTH_U16) {
    Require(std::isfinite(depth.units_per_metre) && depth.units_per_metre > 0,
            "depth units_per_metre must be finite and > 0, got " +
                std::to_string(depth.units_per_metre));
  }
  return wrapped;
}

FrameInput ValidateFrameInput(const vc_frame_input_t& input,
                              int64_t previous_timestamp_ns,
                              int max_imu_samples) {
  Require(input.timestamp_ns > previous_timestamp_ns,
          "frame timestamp " + std::to_string(input.timestamp_ns) +
              " ns is not after the previous frame's " +
              std::to_string(previous_timestamp_ns) + " ns",
          VC_STATUS_TIMESTAMP_ORDER);
  CheckCameraIntrinsics(input.intrinsics);

  FrameInput frame;
  frame.timestamp_ns = input.timestamp_ns;
  frame.intrinsics = input.intrinsics;
  frame.color_format = input.color.format;
  Require(input.color.format == VC_PIXEL_FORMAT_RGB8 ||
              input.color.format == VC_PIXEL_FORMAT_BGR8 ||
              input.color.format == VC_PIXEL_FORMAT_GRAY8,
          std::string("color image must be RGB8, BGR8 or GRAY8, got ") +
              PixelFormatName(input.color.format),
          VC_STATUS_INVALID_IMAGE);
  frame.color = WrapImageView(input.color, "color");
  Require(frame.color.cols == input.intrinsics.width &&
              frame.color.rows == input.intrinsics.height,
          "color image is " + std::to_string(frame.color.cols) + "x" +
              std::to_string(frame.color.rows) + " but the camera is " +
              std::to_string(input.intrinsics.width) + "x" +
              std::to_string(input.intrinsics.height),
          VC_STATUS_INVALID_IMAGE);

  if (input.depth != nullptr) {
    const vc_depth_view_t& depth = *input.depth;
    frame.depth = WrapDepthView(depth);
    Require(frame.depth.size() == frame.color.size(),
            "depth image is " + std::to_string(frame.depth.cols) + "x" +
                std::to_string(frame.depth.rows) + " but the color image is " +
                std::to_string(frame.color.cols) + "x" +
                std::to_string(frame.color.rows) +
                ": depth must be registered to color",
            VC_STATUS_INVALID_IMAGE);
    frame.depth_units_per_metre = depth.units_per_metre;
  }

  CheckImu(input.imu_samples, input.imu_sample_count, max_imu_samples,
           input.timestamp_ns);
  frame.imu_samples.assign(input.imu_samples,
                           input.imu_samples + input.imu_sample_count);
  return frame;
}

}  // namespace vc
