// NumPy arrays and Python numbers as the core's frame input: colour and depth
// wrapped without copying where they already are what the core reads
// (C-contiguous uint8, uint16 or float32), converted once otherwise, and
// refused with a TypeError or ValueError naming the argument, its dtype and
// its shape.
#pragma once

#include <nanobind/nanobind.h>
#include <nanobind/ndarray.h>

#include <optional>
#include <string>
#include <vector>

#include "vision_core/vision_core.h"

namespace arscene_python {

using AnyArray = nanobind::ndarray<nanobind::ro, nanobind::device::cpu>;

// An image view and whatever keeps its pixels alive (the caller's array, or
// the one converted copy).
struct ImageInput {
  nanobind::object owner;
  vc_image_view_t view{};
};

struct DepthInput {
  nanobind::object owner;
  vc_depth_view_t view{};
};

// color: H x W x 3 uint8 in color_format ("rgb" or "bgr"), or H x W uint8 grey.
ImageInput ColorInput(nanobind::handle color, const std::string& color_format,
                      const char* name = "color");

// depth: H x W uint16 in units of 1/depth_scale metres, or float32 metres
// (float64 is converted once), of the colour image's size.
DepthInput DepthInputOf(nanobind::handle depth, double depth_scale,
                        const vc_image_view_t& color);

// A 3x3 camera matrix or (fx, fy, cx, cy), for an image of width x height,
// checked as every frame's intrinsics are.
vc_camera_intrinsics_t IntrinsicsOf(nanobind::handle intrinsics, int32_t width,
                                    int32_t height);

// Seconds as the core's nanoseconds, rounded as the Swift binding rounds
// them (half away from zero), so that both give the core the same frames.
int64_t Nanoseconds(double seconds, const std::string& what);

// imu: N x 7 (time s, gyroscope x y z rad/s, accelerometer x y z m/s^2, in
// the camera's ARKit axes), or None.
std::vector<vc_imu_sample_t> ImuSamplesOf(nanobind::handle imu);

// A whole frame's input as the core reads it (view) and what keeps its
// arrays alive. Not copyable: the view points into the members.
struct FrameInput {
  FrameInput() = default;
  FrameInput(const FrameInput&) = delete;
  FrameInput& operator=(const FrameInput&) = delete;

  ImageInput color;
  DepthInput depth;
  std::vector<vc_imu_sample_t> imu;
  vc_frame_input_t view{};
};

// Fills *input from Session.process's arguments (depth and imu may be None).
void MakeFrameInput(nanobind::handle color, nanobind::handle depth,
                    nanobind::handle intrinsics, double timestamp,
                    nanobind::handle imu, double depth_scale,
                    const std::string& color_format, FrameInput* input);

// The shape and dtype of an array as a message shows them: "(480, 640, 4)
// uint8".
std::string DescribeArray(const AnyArray& array);

}  // namespace arscene_python
