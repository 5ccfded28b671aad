// extern "C" entry point for depth registration (vc_depth_register). It has
// no session, so failures go to the calling thread's slot.
#include <cmath>
#include <cstdint>
#include <string>

#include "api/guard.h"
#include "common/camera_intrinsics_check.h"
#include "common/conventions.h"
#include "common/image_limits.h"
#include "common/number_text.h"
#include "common/status_error.h"
#include "common/transform_checks.h"
#include "frame/depth_registration.h"
#include "frame/image_view.h"
#include "vision_core/vision_core.h"

namespace {

// `camera` is "depth" or "color": the parameter is <camera>_intrinsics.
void RequireIntrinsics(const vc_camera_intrinsics_t* k,
                       const std::string& camera) {
  vc::Require(k != nullptr,
              "vc_depth_register: " + camera + "_intrinsics is NULL");
  vc::CheckCameraIntrinsics(*k, "vc_depth_register: " + camera + " camera");
}

}  // namespace

extern "C" {

vc_status_t vc_depth_register(const vc_depth_view_t* depth,
                              const vc_camera_intrinsics_t* depth_intrinsics,
                              const float color_from_depth[16],
                              const vc_camera_intrinsics_t* color_intrinsics,
                              uint16_t* out_depth, int32_t out_stride_bytes,
                              float out_units_per_metre) {
  return vc::Guarded(vc::ThreadErrorSlot(), [&] {
    vc::Require(depth != nullptr, "vc_depth_register: depth is NULL");
    RequireIntrinsics(depth_intrinsics, "depth");
    RequireIntrinsics(color_intrinsics, "color");
    const Eigen::Isometry3d arkit_color_from_depth = vc::RequireRigidTransform(
        color_from_depth, "vc_depth_register: color_from_depth");
    vc::Require(out_depth != nullptr, "vc_depth_register: out_depth is NULL");
    const int64_t row_bytes = int64_t{color_intrinsics->width} * 2;
    vc::Require(out_stride_bytes >= row_bytes && out_stride_bytes % 2 == 0,
                "vc_depth_register: out_stride_bytes must be even and >= " +
                    std::to_string(row_bytes) + ", got " +
                    std::to_string(out_stride_bytes));
    vc::Require(std::isfinite(out_units_per_metre) && out_units_per_metre > 0,
                "vc_depth_register: out_units_per_metre must be finite and "
                "> 0, got " +
                    vc::NumberText(out_units_per_metre));

    const vc_pixel_format_t format = depth->image.format;
    vc::Require(format == VC_PIXEL_FORMAT_DEPTH_U16 ||
                    format == VC_PIXEL_FORMAT_DEPTH_F32,
                std::string("vc_depth_register: depth must be DEPTH_U16 or "
                            "DEPTH_F32, got ") +
                    vc::PixelFormatName(format),
                VC_STATUS_INVALID_IMAGE);
    vc::DepthRegistrationInput input;
    input.depth = vc::WrapImageView(depth->image, "depth");
    vc::Require(input.depth.cols == depth_intrinsics->width &&
                    input.depth.rows == depth_intrinsics->height,
                "vc_depth_register: depth image is " +
                    std::to_string(input.depth.cols) + "x" +
                    std::to_string(input.depth.rows) +
                    " but depth_intrinsics are for " +
                    std::to_string(depth_intrinsics->width) + "x" +
                    std::to_string(depth_intrinsics->height),
                VC_STATUS_INVALID_IMAGE);
    if (format == VC_PIXEL_FORMAT_DEPTH_U16) {
      vc::Require(
          std::isfinite(depth->units_per_metre) && depth->units_per_metre > 0,
          "vc_depth_register: depth units_per_metre must be finite and > 0, "
          "got " +
              vc::NumberText(depth->units_per_metre));
      input.units_per_metre = depth->units_per_metre;
    }
    input.depth_intrinsics = *depth_intrinsics;
    input.color_intrinsics = *color_intrinsics;
    input.color_from_depth =
        vc::OpenCvCameraFromOpenCvCamera(arkit_color_from_depth);

    cv::Mat out(color_intrinsics->height, color_intrinsics->width, CV_16UC1,
                out_depth, static_cast<size_t>(out_stride_bytes));
    vc::RegisterDepth(input, out_units_per_metre, out);
  });
}

}  // extern "C"
